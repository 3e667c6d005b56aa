import { MESSAGES } from '../shared/forms/messages';
import { GENERIC_ERROR_MESSAGE } from '../shared/ui/errors';

/** Store search constants (spec §9). */
export const STORE_SEARCH_MIN_LOADING_MS = 400;
export const GEOLOCATION_TIMEOUT_MS = 10_000;
export const STORE_SEARCH_RADIUS_MI = 200;

/** Store search messages (spec §8). */
export const STORE_MESSAGES = {
  invalidZip: MESSAGES.zip,
  locationDenied:
    'We are unable to retrieve your location. Please enable location services in your browser settings and try again.',
  locationFailed: 'We are unable to retrieve your location. Please try again later.',
  noStores: `No additional stores found within ${STORE_SEARCH_RADIUS_MI} miles of your location`,
  outOfStockNearby: 'This item is out of stock at stores near you.',
  locationNotFound: 'We couldn’t find that location. Please check the ZIP code and try again.',
  prompt: 'Enter a ZIP code or use your location to find stores near you.',
  generic: GENERIC_ERROR_MESSAGE,
} as const;
