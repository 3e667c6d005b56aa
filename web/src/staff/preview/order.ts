/**
 * The pins' new order after Move up, Move down or a drop, and the board's pins as last answered.
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
  const base = boardBase(known, shown);
  const from = base.indexOf(item);
  const to = base.indexOf(neighbour);
  base[from] = neighbour;
  base[to] = item;
  return base;
}

/**
 * The place (0-based, among the pins the page shows) `item` takes when it is dropped at `gap`:
 * before `shown[gap]`, or after the last pin when `gap` is `shown.length`. Null when the drop
 * leaves it where it is (the gaps just before and just after it), is out of range, or the item
 * is not shown as pinned.
 */
export function dropPlace(shown: readonly string[], item: string, gap: number): number | null {
  const from = shown.indexOf(item);
  if (from < 0 || !Number.isInteger(gap) || gap < 0 || gap > shown.length) return null;
  if (gap === from || gap === from + 1) return null;
  return gap > from ? gap - 1 : gap;
}

/**
 * The order after dropping `item` at `gap` among the pins the page shows (see dropPlace), with
 * its place among them. The shown pins are put in their new order in the places they hold on
 * the board, and the board's pins the page does not show keep theirs — so a drop one place up or
 * down gives the same order as Move up / Move down. Null when the drop changes nothing.
 */
export function droppedOrder(
  known: readonly string[] | null,
  shown: readonly string[],
  item: string,
  gap: number,
): { order: string[]; place: number } | null {
  const place = dropPlace(shown, item, gap);
  if (place === null) return null;
  const reordered = shown.filter((id) => id !== item);
  reordered.splice(place, 0, item);
  const base = boardBase(known, shown);
  const slots = new Set(shown);
  let next = 0;
  const order = base.map((id) => (slots.has(id) ? reordered[next++]! : id));
  return { order, place };
}

/**
 * The board's pins a new order is built on: as the last pin call answered them, when they hold
 * every pin the page shows; else the pins the page shows.
 */
function boardBase(known: readonly string[] | null, shown: readonly string[]): string[] {
  return known !== null && shown.every((id) => known.includes(id)) ? [...known] : [...shown];
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
