/**
 * Reading JSON answers defensively: the API modules normalise what the server
 * sends with these, so a missing or mistyped field becomes a default rather
 * than a crash in a component.
 */
export type Json = Record<string, unknown>;

/** A JSON object (not null, not an array). */
export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A finite number, else `fallback`. */
export function num(value: unknown, fallback = 0): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** A string as sent, else `fallback`. */
export function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

/** A non-empty string as sent, else null. */
export function strOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
