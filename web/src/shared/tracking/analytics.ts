/**
 * Analytics pushes (storefront-shell spec §7) and the product beacons.
 *
 * Every push goes through {@link pushDataLayer}: it is pushed to
 * `window.dataLayer` when the page has one (unchanged object), and always
 * posted as `{"event": "<name>", ...params}` to `POST /event/a/analytics`
 * by `./beacon` (sendBeacon, fetch keepalive fallback).
 *
 * | event                  | params                                              |
 * |------------------------|-----------------------------------------------------|
 * | email_subscribe        | method: 'Footer'                                    |
 * | menu_click             | menu_name, link_text, link_url                      |
 * | popular_search         | search_term, link_url (1500 ms after the choice)    |
 * | product_carousel_view  | itemListID, itemListName, items: CarouselTracking[] |
 * | product_carousel_click | the CarouselTracking fields                         |
 */
import type { Wire } from '../api/wire';
import { sendJsonBeacon } from './beacon';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export const ANALYTICS_URL = '/event/a/analytics';
export const CAROUSEL_CLICK_URL = '/event/a/carousel-click';
export const PRODUCT_VIEW_URL = '/event/a/productview';

export type AnalyticsEvent = { event: string } & Record<string, unknown>;

/** Pushes an analytics event to the data layer (when present) and to /event/a/analytics. */
export function pushDataLayer(event: AnalyticsEvent): void {
  try {
    const layer = window.dataLayer;
    if (Array.isArray(layer)) layer.push(event);
  } catch {
    // A broken data layer must not stop the beacon.
  }
  sendJsonBeacon(ANALYTICS_URL, event);
}

/** 'email_subscribe' after a newsletter sign-up in the footer. */
export function trackEmailSubscribe(): void {
  pushDataLayer({ event: 'email_subscribe', method: 'Footer' });
}

export type MenuName = 'mega menu' | 'mobile menu' | 'header links';

/** 'menu_click' for clicks in the header menus. */
export function trackMenuClick(menu: MenuName, text: string, url: string): void {
  pushDataLayer({ event: 'menu_click', menu_name: menu, link_text: text, link_url: url });
}

/** The popular-search event goes out 1500 ms after one is chosen. */
export const POPULAR_SEARCH_EVENT_DELAY_MS = 1500;

export function trackPopularSearch(term: string, url: string): void {
  window.setTimeout(() => {
    pushDataLayer({ event: 'popular_search', search_term: term, link_url: url });
  }, POPULAR_SEARCH_EVENT_DELAY_MS);
}

/** storefront-shell spec §3 "Carousel tracking": one product in a carousel. */
export interface CarouselTracking {
  itemListID: string;
  itemListName: string;
  /** Position in the carousel (0-based as the carousel numbers it). */
  index: number;
  /** Dollars; null when the price is not shown (MAP 'see price in cart'). */
  currentPrice: number | null;
  belowMap: boolean;
  priceMode: string | null;
  blainNumber: string;
  vendorBrand: string;
  productName: string;
}

/**
 * 'product_carousel_view' with the products shown: the carousel's
 * itemListID and itemListName (from the first product) and the products'
 * fields as `items`. Nothing for an empty list.
 */
export function trackCarouselView(list: readonly CarouselTracking[]): void {
  const first = list[0];
  if (!first) return;
  pushDataLayer({
    event: 'product_carousel_view',
    itemListID: first.itemListID,
    itemListName: first.itemListName,
    items: list.map((item) => ({ ...item })),
    // The server keeps scalar parameters and lists of scalars: the products shown, by number.
    blainNumbers: list.map((item) => item.blainNumber),
  });
}

/** 'product_carousel_click' with the clicked product's fields. */
export function trackCarouselClick(item: CarouselTracking): void {
  pushDataLayer({ event: 'product_carousel_click', ...item });
}

/** Beacon POST /event/a/carousel-click with the carousel tracking JSON. */
export function sendCarouselClickBeacon(fields: CarouselTracking): void {
  const body: Wire<'CarouselClickBeacon'> = fields;
  sendJsonBeacon(CAROUSEL_CLICK_URL, body);
}

/** storefront-shell spec §3 "Product view event": a, u, b (product number), h. */
export type ProductViewValue = string | number | boolean | null;

export interface ProductView {
  a: ProductViewValue;
  u: ProductViewValue;
  b: string;
  h: ProductViewValue;
}

/** User agents that get no product-view event. */
export const BOT_USER_AGENT = /bot|crawl|spider|slurp/i;

export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  return typeof userAgent === 'string' && BOT_USER_AGENT.test(userAgent);
}

/**
 * POST /event/a/productview with `{a, u, b, h}`; not sent for bots (by the
 * user agent; `userAgent` can be passed for tests). Headless browsers are
 * not treated as bots so browser tests can see it.
 */
export function sendProductView(
  view: ProductView,
  { userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent }: { userAgent?: string } = {},
): boolean {
  if (isBotUserAgent(userAgent)) return false;
  return sendJsonBeacon(PRODUCT_VIEW_URL, { a: view.a, u: view.u, b: view.b, h: view.h });
}
