/**
 * Page links of a result list (`pg`, from 1): the first and last page, a window around the
 * current one and gaps between. Previous/next are disabled at the ends; disabled links and
 * the current page ignore clicks.
 */

export type PageItem =
  | { kind: 'page'; page: number; current: boolean }
  | { kind: 'gap'; key: string };

/** The page links for `current` of `count` pages (`around` pages each side of the current). */
export function pageItems(current: number, count: number, around = 2): PageItem[] {
  if (count <= 1) return [];
  const c = Math.min(Math.max(1, Math.trunc(current)), count);
  const pages = new Set<number>([1, count]);
  for (let p = c - around; p <= c + around; p++) if (p >= 1 && p <= count) pages.add(p);
  // A gap of one page is shown as that page.
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of sorted) {
    if (page - previous === 2) items.push({ kind: 'page', page: page - 1, current: page - 1 === c });
    else if (page - previous > 2) items.push({ kind: 'gap', key: `gap-${previous}` });
    items.push({ kind: 'page', page, current: page === c });
    previous = page;
  }
  return items;
}

/** Whether a click on a page link is to be ignored (a disabled link or the current page). */
export function ignoresClick(link: { disabled?: boolean; current?: boolean }): boolean {
  return link.disabled === true || link.current === true;
}

/** 'Showing 61–120 of 166 results' ('No results' for an empty list). */
export function rangeText(pg: number, mpp: number, total: number): string {
  if (total <= 0) return 'No results';
  const fmt = (n: number) => n.toLocaleString('en-US');
  const noun = total === 1 ? 'result' : 'results';
  const first = (pg - 1) * mpp + 1;
  if (first > total) return `${fmt(total)} ${noun}`;
  const end = Math.min(pg * mpp, total);
  return `Showing ${fmt(first)}–${fmt(end)} of ${fmt(total)} ${noun}`;
}
