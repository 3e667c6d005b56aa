/**
 * Tracking events (accounts-rewards-search spec §3 "Tracking events", §7):
 * each event is an image request
 *
 *   GET /hawk.png?t=<event>&et=<type code>&cg=<client id>[&cd=<custom data>]&r=<random>
 *
 * - `t`: the event JSON (UTF-8) in standard base64, URL-encoded.
 * - `et`: the event type code (PageLoad 1 … AutoCompleteClick 11, `./codes`).
 * - `cg`: {@link TRACKING_CLIENT_ID}.
 * - `cd`: optional custom data (a string; objects are sent as JSON), URL-encoded.
 * - `r`: a random token so no cache answers the request. A retried event
 *   keeps its token (the server counts an event once per token).
 *
 * The event JSON has `"event"` (the event name, e.g. "AutoCompleteClick"),
 * `"version": "v2"`, `"timestamp"` (ISO 8601) and the spec's snake_case
 * fields that apply (see {@link EVENT_FIELDS}; a PageLoad's page type and a
 * Search's search type travel as `type_id`); click-type events add the
 * flat click details of `./clickDetails`. `visitor_id` and `visit_id` are
 * never sent: they live in HttpOnly cookies the server reads itself.
 *
 * An image request that fails (onerror) is kept in sessionStorage
 * (`sf.tracking.pending`, at most 50) and sent again, once per attempt, at
 * the next trackEvent call (so also at the next page load, which tracks a
 * PageLoad); an event is dropped after 3 failed attempts.
 */
import { utf8ToBase64 } from './base64';
import { clickDetails, type ClickLike } from './clickDetails';
import {
  CLICK_EVENTS,
  EVENT_TYPES,
  resolveEventName,
  TRACKING_VERSION,
  type EventName,
} from './codes';

export const HAWK_URL = '/hawk.png';

/** The client id sent as `cg` with every event. */
export const TRACKING_CLIENT_ID = 'storefront-web';

export const PENDING_STORAGE_KEY = 'sf.tracking.pending';
export const MAX_PENDING_EVENTS = 50;
export const MAX_ATTEMPTS = 3;

/**
 * The spec's event fields (without visitor_id / visit_id). `type_id` is the
 * page type of a PageLoad and the search type of a Search.
 */
export const EVENT_FIELDS = [
  'timestamp',
  'request_path',
  'qs',
  'tracking_id',
  'unique_id',
  'element_no',
  'mlt',
  'url',
  'query_id',
  'type_id',
  'banner_id',
  'order_no',
  'item_list',
  'total',
  'tax',
  'sub_total',
  'currency',
  'price',
  'quantity',
  'value',
  'widget_guid',
  'item_index',
  'request_id',
  'suggest_type',
  'name',
  'keyword',
] as const;

export type EventField = (typeof EVENT_FIELDS)[number];

type FieldValue = string | number | boolean | null | undefined | readonly unknown[] | Record<string, unknown>;

/**
 * Fields of one event. Unknown keys, `undefined`/`null` values, and
 * `visitor_id` / `visit_id` (filled by the server) are left out.
 */
export type TrackingFields = Partial<Record<EventField, FieldValue>> & {
  visitor_id?: never;
  visit_id?: never;
};

export interface TrackOptions {
  /** Sent as the `cd` parameter (objects as JSON). */
  customData?: string | Record<string, unknown>;
}

/** An event as kept for a retry. */
interface PendingEvent {
  et: number;
  t: string;
  cd?: string;
  /** The random token (kept across retries). */
  r: string;
  attempts: number;
}

const ALLOWED = new Set<string>(EVENT_FIELDS);

/** Images in flight (kept referenced until they settle). */
const inFlight = new Set<HTMLImageElement>();

