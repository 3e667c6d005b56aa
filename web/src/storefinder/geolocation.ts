import { GEOLOCATION_TIMEOUT_MS } from './messages';

export interface Position {
  latitude: number;
  longitude: number;
}

export type GeolocationFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export class GeolocationError extends Error {
  readonly kind: GeolocationFailure;
  constructor(kind: GeolocationFailure) {
    super(`Geolocation failed: ${kind}`);
    this.name = 'GeolocationError';
    this.kind = kind;
  }
}

/** The browser's position, within 10 s (spec §9). */
export function getCurrentPosition(timeout: number = GEOLOCATION_TIMEOUT_MS): Promise<Position> {
  return new Promise((resolve, reject) => {
    const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geo || typeof geo.getCurrentPosition !== 'function') {
      reject(new GeolocationError('unsupported'));
      return;
    }
    geo.getCurrentPosition(
      (pos) => resolve({ latitude: pos.coords.latitude, longitude: pos.coords.longitude }),
      (err) => {
        const kind: GeolocationFailure =
          err.code === 1 ? 'denied' : err.code === 3 ? 'timeout' : 'unavailable';
        reject(new GeolocationError(kind));
      },
      { timeout, maximumAge: 5 * 60_000, enableHighAccuracy: false },
    );
  });
}
