/**
 * The shopper's recently viewed products, kept in this browser
 * (localStorage 'sf_recently_viewed': a JSON array of product numbers, most
 * recent first, each once, at most 12). The home page asks the
 * recommendation API for products like the most recent one.
 *
 * Storage may be missing (private mode, disabled), full, or hold anything:
 * reading never throws and keeps only valid product numbers; writing failures
 * are ignored.
 */

export const RECENTLY_VIEWED_KEY = 'sf_recently_viewed';
export const RECENTLY_VIEWED_MAX = 12;

/** A product number as the catalog writes them: letters, digits, dashes (no spaces). */
const PRODUCT_NUMBER = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    // Access itself can throw (storage disabled).
    return null;
  }
}

function clean(values: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    const n = typeof value === 'number' && Number.isInteger(value) && value >= 0 ? String(value) : value;
    if (typeof n !== 'string') continue;
    const number = n.trim();
    if (!PRODUCT_NUMBER.test(number) || out.includes(number)) continue;
    out.push(number);
    if (out.length === RECENTLY_VIEWED_MAX) break;
  }
  return out;
}

/** The recently viewed product numbers, most recent first (empty when none or unreadable). */
export function readRecentlyViewed(): string[] {
  const store = storage();
  if (!store) return [];
  let raw: string | null;
  try {
    raw = store.getItem(RECENTLY_VIEWED_KEY);
  } catch {
    return [];
  }
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  return Array.isArray(parsed) ? clean(parsed) : [];
}

/**
 * Records a view of `blainNumber`: it moves to the front, appears once, and
 * the list keeps the 12 most recent. Returns the new list.
 */
export function recordRecentlyViewed(blainNumber: string): string[] {
  const list = clean([blainNumber, ...readRecentlyViewed()]);
  const store = storage();
  if (store && list.length > 0) {
    try {
      store.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(list));
    } catch {
      // Full or disabled storage: the history is a nicety.
    }
  }
  return list;
}

/** Forgets the history. */
export function clearRecentlyViewed(): void {
  try {
    storage()?.removeItem(RECENTLY_VIEWED_KEY);
  } catch {
    // Nothing to do.
  }
}