function randomToken(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

/** The event JSON object for `name` with `fields` (exported for tests). */
export function buildEvent(
  name: EventName,
  fields: TrackingFields = {},
  clickEvent?: ClickLike | null,
): Record<string, unknown> {
  const event: Record<string, unknown> = {
    event: name,
    version: TRACKING_VERSION,
    timestamp: new Date().toISOString(),
  };
  for (const [key, value] of Object.entries(fields)) {
    if (!ALLOWED.has(key) || value === undefined || value === null) continue;
    event[key] = value;
  }
  if (CLICK_EVENTS.has(name)) {
    for (const [key, value] of Object.entries(clickDetails(clickEvent))) {
      if (value !== undefined) event[key] = value;
    }
  }
  return event;
}

/** The /hawk.png URL of one event. */
export function hawkUrl(pending: Pick<PendingEvent, 'et' | 't' | 'cd' | 'r'>): string {
  let url =
    `${HAWK_URL}?t=${encodeURIComponent(pending.t)}` +
    `&et=${pending.et}` +
    `&cg=${encodeURIComponent(TRACKING_CLIENT_ID)}`;
  if (pending.cd) url += `&cd=${encodeURIComponent(pending.cd)}`;
  return `${url}&r=${encodeURIComponent(pending.r)}`;
}

// ------------------------------------------------------------ pending queue

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function isPending(value: unknown): value is PendingEvent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.et === 'number' &&
    typeof v.t === 'string' &&
    typeof v.attempts === 'number' &&
    (v.r === undefined || typeof v.r === 'string') &&
    (v.cd === undefined || typeof v.cd === 'string')
  );
}

/** The events waiting for a retry (oldest first). */
export function readPendingEvents(): PendingEvent[] {
  const store = storage();
  if (!store) return [];
  try {
    const parsed: unknown = JSON.parse(store.getItem(PENDING_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isPending).map((p) => (p.r ? p : { ...p, r: randomToken() }));
  } catch {
    return [];
  }
}

function writePendingEvents(list: PendingEvent[]): void {
  const store = storage();
  if (!store) return;
  try {
    if (list.length === 0) store.removeItem(PENDING_STORAGE_KEY);
    else store.setItem(PENDING_STORAGE_KEY, JSON.stringify(list.slice(-MAX_PENDING_EVENTS)));
  } catch {
    // Storage full or blocked: the event is lost.
  }
}

function addPending(event: PendingEvent): void {
  writePendingEvents([...readPendingEvents(), event]);
}

// ------------------------------------------------------------------ sending

function send(event: PendingEvent): void {
  const attempt: PendingEvent = { ...event, attempts: event.attempts + 1 };
  let image: HTMLImageElement;
  try {
    image = new Image();
  } catch {
    return;
  }
  inFlight.add(image);
  image.onload = () => {
    inFlight.delete(image);
  };
  image.onerror = () => {
    inFlight.delete(image);
    if (attempt.attempts < MAX_ATTEMPTS) addPending(attempt);
  };
  image.src = hawkUrl(attempt);
}

/** Sends every stored event again, once each (failures go back with one more attempt). */
export function retryPendingEvents(): void {
  const pending = readPendingEvents();
  if (pending.length === 0) return;
  writePendingEvents([]);
  for (const event of pending) {
    if (event.attempts < MAX_ATTEMPTS) send(event);
  }
}

/**
 * Tracks one event. `name` is an event name in any case ('pageload',
 * 'AutoCompleteClick', …); anything else throws `Error('No such tracking
 * event')`. Click-type events (Click, BannerClick, RecommendationClick,
 * AutoCompleteClick) take the click details from `clickEvent`. Stored
 * failed events are retried first.
 */
export function trackEvent(
  name: string,
  fields: TrackingFields = {},
  clickEvent?: ClickLike | null,
  options: TrackOptions = {},
): void {
  const eventName = resolveEventName(name);
  const json = JSON.stringify(buildEvent(eventName, fields, clickEvent));
  const cd =
    options.customData === undefined
      ? undefined
      : typeof options.customData === 'string'
        ? options.customData
        : JSON.stringify(options.customData);

  retryPendingEvents();
  send({ et: EVENT_TYPES[eventName], t: utf8ToBase64(json), cd: cd || undefined, r: randomToken(), attempts: 0 });
}

/** Tests only: forget images in flight and stored events. */
export function resetTracking(): void {
  inFlight.clear();
  writePendingEvents([]);
}
