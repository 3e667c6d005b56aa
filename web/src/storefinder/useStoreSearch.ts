import { useCallback, useEffect, useRef, useState } from 'react';
import {
  searchStock,
  searchStores,
  type StoreSearchRequest,
  type StoreSearchResult,
  type StoreStatus,
} from '../shared/api/stores';
import type { StoreMenuProduct } from './storeMenuStore';
import { reportError } from '../shared/ui/errors';
import { GeolocationError, getCurrentPosition, type Position } from './geolocation';
import { STORE_MESSAGES, STORE_SEARCH_MIN_LOADING_MS } from './messages';
import { clearSavedLocation, saveLocation, type SavedLocation } from './savedLocation';

export type StoreSearchStatus = 'idle' | 'locating' | 'loading' | 'success' | 'empty' | 'error';

export interface StoreSearchState {
  status: StoreSearchStatus;
  stores: StoreStatus[];
  /** A message for the list area (not found, location or generic failures). */
  message: string | null;
  /** A message for the ZIP field (InvalidZip). */
  zipError: string | null;
}

export interface StoreSearchOptions {
  /** The visitor's store: listed first. */
  currentStoreNum: number | null;
  /** With a product, stock is searched and the in-stock-only switch applies. */
  product?: StoreMenuProduct | null;
  inStockOnly?: boolean;
}

const INITIAL: StoreSearchState = { status: 'idle', stores: [], message: null, zipError: null };

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A search location: a ZIP, a position, or none (near the visitor's store). */
export type SearchWhere = SavedLocation | null;

/**
 * Store search for the change-store menu and the store finder: loading is
 * shown for at least 400 ms; a newer search supersedes an older one.
 */
export function useStoreSearch(options: StoreSearchOptions) {
  const [state, setState] = useState<StoreSearchState>(INITIAL);
  const sequence = useRef(0);
  const controller = useRef<AbortController | null>(null);
  const last = useRef<SearchWhere | undefined>(undefined);
  const opts = useRef(options);
  opts.current = options;

  useEffect(
    () => () => {
      sequence.current += 1;
      controller.current?.abort();
    },
    [],
  );

  const run = useCallback(async (where: SearchWhere, override: Partial<StoreSearchOptions> = {}) => {
    const { currentStoreNum, product, inStockOnly = false } = { ...opts.current, ...override };
    if (where === null && currentStoreNum === null) {
      setState({ ...INITIAL, message: STORE_MESSAGES.prompt });
      return;
    }
    last.current = where;
    const id = ++sequence.current;
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState((s) => ({ ...s, status: 'loading', message: null, zipError: null }));

    const request: StoreSearchRequest = {
      zip: where && 'zip' in where ? where.zip : null,
      exactPosition: where && 'position' in where ? where.position : null,
      storeNum: currentStoreNum,
      mustIncludeLocalStore: currentStoreNum !== null,
    };

    let result: StoreSearchResult;
    try {
      const call = product
        ? searchStock(
            {
              ...request,
              blainNumber: product.blainNumber,
              filterOnlyInStock: inStockOnly,
              ...(product.desiredQuantity ? { desiredQuantity: product.desiredQuantity } : {}),
            },
            abort.signal,
          )
        : searchStores(request, abort.signal);
      [result] = await Promise.all([call, delay(STORE_SEARCH_MIN_LOADING_MS)]);
    } catch (error) {
      if (id !== sequence.current) return;
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // Spec §8: the generic failure is shown and reported to the error service.
      reportError(error);
      setState({ ...INITIAL, status: 'error', message: STORE_MESSAGES.generic });
      return;
    }
    if (id !== sequence.current) return;

    switch (result.resolutionType) {
      case 'Success':
        if (where) saveLocation(where);
        setState({
          status: result.statusList.length > 0 ? 'success' : 'empty',
          stores: result.statusList,
          message:
            result.statusList.length > 0
              ? null
              : inStockOnly && product
                ? STORE_MESSAGES.outOfStockNearby
                : STORE_MESSAGES.noStores,
          zipError: null,
        });
        return;
      case 'NotFound':
        if (where) saveLocation(where);
        setState({
          ...INITIAL,
          status: 'empty',
          message: inStockOnly && product ? STORE_MESSAGES.outOfStockNearby : STORE_MESSAGES.noStores,
        });
        return;
      case 'InvalidZip':
        setState({ ...INITIAL, status: 'error', zipError: STORE_MESSAGES.invalidZip });
        return;
      case 'InvalidCoordinates':
        // Forget the position everywhere: a repeated search (the in-stock
        // switch) starts from the visitor's store instead.
        clearSavedLocation();
        last.current = null;
        setState({ ...INITIAL, status: 'error', message: STORE_MESSAGES.locationFailed });
        return;
      case 'GeoLocationNotFound':
        setState({
          ...INITIAL,
          status: 'error',
          message: where && 'zip' in where ? STORE_MESSAGES.locationNotFound : STORE_MESSAGES.prompt,
        });
        return;
      default:
        // InvalidBlainNumber and anything unknown: report, show the generic failure.
        reportError(
          result.resolutionType === 'InvalidBlainNumber'
            ? `Store search: InvalidBlainNumber${product ? ` for ${product.blainNumber}` : ''}`
            : `Store search: unexpected resolution ${String(result.resolutionType)}`,
        );
        setState({ ...INITIAL, status: 'error', message: STORE_MESSAGES.generic });
    }
  }, []);

  const searchZip = useCallback((zip: string) => run({ zip }), [run]);
  const searchNearStore = useCallback(() => run(null), [run]);
  const searchSaved = useCallback((where: SearchWhere) => run(where), [run]);

  /** Geolocation, then a search from there. */
  const searchMyLocation = useCallback(async () => {
    const id = ++sequence.current;
    controller.current?.abort();
    setState((s) => ({ ...s, status: 'locating', message: null, zipError: null }));
    let position: Position;
    try {
      position = await getCurrentPosition();
    } catch (error) {
      if (id !== sequence.current) return;
      const denied = error instanceof GeolocationError && error.kind === 'denied';
      setState({
        ...INITIAL,
        status: 'error',
        message: denied ? STORE_MESSAGES.locationDenied : STORE_MESSAGES.locationFailed,
      });
      return;
    }
    if (id !== sequence.current) return;
    await run({ position });
  }, [run]);

  /** Runs the last search again, e.g. with the in-stock switch changed. */
  const repeat = useCallback(
    (override: Partial<StoreSearchOptions> = {}) => {
      if (last.current !== undefined) return run(last.current, override);
      return Promise.resolve();
    },
    [run],
  );

  return { state, searchZip, searchNearStore, searchSaved, searchMyLocation, repeat };
}
