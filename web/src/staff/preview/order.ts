/**
 * The pins' new order after Move up or Move down, and the board's pins as last answered.
 *
 * `UpdateItemPinOrder` takes the board's full new order (the server refuses a list that is not
 * exactly the pinned items). A page shows only the pins that hold their place (a pin that does
 * not match the search, or is out of stock, is not listed), so the order is built on the
 * board's pins as the last pin call answered them (kept for the browser tab), when they hold
 * every pin the page shows; else on the pins the page shows.
 */

/**
 * The order after moving `item` one place up (`delta` -1) or down (+1) among the pins the page
 * shows (`shown`, in order): it swaps places with the shown pin above or below it. Null when it
 * cannot move that way (not shown as pinned, or first / last).
 */
export function movedOrder(
  known: readonly string[] | null,
  shown: readonly string[],
  item: string,
  delta: -1 | 1,
): string[] | null {
  const at = shown.indexOf(item);
  const neighbour = at < 0 ? undefined : shown[at + delta];
  if (neighbour === undefined) return null;
  const base = known !== null && shown.every((id) => known.includes(id)) ? [...known] : [...shown];
  const from = base.indexOf(item);
  const to = base.indexOf(neighbour);
  base[from] = neighbour;
  base[to] = item;
  return base;
}

const STORAGE_PREFIX = 'sf.preview.pins:';

/** The board's pins as the last pin call on it answered (this browser tab), or null. */
export function knownPins(key: string): string[] | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_PREFIX + key);
    const value: unknown = raw === null ? null : JSON.parse(raw);
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;
  } catch {
    return null;
  }
}

/** Keeps the board's pins as a pin call answered them (null: forgets them). */
export function rememberPins(key: string, pins: readonly string[] | null): void {
  try {
    if (pins === null) sessionStorage.removeItem(STORAGE_PREFIX + key);
    else sessionStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(pins));
  } catch {
    // Storage blocked: the page's own pins are used.
  }
}
