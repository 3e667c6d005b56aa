import { useEffect, useState } from 'react';
import {
  localStockRequest,
  prefetchedStock,
  searchStock,
  type StoreSearchResult,
  type StoreStatus,
} from '../shared/api/stores';
import { reportError } from '../shared/ui/errors';
import type { Inventory } from './stock';

export type LocalStock =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; store: StoreStatus['store']; inventory: Inventory }
  | { status: 'unavailable' };

/** What the page shows for `result`: the stock at `storeNum`, or unavailable. */
function localStockOf(result: StoreSearchResult, blainNumber: string, storeNum: number): LocalStock {
  if (result.resolutionType !== 'Success' && result.resolutionType !== 'NotFound') {
    // InvalidBlainNumber and answers this page does not expect (an unknown
    // resolution, or a location answer to a store-number search) go to
    // error monitoring (spec §8); the label just says it is unavailable.
    reportError(
      result.resolutionType === 'InvalidBlainNumber'
        ? `Stock status: InvalidBlainNumber for ${blainNumber}`
        : `Stock status: unexpected resolution ${String(result.resolutionType)} for ${blainNumber}`,
    );
    return { status: 'unavailable' };
  }
  const mine = result.statusList.find((s) => s.store.storeNum === storeNum);
  if (!mine?.inventory) return { status: 'unavailable' };
  return { status: 'ready', store: mine.store, inventory: mine.inventory };
}

/**
 * The stock the page was rendered with on the server (`prefetched.ts`), if it was and the
 * answer is one the page expects (any other is asked for again, and reported then).
 */
function renderedStock(blainNumber: string, storeNum: number): LocalStock | undefined {
  const result = prefetchedStock(localStockRequest(blainNumber, storeNum));
  if (result?.resolutionType !== 'Success' && result?.resolutionType !== 'NotFound') return undefined;
  return localStockOf(result, blainNumber, storeNum);
}

/**
 * The product's stock at the visitor's store (POST /products/a/stockstatus-json
 * near that store, the store first). 'none' without a store; 'unavailable'
 * when the answer has no stock for it. A page rendered on the server starts from the answer it
 * was rendered with and does not ask again.
 */
export function useLocalStock(blainNumber: string, storeNum: number | null): LocalStock {
  const [state, setState] = useState<LocalStock>(() =>
    storeNum === null ? { status: 'none' } : (renderedStock(blainNumber, storeNum) ?? { status: 'loading' }),
  );

  useEffect(() => {
    if (storeNum === null) {
      setState({ status: 'none' });
      return;
    }
    const rendered = renderedStock(blainNumber, storeNum);
    if (rendered) {
      setState(rendered);
      return;
    }
    const abort = new AbortController();
    setState({ status: 'loading' });
    searchStock(localStockRequest(blainNumber, storeNum), abort.signal)
      .then((result) => {
        if (!abort.signal.aborted) setState(localStockOf(result, blainNumber, storeNum));
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
