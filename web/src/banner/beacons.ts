/**
 * Sponsored-ad beacons (storefront-shell spec §7), for the banner's sponsored
 * slot and the mega-menu ad: `POST /event/a/sponsored-ad-impression` with a
 * JSON array of ad ids (once per ad per page load) and
 * `POST /event/a/sponsored-ad-click` with the JSON of the ad id. Sent by the
 * shared beacon (`src/shared/tracking/beacon.ts`).
 */
import { sendJsonBeacon } from '../shared/tracking/beacon';
import { AD_CLICK_URL, AD_IMPRESSION_URL } from './constants';

const impressed = new Set<string>();

function usableId(id: string | number): boolean {
  return typeof id === 'number' ? Number.isFinite(id) : id !== '';
}

/** Sends the impression beacon for these ads, once per ad per page load. */
export function sendAdImpressions(adIds: Array<string | number>): void {
  const fresh = adIds.filter((id, i) => usableId(id) && !impressed.has(String(id)) && adIds.indexOf(id) === i);
  if (fresh.length === 0) return;
  fresh.forEach((id) => impressed.add(String(id)));
  sendJsonBeacon(AD_IMPRESSION_URL, fresh);
}

/** Sends the click beacon for an ad. */
export function sendAdClick(adId: string | number): void {
  if (!usableId(adId)) return;
  sendJsonBeacon(AD_CLICK_URL, adId);
}

/** Tests only. */
export function resetAdBeacons(): void {
  impressed.clear();
}
