/**
 * Typed calls of the search and department listing pages (docs/openapi.json):
 *
 * - `GET /api/search?{the page's query string}` — one page of results with facets;
 * - `GET /api/search/compare?items=a,b` — 2 to 5 products side by side;
 * - `GET /api/search/similar?blainNumber=` — More Like This;
 * - `GET /api/search/explain?{query}&docid=` — Item details;
 * - `POST /products/a/productcomparisontocart` — add the compared products to the cart.
 *
 * Every answer is checked loosely (missing lists become empty, unknown shapes throw the
 * client's NetworkError) so a page never renders half a product.
 */
import { isCartResultCode, normalizeCartResult, type CartResult } from './cart';
import { apiGet, apiRequest, NetworkError } from './client';
import { isObject, num } from './json';
import { prefetched } from './prefetched';
import { toProduct, toProducts, type ProductAttribute, type ProductSummary } from './productSummary';
import type { Wire, WithDefaults } from './wire';

export const SEARCH_URL = '/api/search';
export const COMPARE_URL = '/api/search/compare';
export const SIMILAR_URL = '/api/search/similar';
export const EXPLAIN_URL = '/api/search/explain';
export const COMPARE_TO_CART_URL = '/products/a/productcomparisontocart';

export type SortName = Wire<'Sort'>;

/** The sorts the server knows, in the order the page offers them. */
export const SORT_OPTIONS: readonly { value: SortName; label: string }[] = [
  { value: 'relevance', label: 'Best Match' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: High to Low' },
  { value: 'name', label: 'Name: A to Z' },
  { value: 'brand', label: 'Brand: A to Z' },
  { value: 'rating', label: 'Top Rated' },
  { value: 'newest', label: 'Newest' },
];

/** A search result: the normalised summary plus where it stands on this search. */
export type SearchItem = ProductSummary & Pick<Wire<'SearchItem'>, 'pinned' | 'storeOnHand'>;

export type FacetValue = Wire<'FacetValue'>;
export type FacetKind = Wire<'FacetKind'>;
export type Facet = Wire<'FacetResult'>;
export type AppliedFilter = Wire<'AppliedFilter'>;
export type Landing = Wire<'SearchLanding'>;

/** One page of results; the normaliser reads each item with the one summary normaliser. */
export type SearchAnswer = Omit<Wire<'SearchAnswer'>, 'items'> & { items: SearchItem[] };

/** The compared products side by side; the items read by the one summary normaliser. */
export type Comparison = Omit<Wire<'Comparison'>, 'items'> & { items: ProductSummary[] };

/** A word of the keyword; the normaliser keeps field names this client doesn't know. */
export type ExplainWord = Omit<Wire<'WordMatch'>, 'fields' | 'typos'> & {
  fields: string[];
  typos: (Omit<Wire<'Typo'>, 'field'> & { field: string })[];
};

/** Item details without the staff parts (`scores`, `board`), which the normaliser leaves out. */
export type ItemExplain = Omit<Wire<'ItemExplain'>, 'scores' | 'board' | 'words'> & { words: ExplainWord[] };

// ------------------------------------------------------------------ checks

function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
}

