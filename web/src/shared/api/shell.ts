/**
 * Calls the storefront shell makes (spec storefront-shell §7): header data,
 * the mega-menu ad, the banner's sponsored ad, search suggestions and
 * setting the local store.
 * Every call goes through the shared client (`./client`), so the spec's
 * status handling (204, 405 reload, HTML-reload, network error) applies.
 *
 * The normalisers are forgiving about missing optional fields (they default
 * them) but reject an answer that isn't the right shape at all with a
 * `NetworkError`, like a body that isn't JSON.
 */
import { apiGet, NetworkError } from './client';
import { isObject, num, str, strOrNull } from './json';
import { prefetchedBody } from './prefetched';
import type { Wire } from './wire';

export const HEADER_URL = '/globalresource/header/';
export const DEPT_MENU_URL = '/globalresource/dept-menu/';
export const FLYOUT_URL = '/globalresource/category-flyout/';
/** The site-messages banner's sponsored ad (site content): `null` or one ad. */
export const SPONSORED_AD_URL = '/globalresource/sponsored-ad/';
export const AUTOCOMPLETE_URL = '/s/a/autocomplete';

/** GET /stores/set-json/{storeNum}. */
export function setStoreUrl(storeNum: number): string {
  return `/stores/set-json/${encodeURIComponent(String(storeNum))}`;
}

// ---------------------------------------------------------------- types

type WireHeader = Wire<'Header'>;

/** A department in the header menu (spec §3 "Menu item"); the normaliser fills absent banners with null. */
export type MenuItem = Required<Omit<Wire<'MenuItem'>, 'children'>> & { children: MenuItem[] };

export type HeaderLink = WireHeader['headerLinks'][number];
export type LocalStoreJson = NonNullable<WireHeader['localStoreJson']>;
export type CustomerJson = NonNullable<WireHeader['customer']>;
export type CountdownKind = WireHeader['siteMessages'][number]['countdown'];

/** A site message; the normaliser fills absent links, icons and end dates with null. */
export type SiteMessage = Required<WireHeader['siteMessages'][number]>;

/**
 * GET /globalresource/header/ (spec §3 "Header data"). The normaliser fills what is absent
 * (null, or empty lists), has the department menu in place of `deptMenuVersion` (fetched by
 * it), and has null for the server time and the footer fields when they were not sent.
 */
export type HeaderData = Required<
  Omit<WireHeader, 'deptMenuVersion' | 'deptMenu' | 'siteMessages' | 'serverTime' | 'isMobileDevice' | 'assetCdnBaseUrl'>
> & {
  deptMenu: MenuItem[];
  siteMessages: SiteMessage[];
  serverTime: string | null;
  /** Footer data: the server's reading of the device (null: not sent). */
  isMobileDevice: boolean | null;
  /** Footer data: where assets come from ('' this origin; null: not sent). */
  assetCdnBaseUrl: string | null;
};

/** GET /globalresource/category-flyout/ (spec §3 "Mega menu ad"); also the sponsored ad. */
export type MegaMenuAd = Wire<'MegaMenuAd'>;

/**
 * One brand, category or popular-search suggestion. `html` is server-escaped
 * HTML with `<strong>` around the match; it is the only field rendered as HTML.
 */
export type SuggestionLink = Wire<'SuggestionLink'>;

/** A suggested product; the normaliser has `thumbnail` '' without a picture. */
export type ProductSuggestion = Omit<Wire<'SuggestedProduct'>, 'thumbnail'> & { thumbnail: string };

/** GET /s/a/autocomplete (spec §3 "Autocomplete result"). */
export type AutocompleteResult = Omit<Wire<'Suggestions'>, 'products'> & { products: ProductSuggestion[] };

// ---------------------------------------------------------- normalisers

function list<T>(value: unknown, item: (v: unknown) => T | null): T[] {
  if (!Array.isArray(value)) return [];
  const out: T[] = [];
  for (const v of value) {
    const parsed = item(v);
    if (parsed !== null) out.push(parsed);
  }
  return out;
}

function menuItem(value: unknown): MenuItem | null {
  if (!isObject(value) || typeof value.id !== 'number' || typeof value.name !== 'string') {
    return null;
  }
  return {
    id: value.id,
    name: value.name,
    url: str(value.url, '#'),
    bannerImageUrl: strOrNull(value.bannerImageUrl),
    bannerLinkUrl: strOrNull(value.bannerLinkUrl),
    children: list(value.children, menuItem),
  };
}

