/**
 * The one way the browser posts fire-and-forget JSON beacons
 * (/event/a/analytics, /event/a/carousel-click, /event/a/productview and the
 * sponsored-ad beacons): `navigator.sendBeacon(url, json)`, which sends the
 * JSON text with `Content-Type: text/plain;charset=UTF-8` and no other
 * headers. When sendBeacon is missing, throws, or refuses the data (returns
 * false), the same body goes by `fetch(url, { method: 'POST', keepalive: true })`
 * with the same content type and an Idempotency-Key. Nothing is retried and
 * no answer is read.
 */
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from '../api/client';

export const BEACON_CONTENT_TYPE = 'text/plain;charset=UTF-8';

/** Posts `body` as JSON to `url`; true when it was handed to the browser. */
export function sendJsonBeacon(url: string, body: unknown): boolean {
  let json: string;
  try {
    json = JSON.stringify(body);
  } catch {
    return false;
  }
  if (json === undefined) return false;

  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(url, json)) return true;
    }
  } catch {
    // Fall back to fetch.
  }

  try {
    if (typeof fetch !== 'function') return false;
    const sent = fetch(url, {
      method: 'POST',
      body: json,
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': BEACON_CONTENT_TYPE, [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() },
    });
    Promise.resolve(sent).catch(() => {
      // Fire-and-forget.
    });
    return true;
  } catch {
    return false;
  }
}