function optionalNum(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function attributes(value: unknown): ProductAttribute[] {
  return list(value)
    .filter(isObject)
    .map((a) => ({ name: text(a.name), value: text(a.value) }))
    .filter((a) => a.name !== '');
}

const SORTS = new Set<string>(SORT_OPTIONS.map((s) => s.value));
const KINDS = new Set<string>(['hierarchy', 'list', 'range']);

function toFacet(value: unknown): Facet | null {
  if (!isObject(value) || typeof value.name !== 'string' || !KINDS.has(text(value.kind))) return null;
  const facet: Facet = {
    name: value.name,
    label: text(value.label, value.name),
    kind: value.kind as FacetKind,
    values: list(value.values)
      .filter(isObject)
      .map((v) => {
        const out: FacetValue = {
          value: text(v.value),
          label: text(v.label, text(v.value)),
          count: num(v.count),
          selected: v.selected === true,
        };
        if (typeof v.url === 'string' && v.url) out.url = v.url;
        return out;
      })
      .filter((v) => v.value !== ''),
  };
  const min = optionalNum(value.min);
  const max = optionalNum(value.max);
  if (min !== null) facet.min = min;
  if (max !== null) facet.max = max;
  return facet;
}

function toLanding(value: unknown): Landing | null {
  if (!isObject(value) || typeof value.id !== 'number') return null;
  return { id: value.id, name: text(value.name), url: text(value.url) };
}

/** Checks a search answer (exported for tests). */
export function toSearchAnswer(value: unknown): SearchAnswer {
  if (!isObject(value)) throw new NetworkError(200);
  const items: SearchItem[] = list(value.items).flatMap((raw) => {
    const product = toProduct(raw);
    if (!product || !isObject(raw)) return [];
    return [{ ...product, pinned: raw.pinned === true, storeOnHand: optionalNum(raw.storeOnHand) }];
  });
  const mpp = Math.max(1, num(value.mpp, 60));
  const total = Math.max(0, num(value.total));
  return {
    keyword: typeof value.keyword === 'string' ? value.keyword : null,
    landing: toLanding(value.landing),
    total,
    pg: Math.max(1, num(value.pg, 1)),
    mpp,
    pageCount: Math.max(0, num(value.pageCount, Math.ceil(total / mpp))),
    sort: (SORTS.has(text(value.sort)) ? value.sort : 'relevance') as SortName,
    storeNum: optionalNum(value.storeNum),
    items,
    facets: list(value.facets)
      .map(toFacet)
      .filter((f): f is Facet => f !== null),
    applied: list(value.applied)
      .filter(isObject)
      .map((a) => ({
        name: text(a.name),
        label: text(a.label),
        value: text(a.value),
        valueLabel: text(a.valueLabel, text(a.value)),
      }))
      .filter((a) => a.name !== ''),
    query: text(value.query),
    queryId: text(value.queryId),
    didYouMean: typeof value.didYouMean === 'string' && value.didYouMean ? value.didYouMean : null,
    redirect: typeof value.redirect === 'string' && value.redirect ? value.redirect : null,
  };
}

/** Whether `error` is the server's 404 (no such department or product). */
export function isNotFound(error: unknown): boolean {
  return error instanceof NetworkError && error.status === 404;
}

function withQuery(url: string, query: string): string {
  const q = query.replace(/^[?#&]+/, '');
  return q ? `${url}?${q}` : url;
}

// ------------------------------------------------------------------ calls

/**
 * One page of a search or department listing for `query` (the URL contract's query
 * string). Null when the server answers 204. A landing page (`lp`) that names no
 * department rejects with a NetworkError of status 404 ({@link isNotFound}).
 */
export async function fetchSearch(query: string, signal?: AbortSignal): Promise<SearchAnswer | null> {
  const body = await apiGet<unknown>(searchUrl(query), signal);
  return body === undefined ? null : toSearchAnswer(body);
}

/** `GET /api/search`'s URL for an API query. */
export function searchUrl(query: string): string {
  return withQuery(SEARCH_URL, query);
}

/** The answer the page was rendered with on the server, if it was (null: none, a 204). */
export function prefetchedSearch(query: string): SearchAnswer | null | undefined {
  return prefetched(searchUrl(query), (body) => (body === undefined ? null : toSearchAnswer(body)));
}

/** The compared products and their attributes side by side (2 to 5 product numbers). */
export async function fetchComparison(items: readonly string[], signal?: AbortSignal): Promise<Comparison> {
  const body = await apiGet<unknown>(
    `${COMPARE_URL}?items=${items.map(encodeURIComponent).join(',')}`,
    signal,
  );
  if (!isObject(body)) throw new NetworkError(200);
  return {
    items: toProducts(body.items),
    attributes: list(body.attributes)
      .filter(isObject)
      .map((row) => ({
        name: text(row.name),
        values: list(row.values).map((v) => (typeof v === 'string' ? v : null)),
      })),
  };
}

/** More Like This: products like `blainNumber`, best first. */
export async function fetchSimilar(blainNumber: string, signal?: AbortSignal): Promise<ProductSummary[]> {
  const body = await apiGet<unknown>(
    `${SIMILAR_URL}?blainNumber=${encodeURIComponent(blainNumber)}`,
    signal,
  );
  return isObject(body) ? toProducts(body.products) : [];
}

/** Item details: why `docid` matches (or not) the search of `query`. */
export async function fetchExplain(query: string, docid: string, signal?: AbortSignal): Promise<ItemExplain> {
  const q = query.replace(/^[?#&]+/, '');
  const body = await apiGet<unknown>(
    `${EXPLAIN_URL}?${q ? `${q}&` : ''}docid=${encodeURIComponent(docid)}`,
    signal,
  );
  if (!isObject(body) || !isObject(body.fields)) throw new NetworkError(200);
  const f = body.fields;
  return {
    docid: text(body.docid, docid),
    keyword: typeof body.keyword === 'string' ? body.keyword : null,
    fields: {
      number: text(f.number),
      name: text(f.name),
      brand: text(f.brand),
      keywords: list(f.keywords).filter((k): k is string => typeof k === 'string'),
      attributes: attributes(f.attributes),
      description: text(f.description),
    },
    inIndex: body.inIndex === true,
    matched: body.matched === true,
    keywordMatched: typeof body.keywordMatched === 'boolean' ? body.keywordMatched : null,
    failedFilters: list(body.failedFilters).filter((x): x is string => typeof x === 'string'),
    numberMatched: body.numberMatched === true,
    words: list(body.words)
      .filter(isObject)
      .map((w) => {
        const word: ExplainWord = {
          word: text(w.word),
          stems: list(w.stems).filter((s): s is string => typeof s === 'string'),
          fields: list(w.fields).filter((s): s is string => typeof s === 'string'),
          typos: list(w.typos)
            .filter(isObject)
            .map((t) => ({ field: text(t.field), word: text(t.word), edits: num(t.edits) })),
          matched: w.matched === true,
        };
        if (typeof w.synonymOf === 'string') word.synonymOf = w.synonymOf;
        return word;
      }),
  };
}

/**
 * Adds the compared products (one of each, up to 5) to the cart. The client sends a fresh
 * Idempotency-Key unless `idempotencyKey` is given (pass the same one to a retry).
 */
export async function addComparisonToCart(
  blainNumbers: readonly string[],
  idempotencyKey?: string,
): Promise<CartResult> {
  const request: WithDefaults<Wire<'ComparisonRequest'>, 'agreed' | 'confirmed'> = {
    blainNumbers: [...blainNumbers],
  };
  const body = await apiRequest<unknown>(COMPARE_TO_CART_URL, { method: 'POST', body: request, idempotencyKey });
  const result = normalizeCartResult(body);
  // The compare bar knows the spec's codes only: any other is a refusal.
  return isCartResultCode(result.resultCode) ? result : { ...result, resultCode: 'CannotAdd' };
}
