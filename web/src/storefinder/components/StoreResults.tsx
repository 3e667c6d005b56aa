import { useState } from 'react';
import type { StoreSearchState } from '../useStoreSearch';
import { makeMyStore } from '../makeMyStore';
import { StoreCard } from './StoreCard';

export interface StoreResultsProps {
  state: StoreSearchState;
  currentStoreNum: number | null;
  showStock?: boolean;
  label: string;
  headingLevel?: 2 | 3;
}

/** Loading, messages and the list of stores, current store first. */
export function StoreResults({ state, currentStoreNum, showStock = false, label, headingLevel = 3 }: StoreResultsProps) {
  const [saving, setSaving] = useState<number | null>(null);

  const onMakeMyStore = async (storeNum: number) => {
    setSaving(storeNum);
    const ok = await makeMyStore(storeNum);
    // On success the page reloads (or a handler took over); keep 'Saving…' unless it failed.
    if (!ok) setSaving(null);
  };

  const loading = state.status === 'loading' || state.status === 'locating';
  const stores = [...state.stores].sort((a, b) => {
    if (a.store.storeNum === currentStoreNum) return -1;
    if (b.store.storeNum === currentStoreNum) return 1;
    return 0;
  });

  return (
    <div className="store-results" aria-busy={loading || undefined}>
      <div role="status" className="store-results__status">
        {loading && (
          <p className="store-results__loading">
            <span className="store-results__spinner" aria-hidden="true" />
            {state.status === 'locating' ? 'Finding your location…' : 'Finding stores…'}
          </p>
        )}
        {!loading && state.message && (
          <p className={`store-results__message store-results__message--${state.status}`}>{state.message}</p>
        )}
      </div>
      {!loading && stores.length > 0 && (
        <ul className="store-results__list" aria-label={label}>
          {stores.map((status) => (
            <li key={status.store.storeNum}>
              <StoreCard
                status={status}
                isCurrent={status.store.storeNum === currentStoreNum}
                saving={saving === status.store.storeNum}
                busy={saving !== null}
                showStock={showStock}
                onMakeMyStore={(n) => void onMakeMyStore(n)}
                headingLevel={headingLevel}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
