import { useId } from 'react';
import type { FulfillmentType } from '../../shared/api/checkout';
import { useSession } from '../../session';
import { fulfillmentText } from '../format';
import './lineProblem.css';

/** Where a line would go by a fulfilment: the store's number and name (null when none is known). */
export interface AlternativeStore {
  storeNum: number | null;
  name: string | null;
}

export const LINE_PROBLEM_FALLBACK = 'This item is not available the way you chose.';

/**
 * The store a pickup or same-day alternative goes by: the line's own store, else the visitor's.
 * `nameOf` names a store by number when the page knows it (the visitor's store is named from
 * the header data otherwise).
 */
export function useAlternativeStore(
  lineStoreNum: number | null,
  nameOf: (storeNum: number) => string | null,
): AlternativeStore {
  const localStore = useSession((s) => s.localStore);
  const localName = useSession((s) => s.localStoreName);
  const storeNum = lineStoreNum ?? localStore?.storeNum ?? null;
  if (storeNum === null) return { storeNum: null, name: null };
  const named = nameOf(storeNum);
  if (named) return { storeNum, name: named };
  if (localStore && storeNum === localStore.storeNum) {
    return { storeNum, name: localName ?? `${localStore.city}, ${localStore.state}` };
  }
  return { storeNum, name: null };
}

interface Props {
  lineName: string;
  /** The summary's sentence about the line. */
  problem: string | null;
  alternatives: FulfillmentType[];
  /** The store pickup and same-day delivery would go by. */
  store: AlternativeStore;
  busy: boolean;
  onSwitch: (fulfillment: FulfillmentType, storeNum: number | null, storeName: string | null) => void;
  onRemove: () => void;
}

/**
 * A line that can't be had as chosen: the problem in words and one button per fulfilment that
 * works now, and Remove. Each button names the line for screen readers.
 */
export function LineProblem({ lineName, problem, alternatives, store, busy, onSwitch, onRemove }: Props) {
  const textId = useId();
  return (
    <div className="line-problem" data-testid="line-problem">
      <p id={textId} className="line-problem__text">
        <span className="line-problem__icon" aria-hidden="true">
          !
        </span>
        <span className="visually-hidden">Unavailable:</span> {problem ?? LINE_PROBLEM_FALLBACK}
      </p>
      <div className="line-problem__actions">
        {alternatives.map((type) => {
          const storeName = type === 'ShipToHome' ? null : store.name;
          return (
            <button
              key={type}
              type="button"
              className="button button--secondary line-problem__button"
              aria-describedby={textId}
              aria-disabled={busy || undefined}
              data-fulfillment={type}
              onClick={() => !busy && onSwitch(type, type === 'ShipToHome' ? null : store.storeNum, storeName)}
            >
              Switch to {fulfillmentText(type, storeName)}{' '}
              <span className="visually-hidden">for {lineName}</span>
            </button>
          );
        })}
        <button
          type="button"
          className="button button--secondary line-problem__button"
          aria-describedby={textId}
          aria-disabled={busy || undefined}
          onClick={() => !busy && onRemove()}
        >
          Remove{' '}<span className="visually-hidden">{lineName} from your cart</span>
        </button>
      </div>
    </div>
  );
}