function headerLink(value: unknown): HeaderLink | null {
  if (!isObject(value) || typeof value.text !== 'string' || typeof value.link !== 'string') {
    return null;
  }
  return { text: value.text, link: value.link };
}

function localStore(value: unknown): LocalStoreJson | null {
  if (!isObject(value) || typeof value.storeNum !== 'number') return null;
  const city = str(value.city);
  return {
    storeNum: value.storeNum,
    city,
    cityAlias: str(value.cityAlias, city),
    state: str(value.state),
    urlAlias: str(value.urlAlias),
  };
}

function customer(value: unknown): CustomerJson | null {
  if (!isObject(value)) return null;
  return {
    firstName: str(value.firstName),
    customerHasRegistries: value.customerHasRegistries === true,
  };
}

function siteMessage(value: unknown): SiteMessage | null {
  if (!isObject(value) || typeof value.text !== 'string') return null;
  const countdown =
    value.countdown === 'after' || value.countdown === 'before' ? value.countdown : 'none';
  return {
    id: str(value.id, value.text),
    text: value.text,
    link: strOrNull(value.link),
    icon: strOrNull(value.icon),
    countdown,
    endDateTime: strOrNull(value.endDateTime),
  };
}

/** The header data a guest with no store and an empty cart sees. */
export const EMPTY_HEADER: HeaderData = {
  loggedIn: false,
  greeting: null,
  customer: null,
  localStoreName: null,
  localStoreJson: null,
  deptMenu: [],
  headerLinks: [],
  cartSummaryJson: { cartQty: 0 },
  itemsInCartCount: 0,
  siteMessages: [],
  serverTime: null,
  isMobileDevice: null,
  assetCdnBaseUrl: null,
};

export function normalizeHeader(value: unknown): HeaderData {
  if (!isObject(value)) throw new NetworkError(200);
  const cart = isObject(value.cartSummaryJson) ? value.cartSummaryJson : {};
  const itemsInCartCount = num(value.itemsInCartCount);
  const loggedIn = value.loggedIn === true;
  return {
    loggedIn,
    greeting: strOrNull(value.greeting),
    customer: loggedIn ? customer(value.customer) : null,
    localStoreName: strOrNull(value.localStoreName),
    localStoreJson: localStore(value.localStoreJson),
    deptMenu: list(value.deptMenu, menuItem),
    headerLinks: list(value.headerLinks, headerLink),
    cartSummaryJson: { cartQty: Math.max(0, num(cart.cartQty, itemsInCartCount)) },
    itemsInCartCount,
    siteMessages: list(value.siteMessages, siteMessage),
    serverTime: strOrNull(value.serverTime),
    isMobileDevice: typeof value.isMobileDevice === 'boolean' ? value.isMobileDevice : null,
    assetCdnBaseUrl: typeof value.assetCdnBaseUrl === 'string' ? value.assetCdnBaseUrl : null,
  };
}

export function normalizeMegaMenuAd(value: unknown): MegaMenuAd | null {
  if (!isObject(value) || typeof value.ctaLink !== 'string') return null;
  const desktopImage = str(value.desktopImage);
  return {
    adId: typeof value.adId === 'number' && Number.isFinite(value.adId) ? String(value.adId) : str(value.adId),
    desktopImage,
    mobileImage: str(value.mobileImage, desktopImage),
    ctaLink: value.ctaLink,
    bannerImageAccessibleText: str(value.bannerImageAccessibleText),
    ctaAccessibleText: str(value.ctaAccessibleText),
  };
}

function suggestionLink(value: unknown): SuggestionLink | null {
  if (!isObject(value) || typeof value.url !== 'string' || typeof value.html !== 'string') {
    return null;
  }
  return { url: value.url, html: value.html };
}

function productSuggestion(value: unknown): ProductSuggestion | null {
  if (!isObject(value) || typeof value.url !== 'string' || typeof value.name !== 'string') {
    return null;
  }
  return {
    name: value.name,
    vendorBrand: str(value.vendorBrand),
    url: value.url,
    thumbnail: str(value.thumbnail),
    ...(typeof value.price === 'string' && value.price ? { price: value.price } : {}),
  };
}

export const EMPTY_AUTOCOMPLETE: AutocompleteResult = {
  brands: [],
  categories: [],
  popularSearches: [],
  products: [],
  productHeading: '',
  count: 0,
};

