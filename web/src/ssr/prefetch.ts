/**
 * The API answers a page shows above the fold, fetched before the page is rendered on the
 * server, by route module (`handle.ssr.module` in `app/routes.tsx`). Each is the very request
 * the page's own hook sends in the browser, so the hook finds it (`shared/api/prefetched.ts`)
 * when the page renders here and again when it hydrates. Every page has the header's (the
 * visitor's store, cart count and greeting) and the banner's sponsored ad; a product page has
 * its stock at the visitor's store too, asked once the header names the store. Pages with a
 * route loader (stores, content) need no more: the router runs their loader.
 */
import type { Params } from 'react-router';
import { RENDERED_PAGES } from '../app/renderedPages';
import { looksLikeDepartmentPath } from '../listing/departments';
import { listingRequest } from '../listing/useListing';
import { apiGet, apiRequest } from '../shared/api/client';
import { isObject } from '../shared/api/json';
import { HOME_URL } from '../shared/api/home';
import { postKey, recordPrefetched } from '../shared/api/prefetched';
import { productUrl } from '../shared/api/product';
import { searchUrl } from '../shared/api/search';
import { HEADER_ONLY_URL, normalizeHeader, SPONSORED_AD_URL } from '../shared/api/shell';
import { localStockRequest, STOCK_STATUS_URL } from '../shared/api/stores';

type Urls = (url: URL, params: Params) => string[];

function listing(request: string | null): string[] {
  return request === null ? [] : [searchUrl(request)];
}

const PREFETCH: Record<string, Urls> = {
  [RENDERED_PAGES.home]: () => [HOME_URL],
  [RENDERED_PAGES.product]: (_, params) => (params.blainNumber ? [productUrl(params.blainNumber)] : []),
  [RENDERED_PAGES.search]: (url) => listing(listingRequest('search', undefined, url.search)),
  [RENDERED_PAGES.catalog]: (url) =>
    looksLikeDepartmentPath(url.pathname) ? listing(listingRequest('landing', url.pathname, url.search)) : [],
};

/** The GET URLs `module`'s page needs for `url`. */
export function prefetchUrls(module: string, url: URL, params: Params): string[] {
  return PREFETCH[module]?.(url, params) ?? [];
}

/** `GET url`, recorded for the render; `undefined` when it fails (left to the browser). */
async function prefetchGet(url: string): Promise<unknown> {
  try {
    const body = await apiGet<unknown>(url);
    recordPrefetched(url, body);
    return body;
  } catch {
    return undefined;
  }
}

/**
 * Fetches them and records each answer for the render; one that fails is left out (the page
 * then shows what it shows while loading, and fetches it in the browser).
 */
export async function prefetch(urls: readonly string[]): Promise<void> {
  await Promise.all(urls.map(prefetchGet));
}

/** The header (its department menu is the browser's to fetch, `prefetchedHeader`). */
function prefetchHeader(): Promise<unknown> {
  return prefetchGet(HEADER_ONLY_URL);
}

/** The visitor's store in a header answer, if it names one. */
function storeNumOf(header: unknown): number | null {
  if (header === undefined || header === null) return null;
  try {
    return normalizeHeader(header).localStoreJson?.storeNum ?? null;
  } catch {
    return null;
  }
}

/**
 * A stock answer with only `storeNum`'s entry: the page shows the stock at the visitor's store
 * (the nearby stores' come with the store menu, fetched when it opens), and the answer for
 * every nearby store would be most of the page's data.
 */
function onlyStore(answer: unknown, storeNum: number): unknown {
  if (!isObject(answer) || !Array.isArray(answer.statusList)) return answer;
  const statusList = answer.statusList.filter((s: unknown) => isObject(s) && isObject(s.store) && s.store.storeNum === storeNum);
  return { ...answer, statusList };
}

/** A product's stock near the visitor's store, as the product page asks for it. */
async function prefetchStock(blainNumber: string, header: Promise<unknown>): Promise<void> {
  const storeNum = storeNumOf(await header);
  if (storeNum === null) return;
  const request = localStockRequest(blainNumber, storeNum);
  try {
    const answer = await apiRequest<unknown>(STOCK_STATUS_URL, { method: 'POST', body: request });
    recordPrefetched(postKey(STOCK_STATUS_URL, request), onlyStore(answer, storeNum));
  } catch {
    // Left to the browser.
  }
}

/**
 * All `module`'s page needs for `url`: the header's answer, the banner's sponsored ad (site
 * content; on a phone its picture is the largest thing above the fold), the page's own, the
 * stock.
 */
export async function prefetchPage(module: string, url: URL, params: Params): Promise<void> {
  const header = prefetchHeader();
  const ad = prefetchGet(SPONSORED_AD_URL);
  const blainNumber = module === RENDERED_PAGES.product ? params.blainNumber : undefined;
  const stock = blainNumber ? prefetchStock(blainNumber, header) : null;
  await Promise.all([header, ad, prefetch(prefetchUrls(module, url, params)), stock]);
}
