/**
 * The API answers a page shows above the fold, fetched before the page is rendered on the
 * server, by route module (`handle.ssr.module` in `app/routes.tsx`). Each is the very GET the
 * page's own hook sends in the browser, so the hook finds it (`shared/api/prefetched.ts`) when
 * the page renders here and again when it hydrates. Pages with a route loader (stores, content)
 * need none: the router runs their loader.
 */
import type { Params } from 'react-router';
import { looksLikeDepartmentPath } from '../listing/departments';
import { listingRequest } from '../listing/useListing';
import { apiGet } from '../shared/api/client';
import { HOME_URL } from '../shared/api/home';
import { recordPrefetched } from '../shared/api/prefetched';
import { productUrl } from '../shared/api/product';
import { searchUrl } from '../shared/api/search';

type Urls = (url: URL, params: Params) => string[];

function listing(request: string | null): string[] {
  return request === null ? [] : [searchUrl(request)];
}

const PREFETCH: Record<string, Urls> = {
  'src/home/pages/HomePage.tsx': () => [HOME_URL],
  'src/product/pages/ProductPage.tsx': (_, params) => (params.blainNumber ? [productUrl(params.blainNumber)] : []),
  'src/listing/pages/SearchPage.tsx': (url) => listing(listingRequest('search', undefined, url.search)),
  'src/listing/pages/CatalogPage.tsx': (url) =>
    looksLikeDepartmentPath(url.pathname) ? listing(listingRequest('landing', url.pathname, url.search)) : [],
};

/** The GET URLs `module`'s page needs for `url`. */
export function prefetchUrls(module: string, url: URL, params: Params): string[] {
  return PREFETCH[module]?.(url, params) ?? [];
}

/**
 * Fetches them and records each answer for the render; one that fails is left out (the page
 * then shows what it shows while loading, and fetches it in the browser).
 */
export async function prefetch(urls: readonly string[]): Promise<void> {
  await Promise.all(
    urls.map(async (url) => {
      try {
        recordPrefetched(url, await apiGet<unknown>(url));
      } catch {
        // Left to the browser.
      }
    }),
  );
}
