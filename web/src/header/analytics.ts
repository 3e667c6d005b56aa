/** Analytics pushes (spec §7). Sent only when the page has a `dataLayer`. */

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function pushDataLayer(event: Record<string, unknown>): void {
  const layer = window.dataLayer;
  if (Array.isArray(layer)) layer.push(event);
}

/** spec §7: 'menu_click' for clicks in the header menus. */
export function trackMenuClick(menu: 'mega menu' | 'mobile menu' | 'header links', text: string, url: string) {
  pushDataLayer({ event: 'menu_click', menu_name: menu, link_text: text, link_url: url });
}

/** spec §7: the popular-search event goes out 1500 ms after one is chosen. */
export const POPULAR_SEARCH_EVENT_DELAY_MS = 1500;

export function trackPopularSearch(term: string, url: string): void {
  window.setTimeout(() => {
    pushDataLayer({ event: 'popular_search', search_term: term, link_url: url });
  }, POPULAR_SEARCH_EVENT_DELAY_MS);
}
