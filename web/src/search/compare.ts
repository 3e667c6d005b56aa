/**
 * The compare list's rules (accounts-rewards-search spec §4 "Search page", §5 "Compare and
 * rating", §9): items are added on check and removed on uncheck; the controls show only while
 * the list is non-empty; comparing needs at least 2 items and at most 5.
 */

export const MIN_COMPARE_ITEMS = 2;
export const MAX_COMPARE_ITEMS = 5;
export const TOO_FEW_TO_COMPARE = 'You should select at least 2 items';
export const TOO_MANY_TO_COMPARE = 'You can compare up to 5 items';

export interface CompareChange {
  items: string[];
  /** Why the change was refused (the list is then unchanged), else null. */
  message: string | null;
}

/** Checks (adds) or unchecks (removes) `id`. A sixth item is refused with the spec's message. */
export function toggleCompare(items: readonly string[], id: string, checked: boolean): CompareChange {
  if (!checked) return { items: items.filter((x) => x !== id), message: null };
  if (items.includes(id)) return { items: [...items], message: null };
  if (items.length >= MAX_COMPARE_ITEMS) return { items: [...items], message: TOO_MANY_TO_COMPARE };
  return { items: [...items, id], message: null };
}

/** Null when the list can be compared, else the spec's message. */
export function compareProblem(items: readonly string[]): string | null {
  if (items.length < MIN_COMPARE_ITEMS) return TOO_FEW_TO_COMPARE;
  if (items.length > MAX_COMPARE_ITEMS) return TOO_MANY_TO_COMPARE;
  return null;
}

/** The compare controls show only while the list is non-empty. */
export function showCompareControls(items: readonly string[]): boolean {
  return items.length > 0;
}
