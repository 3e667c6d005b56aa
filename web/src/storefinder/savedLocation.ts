import type { Position } from './geolocation';

/** The last place the visitor searched from, for this tab session. */
export type SavedLocation = { zip: string } | { position: Position };

const KEY = 'storefront.storeSearchLocation';

export function loadSavedLocation(): SavedLocation | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<{ zip: unknown; position: Partial<Position> }>;
    if (typeof value.zip === 'string' && /^\d{5}$/.test(value.zip)) return { zip: value.zip };
    const p = value.position;
    if (p && typeof p.latitude === 'number' && typeof p.longitude === 'number') {
      return { position: { latitude: p.latitude, longitude: p.longitude } };
    }
  } catch {
    // Storage unavailable or corrupt: no saved location.
  }
  return null;
}

export function saveLocation(location: SavedLocation): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(location));
  } catch {
    // Ignore.
  }
}

export function clearSavedLocation(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Ignore.
  }
}
