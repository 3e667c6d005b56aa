import { useEffect, useId, useState, type FormEvent } from 'react';
import { fetchAllStores, type Store } from '../../shared/api/stores';

/** The store an associate works at, remembered in this browser. */
export const STAFF_STORE_KEY = 'sf.staff.store';

export function readStaffStore(): number | null {
  try {
    const value = Number(localStorage.getItem(STAFF_STORE_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function writeStaffStore(storeNum: number | null): void {
  try {
    if (storeNum === null) localStorage.removeItem(STAFF_STORE_KEY);
    else localStorage.setItem(STAFF_STORE_KEY, String(storeNum));
  } catch {
    // Storage blocked: the choice lasts until the page changes.
  }
}

export type StoreList = Store[] | 'loading' | 'error';

/** Every store (the store finder's list), or 'error' when it cannot be had. */
export function useStoreList(): StoreList {
  const [stores, setStores] = useState<StoreList>('loading');
  useEffect(() => {
    const controller = new AbortController();
    fetchAllStores(controller.signal).then(
      (list) => setStores(list.length > 0 ? list : 'error'),
      () => {
        if (!controller.signal.aborted) setStores('error');
      },
    );
    return () => controller.abort();
  }, []);
  return stores;
}

/** 'Janesville, WI (store 12)', or 'Store 12' for a store not in the list. */
export function storeLabel(stores: StoreList, storeNum: number): string {
  const store = Array.isArray(stores) ? stores.find((s) => s.storeNum === storeNum) : undefined;
  return store ? `${store.title} (store ${storeNum})` : `Store ${storeNum}`;
}

/**
 * The store to work at: a select of every store, or, when the list cannot be had, a store
 * number typed in.
 */
export function StorePicker({
  stores,
  value,
  onChange,
}: {
  stores: StoreList;
  value: number | null;
  onChange: (storeNum: number | null) => void;
}) {
  const id = useId();
  if (stores === 'error') return <StoreNumberForm value={value} onChange={onChange} />;
  const listed = Array.isArray(stores) && value !== null && stores.some((s) => s.storeNum === value);
  return (
    <div className="staff-field">
      <label htmlFor={id} className="staff-field__label">
        Store
      </label>
      <select
        id={id}
        className="staff-select"
        value={value === null ? '' : String(value)}
        onChange={(e) => onChange(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
      >
        <option value="">{stores === 'loading' ? 'Loading stores…' : 'Choose a store'}</option>
        {value !== null && !listed && <option value={String(value)}>Store {value}</option>}
        {Array.isArray(stores) &&
          stores.map((store) => (
            <option key={store.storeNum} value={String(store.storeNum)}>
              {store.title} (store {store.storeNum})
            </option>
          ))}
      </select>
    </div>
  );
}

const STORE_NUMBER_MESSAGE = 'Please enter a store number.';

function StoreNumberForm({ value, onChange }: { value: number | null; onChange: (storeNum: number | null) => void }) {
  const id = useId();
  const [text, setText] = useState(value === null ? '' : String(value));
  const [error, setError] = useState<string | null>(null);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const storeNum = Number(text.trim());
    if (!/^\d+$/.test(text.trim()) || storeNum < 1) {
      setError(STORE_NUMBER_MESSAGE);
      return;
    }
    setError(null);
    onChange(storeNum);
  }
  return (
    <form className="staff-field staff-field--inline" onSubmit={onSubmit} aria-label="Store">
      <label htmlFor={id} className="staff-field__label">
        Store number
      </label>
      <input
        id={id}
        className="staff-input staff-input--short"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.currentTarget.value.replace(/\D/g, ''))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <button type="submit" className="button button--secondary">
        Show queue
      </button>
      {error && (
        <p id={`${id}-error`} className="staff-field__error">
          {error}
        </p>
      )}
    </form>
  );
}
