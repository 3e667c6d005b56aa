/**
 * Store selection and lookup: the store-search calls, setting the visitor's
 * store, and the store finder's list and details.
 */
import { apiGet, apiRequest, NetworkError } from './client';
import { isObject } from './json';
import { postKey, prefetched } from './prefetched';
import type { Wire } from './wire';

export type DayName =
  | 'Monday'
  | 'Tuesday'
  | 'Wednesday'
  | 'Thursday'
  | 'Friday'
  | 'Saturday'
  | 'Sunday';

export const DAYS: readonly DayName[] = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

/** Day → '7:00 AM - 8:00 PM' or 'Closed': `Store['hours']` read by day (the document types it as a map of strings). */
export type WeekHours = Partial<Record<DayName, string>>;

export type Store = Wire<'Store'>;
export type HoursDisplayStyle = Store['currentHours']['displayStyle'];

type WireResult = Wire<'StoreSearchResult'>;

export type StoreStatus = WireResult['statusList'][number];
export type StockStatus = NonNullable<StoreStatus['stockStatus']>;
export type ResolutionType = WireResult['resolutionType'];
export type StoreSearchResult = WireResult;

export type StoreSearchRequest = Wire<'StoreSearchRequest'>;
export type StockSearchRequest = Wire<'StockSearchRequest'>;

export const STORE_STATUS_URL = '/products/a/storestatus-json';
export const STOCK_STATUS_URL = '/products/a/stockstatus-json';
export const STORES_URL = '/api/stores';

function asSearchResult(body: unknown): StoreSearchResult {
  const r = body as Partial<StoreSearchResult> | undefined;
  if (!r || typeof r.resolutionType !== 'string') throw new NetworkError(200);
  return {
    resolutionType: r.resolutionType,
    message: r.message,
    statusList: Array.isArray(r.statusList) ? r.statusList : [],
    storeVariant: r.storeVariant ?? 'NoProduct',
  };
}

/** Stores near a ZIP, a position or a store, with hours. */
export async function searchStores(
  request: StoreSearchRequest,
  signal?: AbortSignal,
): Promise<StoreSearchResult> {
  const body = await apiRequest<StoreSearchResult>(STORE_STATUS_URL, {
    method: 'POST',
    body: request,
    signal,
  });
  return asSearchResult(body);
}

/** Stores near a ZIP, a position or a store, with one product's stock. */
export async function searchStock(
  request: StockSearchRequest,
  signal?: AbortSignal,
): Promise<StoreSearchResult> {
  const body = await apiRequest<StoreSearchResult>(STOCK_STATUS_URL, {
    method: 'POST',
    body: request,
    signal,
  });
  return asSearchResult(body);
}

/** The stock search of a product page: `blainNumber` near the visitor's store, that store first. */
export function localStockRequest(blainNumber: string, storeNum: number): StockSearchRequest {
  return { blainNumber, storeNum, mustIncludeLocalStore: true };
}

/** The answer to `request` the page was rendered with on the server, if it was (`prefetched.ts`). */
export function prefetchedStock(request: StockSearchRequest): StoreSearchResult | undefined {
  return prefetched(postKey(STOCK_STATUS_URL, request), asSearchResult);
}

/** Makes `storeNum` the visitor's store; answers the server's success flag. */
export async function setLocalStore(storeNum: number): Promise<boolean> {
  const body = await apiGet<unknown>(`/stores/set-json/${encodeURIComponent(storeNum)}`);
  return isObject(body) && body.success === true;
}

/** Every store (store finder). */
export async function fetchAllStores(signal?: AbortSignal): Promise<Store[]> {
  const body = await apiGet<Store[]>(STORES_URL, signal);
  if (body === undefined) return [];
  if (!Array.isArray(body)) throw new NetworkError(200);
  return body;
}

/** One store by its URL alias, or null when there is no such store. */
export async function fetchStore(urlAlias: string, signal?: AbortSignal): Promise<Store | null> {
  try {
    const body = await apiGet<Store>(`${STORES_URL}/${encodeURIComponent(urlAlias)}`, signal);
    return body ?? null;
  } catch (error) {
    if (error instanceof NetworkError && error.status === 404) return null;
    throw error;
  }
}
