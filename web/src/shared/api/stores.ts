/**
 * Store selection and lookup: the store-search calls, setting the visitor's
 * store, and the store finder's list and details.
 */
import { apiGet, apiRequest, NetworkError } from './client';

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

/** Day → '7:00 AM - 8:00 PM' or 'Closed'. */
export type WeekHours = Partial<Record<DayName, string>>;

export type HoursDisplayStyle = 'open' | 'closing-soon' | 'closed' | 'coming-soon';

export interface Store {
  storeNum: number;
  /** 'Janesville, WI'; with the street where two stores share a city. */
  title?: string;
  city: string;
  cityAlias: string;
  state: string;
  address1: string;
  zip: string;
  phone: string;
  autoCenterPhone: string | null;
  hours: WeekHours;
  autoHours: WeekHours | null;
  currentHours: { displayText: string; displayStyle: HoursDisplayStyle };
  hoursStatus: 'Open' | 'ClosingSoon' | 'Closed' | 'ComingSoon';
  comingSoon: boolean;
  urlAlias: string;
  /** Set on search results only. */
  distanceMi?: number | null;
  googlePlaceID: string;
  googleMapZoom: number;
  localDeliveryInformation: { isEnabled: boolean; label: string };
  lat: number;
  lon: number;
  timeZone: string;
}

export type StockStatus =
  | 'NotCarried'
  | 'OutOfStock'
  | 'LimitedInStore'
  | 'InStoreOnly'
  | 'InStock'
  | 'OnlyLeft';

export interface StoreStatus {
  store: Store;
  inventory?: { isStocked: boolean; storeOnHand: number; ecomOnHand: number };
  stockLabel?: string;
  stockStatus?: StockStatus;
}

export type ResolutionType =
  | 'Success'
  | 'InvalidZip'
  | 'InvalidCoordinates'
  | 'InvalidBlainNumber'
  | 'NotFound'
  | 'GeoLocationNotFound';

export interface StoreSearchResult {
  resolutionType: ResolutionType;
  message?: string;
  statusList: StoreStatus[];
  storeVariant: 'Store' | 'Auto' | 'Tire' | 'NoProduct';
}

export interface StoreSearchRequest {
  zip?: string | null;
  mustIncludeLocalStore?: boolean;
  exactPosition?: { latitude: number; longitude: number } | null;
  storeNum?: number | null;
}

export interface StockSearchRequest extends StoreSearchRequest {
  blainNumber: string;
  filterOnlyInStock?: boolean;
  desiredQuantity?: number;
}

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

/** Makes `storeNum` the visitor's store; answers the server's success flag. */
export async function setLocalStore(storeNum: number): Promise<boolean> {
  const body = await apiGet<{ success?: boolean }>(`/stores/set-json/${encodeURIComponent(storeNum)}`);
  return body?.success === true;
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
