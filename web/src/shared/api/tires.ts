/**
 * Tires and batteries (the automotive pages). Tires: the size pickers (spec storefront-shell §7: GET /tire-size/section-widths/,
 * /tire-size/aspect-ratios/?width=, /tire-size/rim-sizes/?width=&ratio=) and
 * the tires of one size, from site search (GET /api/search) filtered on the
 * 'Tire Size' attribute facet (URL name `tire-size`).
 *
 * A size is written 225/65R17; light-truck and trailer tires carry a prefix
 * (LT265/70R17, ST205/75R15) and passenger tires sometimes a P, so the
 * filter asks for every spelling of the size (values of one facet are OR'd).
 * Batteries: the batteries department's listing (GET /api/search?lp=…),
 * narrowed by sub-department (the `department` facet).
 */
import { apiGet, NetworkError } from './client';
import { isObject, num, str } from './json';
import type { Wire } from './wire';

export const SECTION_WIDTHS_URL = '/tire-size/section-widths/';
export const ASPECT_RATIOS_URL = '/tire-size/aspect-ratios/';
export const RIM_SIZES_URL = '/tire-size/rim-sizes/';
export const SEARCH_URL = '/api/search';
/** The search facet of the 'Tire Size' product attribute. */
export const TIRE_SIZE_FACET = 'tire-size';
/** Prefixes a size may carry in the catalog: none, passenger, light truck, special trailer. */
export const TIRE_SIZE_PREFIXES = ['', 'P', 'LT', 'ST'] as const;

export type TireSize = NonNullable<Wire<'ProductSummary'>['tireSize']>;

export type TireSort = Wire<'Sort'>;
export const TIRE_SORTS: readonly TireSort[] = [
  'relevance',
  'price-asc',
  'price-desc',
  'name',
  'brand',
  'rating',
  'newest',
];

/**
 * A product card's data: the fields of a search result (`SearchItem`) a card shows. The
 * normaliser has absent pictures, sizes and stock at the store null, and the attributes as
 * name → value ('Tire Size' and the like).
 */
export type TireProduct = Pick<
  Wire<'SearchItem'>,
  'blainNumber' | 'name' | 'vendorBrand' | 'url' | 'priceCents' | 'price' | 'belowMap' | 'ecomOnHand' | 'storeOnHand'
> & {
  thumbnail: string | null;
  tireSize: TireSize | null;
  attributes: Record<string, string>;
};

/** A search answer's page, of products of the size only. */
export type TireResults = Pick<Wire<'SearchAnswer'>, 'total' | 'pg' | 'pageCount'> & {
  items: TireProduct[];
  /** The size filter took effect (the index knows the facet). */
  filtered: boolean;
};

// ---------------------------------------------------------- helpers

/** '225/65R17' */
export function formatTireSize(size: TireSize): string {
  return `${size.width}/${size.ratio}R${size.rim}`;
}

/** Every catalog spelling of a size: 225/65R17, P225/65R17, LT225/65R17, ST225/65R17. */
export function tireSizeValues(size: TireSize): string[] {
  const base = formatTireSize(size);
  return TIRE_SIZE_PREFIXES.map((p) => `${p}${base}`);
}

/** Whether a product is of `size` (by its tire size fields, else its 'Tire Size' attribute). */
export function hasTireSize(product: Pick<TireProduct, 'tireSize' | 'attributes'>, size: TireSize): boolean {
  if (product.tireSize) {
    return (
      product.tireSize.width === size.width &&
      product.tireSize.ratio === size.ratio &&
      product.tireSize.rim === size.rim
    );
  }
  const attr = product.attributes['Tire Size'];
  return attr !== undefined && tireSizeValues(size).includes(attr);
}

/**
 * A facet value in the search URL contract: a comma is written `\,`, a
 * backslash `\\`, then the value is percent-encoded (separating commas are not).
 */
function facetValue(value: string): string {
  return encodeURIComponent(value.replace(/\\/g, '\\\\').replace(/,/g, '\\,'));
}

/** The search query string for the tires of `size`. */
export function tireSearchQuery(size: TireSize, options: { sort?: TireSort; pg?: number } = {}): string {
  const parts: string[] = [];
  if (options.sort && options.sort !== 'relevance') parts.push(`sort=${options.sort}`);
  parts.push(`${TIRE_SIZE_FACET}=${tireSizeValues(size).map(facetValue).join(',')}`);
  if (options.pg && options.pg > 1) parts.push(`pg=${options.pg}`);
  return parts.join('&');
}

// ---------------------------------------------------------- normalisers

/** A list of sizes: whole numbers, sorted, each once. Anything else is a network error. */
export function normalizeSizeList(value: unknown): number[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new NetworkError(200);
  const out = new Set<number>();
  for (const v of value) {
    const n = typeof v === 'string' ? Number(v) : v;
    if (typeof n === 'number' && Number.isInteger(n) && n > 0) out.add(n);
  }
  return [...out].sort((a, b) => a - b);
}

function tireSize(value: unknown): TireSize | null {
  if (!isObject(value)) return null;
  const { width, ratio, rim } = value;
  if (typeof width !== 'number' || typeof ratio !== 'number' || typeof rim !== 'number') return null;
  return { width, ratio, rim };
}

function attributes(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (Array.isArray(value)) {
    for (const a of value) {
      if (isObject(a) && typeof a.name === 'string' && typeof a.value === 'string') out[a.name] = a.value;
    }
  }
  return out;
}

