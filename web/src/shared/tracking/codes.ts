/**
 * Tracking code tables (accounts-rewards-search spec §3 "Tracking events").
 * The numbers travel on the wire (`et` of /hawk.png; `type_id` — the page
 * type of a PageLoad, the search type of a Search — and `suggest_type` in
 * the event JSON) and must not change.
 */

/** Event types and their `et` codes. */
export const EVENT_TYPES = {
  PageLoad: 1,
  Search: 2,
  Click: 3,
  Add2Cart: 4,
  Rate: 5,
  Sale: 6,
  BannerClick: 7,
  BannerImpression: 8,
  Login: 9,
  RecommendationClick: 10,
  AutoCompleteClick: 11,
} as const;

export type EventName = keyof typeof EVENT_TYPES;
export type EventTypeCode = (typeof EVENT_TYPES)[EventName];

/** Page types (PageLoad's `type_id`). */
export const PAGE_TYPES = {
  itemDetails: 1,
  landingPage: 2,
  shoppingCart: 3,
  orderConfirmation: 4,
  custom: 5,
} as const;

export type PageType = keyof typeof PAGE_TYPES;

/** Search types (Search's `type_id`). */
export const SEARCH_TYPES = {
  Search: 1,
  Refinement: 2,
} as const;

/** Autocomplete suggestion types (AutoCompleteClick's `suggest_type`). */
export const SUGGEST_TYPES = {
  popular: 1,
  category: 2,
  product: 3,
  content: 4,
} as const;

export type SuggestType = keyof typeof SUGGEST_TYPES;

/** The tracking version every event carries (`"version": "v2"`). */
export const TRACKING_VERSION = 'v2';

/** Events that carry click details (mouse, viewport, element, browser). */
export const CLICK_EVENTS: ReadonlySet<EventName> = new Set<EventName>([
  'Click',
  'BannerClick',
  'RecommendationClick',
  'AutoCompleteClick',
]);

export const UNKNOWN_EVENT_MESSAGE = 'No such tracking event';

const BY_LOWER_NAME = new Map<string, EventName>(
  (Object.keys(EVENT_TYPES) as EventName[]).map((name) => [name.toLowerCase(), name]),
);

/**
 * The canonical event name for `name`, matched case-insensitively
 * ('pageload', 'AutoCompleteClick', ...). Anything else throws
 * `Error('No such tracking event')`.
 */
export function resolveEventName(name: string): EventName {
  const found = typeof name === 'string' ? BY_LOWER_NAME.get(name.toLowerCase()) : undefined;
  if (!found) throw new Error(UNKNOWN_EVENT_MESSAGE);
  return found;
}
