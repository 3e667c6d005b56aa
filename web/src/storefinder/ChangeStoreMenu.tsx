import { useEffect, useId, useState } from 'react';
import { loadHeaderData, useCurrentStoreNum, useHeaderDataStatus } from '../session/headerData';
import type { StoreMenuProduct } from './storeMenuStore';
import { StoreResults } from './components/StoreResults';
import { StoreSearchForm } from './components/StoreSearchForm';
import { loadSavedLocation } from './savedLocation';
import { useStoreSearch } from './useStoreSearch';
import './storefinder.css';

export interface ChangeStoreMenuProps {
  product?: StoreMenuProduct | null;
}

/**
 * The change-store side menu's content (spec §2, §4, §8): the visitor's
 * store first, then nearby stores; ZIP and location search; with a product,
 * stock per store and an in-stock-only switch.
 */
export default function ChangeStoreMenu({ product = null }: ChangeStoreMenuProps) {
  const switchId = useId();
  const headerStatus = useHeaderDataStatus();
  const currentStoreNum = useCurrentStoreNum();
  const [inStockOnly, setInStockOnly] = useState(false);
  const search = useStoreSearch({ currentStoreNum, product, inStockOnly });
  const { searchSaved } = search;
  const headerReady = headerStatus === 'success' || headerStatus === 'error';

  useEffect(() => {
    void loadHeaderData();
  }, []);

  // First search once the visitor's store is known: near the saved location or the store.
  useEffect(() => {
    if (!headerReady) return;
    void searchSaved(loadSavedLocation());
  }, [headerReady, searchSaved]);

  const busy = search.state.status === 'loading' || search.state.status === 'locating';
  const saved = loadSavedLocation();

  return (
    <div className="change-store">
      {product && (
        <p className="change-store__product">
          Checking stock{product.name ? ` for ${product.name}` : ''} at stores near you.
        </p>
      )}
      <StoreSearchForm
        onZip={(zip) => void search.searchZip(zip)}
        onMyLocation={() => void search.searchMyLocation()}
        serverZipError={search.state.zipError}
        initialZip={saved && 'zip' in saved ? saved.zip : ''}
      />
      {product && (
        <div className="change-store__switch">
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            className="switch"
            checked={inStockOnly}
            aria-checked={inStockOnly}
            onChange={(e) => {
              const next = e.target.checked;
              setInStockOnly(next);
              void search.repeat({ inStockOnly: next });
            }}
          />
          <label htmlFor={switchId}>In stock only</label>
        </div>
      )}
      {!headerReady && !busy ? (
        <div role="status" className="store-results__status">
          <p className="store-results__loading">
            <span className="store-results__spinner" aria-hidden="true" />
            Finding stores…
          </p>
        </div>
      ) : (
        <StoreResults
          state={search.state}
          currentStoreNum={currentStoreNum}
          showStock={Boolean(product)}
          label="Stores"
        />
      )}
    </div>
  );
}