function tireProduct(value: unknown): TireProduct | null {
  if (!isObject(value) || typeof value.blainNumber !== 'string' || typeof value.name !== 'string') {
    return null;
  }
  return {
    blainNumber: value.blainNumber,
    name: value.name,
    vendorBrand: str(value.vendorBrand),
    url: str(value.url, '#'),
    thumbnail: typeof value.thumbnail === 'string' && value.thumbnail !== '' ? value.thumbnail : null,
    priceCents: num(value.priceCents),
    price: str(value.price),
    belowMap: value.belowMap === true,
    tireSize: tireSize(value.tireSize),
    attributes: attributes(value.attributes),
    ecomOnHand: num(value.ecomOnHand),
    storeOnHand: typeof value.storeOnHand === 'number' ? value.storeOnHand : null,
  };
}

/**
 * The search answer as tire results. Only products of `size` are kept: when
 * the index doesn't know the facet it ignores it, and the page must still not
 * show other sizes.
 */
export function normalizeTireResults(value: unknown, size: TireSize): TireResults {
  if (value === undefined) return { total: 0, pg: 1, pageCount: 0, items: [], filtered: true };
  if (!isObject(value)) throw new NetworkError(200);
  const all: TireProduct[] = [];
  if (Array.isArray(value.items)) {
    for (const v of value.items) {
      const p = tireProduct(v);
      if (p) all.push(p);
    }
  }
  const applied = Array.isArray(value.applied) ? value.applied : [];
  const filtered = applied.some((a) => isObject(a) && a.name === TIRE_SIZE_FACET);
  const items = all.filter((p) => hasTireSize(p, size));
  const total = filtered ? num(value.total, items.length) : items.length;
  return {
    total,
    pg: num(value.pg, 1),
    pageCount: filtered ? num(value.pageCount, total > 0 ? 1 : 0) : items.length > 0 ? 1 : 0,
    items,
    filtered,
  };
}

// ---------------------------------------------------------------- calls

export async function fetchSectionWidths(signal?: AbortSignal): Promise<number[]> {
  return normalizeSizeList(await apiGet<unknown>(SECTION_WIDTHS_URL, signal));
}

export async function fetchAspectRatios(width: number, signal?: AbortSignal): Promise<number[]> {
  const url = `${ASPECT_RATIOS_URL}?${new URLSearchParams({ width: String(width) })}`;
  return normalizeSizeList(await apiGet<unknown>(url, signal));
}

export async function fetchRimSizes(width: number, ratio: number, signal?: AbortSignal): Promise<number[]> {
  const url = `${RIM_SIZES_URL}?${new URLSearchParams({ width: String(width), ratio: String(ratio) })}`;
  return normalizeSizeList(await apiGet<unknown>(url, signal));
}

/** The tires of one size, a page at a time. */
export async function searchTires(
  size: TireSize,
  options: { sort?: TireSort; pg?: number } = {},
  signal?: AbortSignal,
): Promise<TireResults> {
  const body = await apiGet<unknown>(`${SEARCH_URL}?${tireSearchQuery(size, options)}`, signal);
  return normalizeTireResults(body, size);
}

// ---------------------------------------------------------------- batteries

/** The batteries department (a landing page of the search, by its URL). */
export const BATTERIES_DEPARTMENT_URL = '/automotive/batteries/';

/**
 * A sub-department of the batteries department, with its count: a value of the `department`
 * facet (`id`: its value).
 */
export type ListingType = Pick<Wire<'FacetValue'>, 'label' | 'count' | 'selected'> & { id: string };

export type ListingResults = Pick<Wire<'SearchAnswer'>, 'total' | 'pg' | 'pageCount'> & {
  items: TireProduct[];
  /** The department facet: the kinds of battery. */
  types: ListingType[];
};

export function batteriesSearchQuery(options: { type?: string | null; sort?: TireSort; pg?: number } = {}): string {
  const parts = [`lp=${encodeURIComponent(BATTERIES_DEPARTMENT_URL)}`];
  if (options.sort && options.sort !== 'relevance') parts.push(`sort=${options.sort}`);
  if (options.type) parts.push(`department=${facetValue(options.type)}`);
  if (options.pg && options.pg > 1) parts.push(`pg=${options.pg}`);
  return parts.join('&');
}

export function normalizeListing(value: unknown): ListingResults {
  if (!isObject(value)) throw new NetworkError(200);
  const items: TireProduct[] = [];
  if (Array.isArray(value.items)) {
    for (const v of value.items) {
      const p = tireProduct(v);
      if (p) items.push(p);
    }
  }
  const types: ListingType[] = [];
  const facets = Array.isArray(value.facets) ? value.facets : [];
  const department = facets.find((f) => isObject(f) && f.name === 'department');
  if (isObject(department) && Array.isArray(department.values)) {
    for (const v of department.values) {
      if (isObject(v) && typeof v.value === 'string' && typeof v.label === 'string') {
        types.push({ id: v.value, label: v.label, count: num(v.count), selected: v.selected === true });
      }
    }
  }
  return {
    total: num(value.total, items.length),
    pg: num(value.pg, 1),
    pageCount: num(value.pageCount, items.length ? 1 : 0),
    items,
    types,
  };
}

/** One page of the batteries department, optionally of one kind. */
export async function searchBatteries(
  options: { type?: string | null; sort?: TireSort; pg?: number } = {},
  signal?: AbortSignal,
): Promise<ListingResults> {
  const body = await apiGet<unknown>(`${SEARCH_URL}?${batteriesSearchQuery(options)}`, signal);
  if (body === undefined) return { total: 0, pg: 1, pageCount: 0, items: [], types: [] };
  return normalizeListing(body);
}
