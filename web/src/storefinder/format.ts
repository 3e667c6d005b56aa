import { DAYS, type DayName, type Store } from '../shared/api/stores';

export const STATE_NAMES: Record<string, string> = {
  IA: 'Iowa',
  IL: 'Illinois',
  IN: 'Indiana',
  MI: 'Michigan',
  MN: 'Minnesota',
  WI: 'Wisconsin',
};

export function stateName(code: string): string {
  return STATE_NAMES[code] ?? code;
}

/**
 * What a store is called: the server's title ('Madison, WI – E Washington Ave'
 * where two stores share a city), else 'City, ST'.
 */
export function storeTitle(store: Pick<Store, 'city' | 'state'> & { title?: string | null }): string {
  return typeof store.title === 'string' && store.title.trim() !== '' ? store.title : `${store.city}, ${store.state}`;
}

export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:+1${digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits}`;
}

export function formatDistance(miles: number | null | undefined): string | null {
  if (typeof miles !== 'number' || !Number.isFinite(miles)) return null;
  return `${miles.toFixed(1)} mi`;
}

/** Today's weekday at the store (its own time zone). */
export function todayAt(timeZone: string | undefined, now: Date = new Date()): DayName | null {
  try {
    const name = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone }).format(now);
    return (DAYS as readonly string[]).includes(name) ? (name as DayName) : null;
  } catch {
    return null;
  }
}

export function directionsHref(store: Pick<Store, 'address1' | 'city' | 'state' | 'zip' | 'googlePlaceID'>): string {
  const params = new URLSearchParams({
    api: '1',
    destination: `${store.address1}, ${store.city}, ${store.state} ${store.zip}`,
  });
  if (store.googlePlaceID) params.set('destination_place_id', store.googlePlaceID);
  return `https://www.google.com/maps/dir/?${params}`;
}
