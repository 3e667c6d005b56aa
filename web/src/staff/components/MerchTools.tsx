import { useId, useState, type FormEvent } from 'react';
import { NetworkError } from '../../shared/api/client';
import type { SearchItem } from '../../shared/api/search';
import { GENERIC_ERROR_MESSAGE } from '../../shared/ui/errors';
import { updatePins, type PinAction, type PinBoardRef } from '../api/merch';
import { STAFF_ROLE_MESSAGE, STAFF_SIGN_IN_MESSAGE } from '../api/staff';

/**
 * Merchandiser pin controls. In the staff console (/staff/merch/pins/) a merchandiser signed in
 * to their account pins with their session; on /staff.html a staff token is pasted instead, kept
 * for the browser tab only (sessionStorage).
 */
export const MERCH_TOKEN_KEY = 'sf.merch.token';

function readToken(): string {
  try {
    return sessionStorage.getItem(MERCH_TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}

function writeToken(token: string): void {
  try {
    if (token) sessionStorage.setItem(MERCH_TOKEN_KEY, token);
    else sessionStorage.removeItem(MERCH_TOKEN_KEY);
  } catch {
    // Storage blocked: the token lasts until the page changes.
  }
}

export function useMerchToken(): [string, (token: string) => void] {
  const [token, setToken] = useState(readToken);
  return [
    token,
    (next: string) => {
      writeToken(next.trim());
      setToken(next.trim());
    },
  ];
}

/**
 * The token form (or, with `session`, the signed-in merchandiser's note) and the outcome of the
 * last pin action.
 */
export function MerchPanel({
  token,
  onToken,
  message,
  session = false,
}: {
  token: string;
  onToken: (token: string) => void;
  message: string | null;
  /** Pins go with the signed-in session: no token to paste. */
  session?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onToken(text);
    setText('');
  }
  return (
    <section className="merch-panel" aria-label="Merchandising">
      <h2 className="merch-panel__title">Merchandising preview</h2>
      {session ? (
        <p>You are signed in as a merchandiser: pin controls are on.</p>
      ) : token ? (
        <p>
          Pin controls are on.{' '}
          <button type="button" className="link-button" onClick={() => onToken('')}>
            Forget the token
          </button>
        </p>
      ) : (
        <form onSubmit={onSubmit} className="merch-panel__form">
          <label htmlFor={id}>Merchandiser token</label>
          <input id={id} type="password" value={text} onChange={(e) => setText(e.currentTarget.value)} autoComplete="off" />
          <button type="submit" className="button button--secondary">
            Use token
          </button>
        </form>
      )}
      <p className="merch-panel__message" role="status">
        {message}
      </p>
    </section>
  );
}

/** Pin / unpin / move a result (its card's merchandiser controls). */
export function PinControls({
  item,
  pinnedOrder,
  onAction,
  busy,
}: {
  item: SearchItem;
  /** The pinned items shown, in order. */
  pinnedOrder: readonly string[];
  onAction: (action: PinAction, change: { itemId?: string; itemList?: string[] }) => void;
  busy: boolean;
}) {
  const at = pinnedOrder.indexOf(item.blainNumber);
  const move = (delta: number) => {
    const next = [...pinnedOrder];
    const to = at + delta;
    [next[at], next[to]] = [next[to]!, next[at]!];
    onAction('UpdateItemPinOrder', { itemList: next });
  };
  const name = <span className="visually-hidden">{item.name}</span>;
  return (
    <div className="pin-controls" role="group" aria-label={`Pins: ${item.name}`}>
      {item.pinned ? (
        <>
          <button type="button" disabled={busy} onClick={() => onAction('UnpinItem', { itemId: item.blainNumber })}>
            Unpin {name}
          </button>
          {at > 0 && (
            <button type="button" disabled={busy} onClick={() => move(-1)}>
              Move up {name}
            </button>
          )}
          {at >= 0 && at < pinnedOrder.length - 1 && (
            <button type="button" disabled={busy} onClick={() => move(1)}>
              Move down {name}
            </button>
          )}
        </>
      ) : (
        <button type="button" disabled={busy} onClick={() => onAction('AddItemToTop', { itemId: item.blainNumber })}>
          Pin to top {name}
        </button>
      )}
    </div>
  );
}

/** Runs a pin action with a staff token (null: the signed-in session); resolves to the message to show. */
export async function runPinAction(
  action: PinAction,
  board: PinBoardRef,
  token: string | null,
  change: { itemId?: string; itemList?: string[] },
): Promise<string> {
  try {
    const pins = await updatePins(action, board, token, change);
    return `Saved. ${pins.length} ${pins.length === 1 ? 'item is' : 'items are'} pinned.`;
  } catch (error) {
    if (error instanceof NetworkError && error.status === 401) {
      return token === null ? STAFF_SIGN_IN_MESSAGE : 'This merchandiser token is not valid.';
    }
    if (error instanceof NetworkError && error.status === 403) return error.serverMessage ?? STAFF_ROLE_MESSAGE;
    return GENERIC_ERROR_MESSAGE;
  }
}
