import { AD_CLICK_URL, AD_IMPRESSION_URL } from './constants';

const impressed = new Set<string>();

function beacon(url: string, body: string): void {
  try {
    if (typeof navigator.sendBeacon === 'function') navigator.sendBeacon(url, body);
  } catch {
    // Fire-and-forget.
  }
}

/** Sends the impression beacon for these ads, once per ad per page load. */
export function sendAdImpressions(adIds: Array<string | number>): void {
  const fresh = adIds.filter((id) => !impressed.has(String(id)));
  if (fresh.length === 0) return;
  fresh.forEach((id) => impressed.add(String(id)));
  beacon(AD_IMPRESSION_URL, JSON.stringify(fresh));
}

/** Sends the click beacon for an ad. */
export function sendAdClick(adId: string | number): void {
  beacon(AD_CLICK_URL, JSON.stringify(adId));
}

/** Tests only. */
export function resetAdBeacons(): void {
  impressed.clear();
}
