import { useEffect, useState } from 'react';
import { searchStock, type StoreStatus } from '../shared/api/stores';
import { reportError } from '../shared/ui/errors';
import type { Inventory } from './stock';

export type LocalStock =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; store: StoreStatus['store']; inventory: Inventory }
  | { status: 'unavailable' };

/**
 * The product's stock at the visitor's store (POST /products/a/stockstatus-json
 * near that store, the store first). 'none' without a store; 'unavailable'
 * when the answer has no stock for it.
 */
export function useLocalStock(blainNumber: string, storeNum: number | null): LocalStock {
  const [state, setState] = useState<LocalStock>(storeNum === null ? { status: 'none' } : { status: 'loading' });

  useEffect(() => {
    if (storeNum === null) {
      setState({ status: 'none' });
      return;
    }
    const abort = new AbortController();
    setState({ status: 'loading' });
    searchStock({ blainNumber, storeNum, mustIncludeLocalStore: true }, abort.signal)
      .then((result) => {
        if (abort.signal.aborted) return;
        if (result.resolutionType !== 'Success' && result.resolutionType !== 'NotFound') {
          // InvalidBlainNumber and answers this page does not expect (an unknown
          // resolution, or a location answer to a store-number search) go to
          // error monitoring (spec §8); the label just says it is unavailable.
          reportError(
            result.resolutionType === 'InvalidBlainNumber'
              ? `Stock status: InvalidBlainNumber for ${blainNumber}`
              : `Stock status: unexpected resolution ${String(result.resolutionType)} for ${blainNumber}`,
          );
          setState({ status: 'unavailable' });
          return;
        }
        const mine = result.statusList.find((s) => s.store.storeNum === storeNum);
        if (!mine?.inventory) {
          setState({ status: 'unavailable' });
          return;
        }
        setState({ status: 'ready', store: mine.store, inventory: mine.inventory });
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        if (error instanceof DOMException && error.name === 'AbortError') return;
        reportError(error);
        setState({ status: 'unavailable' });
      });
    return () => abort.abort();
  }, [blainNumber, storeNum]);

  return state;
}
