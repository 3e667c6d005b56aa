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

/** A JSON object as sent, else an empty one (an answer's fields then read as their defaults). */
export function asObject(value: unknown): Json {
  return isObject(value) ? value : {};
}

/** True for JSON `true` only. */
export function bool(value: unknown): boolean {
  return value === true;
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

/** A string trimmed (site content is typed by people), else `fallback`. */
export function trimmed(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value.trim() : fallback;
}

/** A trimmed, non-empty string, else null. */
export function trimmedOrNull(value: unknown): string | null {
  const s = trimmed(value);
  return s === '' ? null : s;
}

/**
 * A link the page may follow: a path on this site ('/lawn-garden/',
 * '/s/?keyword=…'). Anything else (other sites, `javascript:`, '//host') is
 * dropped.
 */
export function safeLocalLink(value: unknown): string | null {
  const link = trimmedOrNull(value);
  if (link === null || !link.startsWith('/') || link.startsWith('//') || link.includes('\\')) return null;
  return link;
}

/** A picture address: a path on this site or an http(s) URL. */
export function imageUrl(value: unknown): string | null {
  const url = trimmedOrNull(value);
  if (url === null) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https?:\/\//i.test(url) ? url : null;
}
