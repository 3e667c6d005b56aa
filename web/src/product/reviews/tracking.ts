/**
 * The Rate tracking event (accounts-rewards-search §3 "Tracking events", code 5): sent once a
 * review is written, with the product (`unique_id`) and the stars given (`value`). The spec
 * tracks a rating only for values 1 to 5 (§5 "Compare and rating"): anything else sends
 * nothing.
 */
import { trackEvent } from '../../shared/tracking';

/** A rating the Rate event may carry: a whole number of stars from 1 to 5. */
export function isTrackableRating(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;
}

/** Sends Rate for `rating` of `product`; answers whether it was sent (never for other values). */
export function trackRating(product: string, rating: unknown): boolean {
  if (!isTrackableRating(rating)) return false;
  try {
    trackEvent('Rate', { unique_id: product, value: rating, url: window.location.href });
    return true;
  } catch {
    // Tracking never breaks the page.
    return false;
  }
}
