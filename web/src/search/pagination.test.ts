import { describe, expect, it } from 'vitest';
import { ignoresClick, pageItems, rangeText, type PageItem } from './pagination';

const show = (items: PageItem[]) =>
  items.map((i) => (i.kind === 'gap' ? '…' : i.current ? `[${i.page}]` : String(i.page))).join(' ');

describe('page links', () => {
  it('none for a single page', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(1, 1)).toEqual([]);
  });

  it('all pages when few', () => {
    expect(show(pageItems(1, 2))).toBe('[1] 2');
    expect(show(pageItems(3, 5))).toBe('1 2 [3] 4 5');
  });

  it('first, last and a window with gaps', () => {
    expect(show(pageItems(1, 20))).toBe('[1] 2 3 … 20');
    expect(show(pageItems(10, 20))).toBe('1 … 8 9 [10] 11 12 … 20');
    expect(show(pageItems(20, 20))).toBe('1 … 18 19 [20]');
    // A gap of one page shows the page.
    expect(show(pageItems(5, 20))).toBe('1 2 3 4 [5] 6 7 … 20');
  });

  it('clamps the current page', () => {
    expect(show(pageItems(99, 3))).toBe('1 2 [3]');
  });

  it('disabled links and the current page ignore clicks', () => {
    expect(ignoresClick({ disabled: true })).toBe(true);
    expect(ignoresClick({ current: true })).toBe(true);
    expect(ignoresClick({})).toBe(false);
  });

  it('says which results are shown', () => {
    expect(rangeText(1, 60, 166)).toBe('Showing 1–60 of 166 results');
    expect(rangeText(3, 60, 166)).toBe('Showing 121–166 of 166 results');
    expect(rangeText(1, 60, 1)).toBe('Showing 1–1 of 1 result');
    expect(rangeText(1, 60, 0)).toBe('No results');
    expect(rangeText(9, 60, 166)).toBe('166 results');
    expect(rangeText(1, 60, 2000)).toBe('Showing 1–60 of 2,000 results');
  });
});