export function normalizeAutocomplete(value: unknown): AutocompleteResult {
  if (value === undefined) return EMPTY_AUTOCOMPLETE;
  if (!isObject(value)) throw new NetworkError(200);
  return {
    brands: list(value.brands, suggestionLink),
    categories: list(value.categories, suggestionLink),
    popularSearches: list(value.popularSearches, suggestionLink),
    products: list(value.products, productSuggestion),
    productHeading: str(value.productHeading),
    count: num(value.count),
  };
}

// ---------------------------------------------------------------- calls

/** The department menu alone, by the version the header names (immutable). */
export function deptMenuUrl(version: string): string {
  return `${DEPT_MENU_URL}?v=${encodeURIComponent(version)}`;
}

/** The menu this page already holds, by version: refreshes of the header reuse it. */
let keptMenu: { version: string; menu: MenuItem[] } | null = null;

/** The header's own URL: without the department menu, which comes by its version. */
export const HEADER_ONLY_URL = `${HEADER_URL}?deptMenu=omit`;

/** The version of the department menu a header answer names ('' when it carries its menu). */
export function menuVersionOf(body: unknown): string {
  return isObject(body) && body.deptMenu === undefined ? str(body.deptMenuVersion) : '';
}

/**
 * The header data; a guest's empty header when the server answers 204.
 * The header is asked for without its department menu (`?deptMenu=omit`):
 * the menu comes by its version from `/globalresource/dept-menu/`, which the
 * browser keeps, so a page view moves only the visitor's own few fields.
 */
export async function fetchHeader(signal?: AbortSignal): Promise<HeaderData> {
  const body = await apiGet<unknown>(HEADER_ONLY_URL, signal);
  if (body === undefined) return EMPTY_HEADER;
  const header = normalizeHeader(body);
  const version = menuVersionOf(body);
  if (version) header.deptMenu = await fetchDeptMenu(version, signal);
  return header;
}

/** The department menu of `version` (immutable, so the browser keeps it); this page keeps it too. */
export async function fetchDeptMenu(version: string, signal?: AbortSignal): Promise<MenuItem[]> {
  if (keptMenu?.version !== version) {
    const menu = await apiGet<unknown>(deptMenuUrl(version), signal);
    keptMenu = { version, menu: list(menu, menuItem) };
  }
  return keptMenu.menu;
}

/**
 * The header the page was rendered with on the server (`prefetched.ts`), if it was, without its
 * department menu: the menu (tens of kilobytes, the same for everyone, hidden until opened) is
 * not part of the page; the browser fetches it by its version (`prefetchedMenuVersion`) once the
 * page is up. The device is left unknown (`isMobileDevice: null`): the renderer's request is
 * not the visitor's browser.
 */
export function prefetchedHeader(): HeaderData | undefined {
  const body = prefetchedBody(HEADER_ONLY_URL);
  if (body === undefined) return undefined;
  if (body === null) return EMPTY_HEADER;
  try {
    return { ...normalizeHeader(body), deptMenu: [], isMobileDevice: null };
  } catch {
    return undefined;
  }
}

/** The version of the department menu the prefetched header names ('' for none). */
export function prefetchedMenuVersion(): string {
  return menuVersionOf(prefetchedBody(HEADER_ONLY_URL));
}

/** The mega-menu ad, or `null` when there is none (204). */
export async function fetchMegaMenuAd(signal?: AbortSignal): Promise<MegaMenuAd | null> {
  const body = await apiGet<unknown>(FLYOUT_URL, signal);
  return body === undefined ? null : normalizeMegaMenuAd(body);
}

/**
 * The banner's sponsored ad (same shape as the mega-menu ad), or `null` when
 * the server answers `null`, 204 or something that isn't an ad.
 */
export async function fetchSponsoredAd(signal?: AbortSignal): Promise<MegaMenuAd | null> {
  const body = await apiGet<unknown>(SPONSORED_AD_URL, signal);
  return body === undefined || body === null ? null : normalizeMegaMenuAd(body);
}

export function autocompleteUrl(keyword: string): string {
  return `${AUTOCOMPLETE_URL}?${new URLSearchParams({ keyword })}`;
}

/** Search suggestions for `keyword` (the empty keyword gives popular searches). */
export async function fetchAutocomplete(
  keyword: string,
  signal?: AbortSignal,
): Promise<AutocompleteResult> {
  return normalizeAutocomplete(await apiGet<unknown>(autocompleteUrl(keyword), signal));
}

/** Makes `storeNum` the visitor's local store; resolves to the server's `success`. */
export async function setLocalStore(storeNum: number, signal?: AbortSignal): Promise<boolean> {
  const body = await apiGet<unknown>(setStoreUrl(storeNum), signal);
  return isObject(body) && body.success === true;
}
