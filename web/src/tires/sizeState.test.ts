import { describe, expect, it } from 'vitest';
import {
  changeSelection,
  completeSize,
  NO_SELECTION,
  readPage,
  readSelection,
  readSort,
  selectionParams,
} from './sizeState';

const p = (query: string) => new URLSearchParams(query);

describe('tire size in the URL', () => {
  it('reads the steps in order; a step without the one before it is dropped', () => {
    expect(readSelection(p('width=225&ratio=65&rim=17'))).toEqual({ width: 225, ratio: 65, rim: 17 });
    expect(readSelection(p('ratio=65&rim=17'))).toEqual(NO_SELECTION);
    expect(readSelection(p('width=225&rim=17'))).toEqual({ width: 225, ratio: null, rim: null });
    expect(readSelection(p('width=abc&ratio=65'))).toEqual(NO_SELECTION);
    expect(readSelection(p('width=0'))).toEqual(NO_SELECTION);
  });

  it('a size is complete with all three steps', () => {
    expect(completeSize({ width: 225, ratio: 65, rim: 17 })).toEqual({ width: 225, ratio: 65, rim: 17 });
    expect(completeSize({ width: 225, ratio: 65, rim: null })).toBeNull();
  });

  it('writes the steps, the sort when not the default and the page after the first', () => {
    const s = { width: 225, ratio: 65, rim: 17 };
    expect(String(selectionParams(s))).toBe('width=225&ratio=65&rim=17');
    expect(String(selectionParams(s, { sort: 'price-asc', pg: 3 }))).toBe('width=225&ratio=65&rim=17&sort=price-asc&pg=3');
    expect(String(selectionParams(s, { sort: 'relevance', pg: 1 }))).toBe('width=225&ratio=65&rim=17');
    expect(String(selectionParams({ width: 225, ratio: null, rim: 17 }))).toBe('width=225');
  });

  it('reads sort and page, defaulting unknown values', () => {
    expect(readSort(p('sort=price-desc'))).toBe('price-desc');
    expect(readSort(p('sort=cheapest'))).toBe('relevance');
    expect(readPage(p('pg=4'))).toBe(4);
    expect(readPage(p('pg=-1'))).toBe(1);
    expect(readPage(p(''))).toBe(1);
  });
});

describe('changing a step resets the later ones', () => {
  const full = { width: 225, ratio: 65, rim: 17 };

  it('a new width clears ratio and rim', () => {
    expect(changeSelection(full, 'width', 235)).toEqual({ width: 235, ratio: null, rim: null });
    expect(changeSelection(full, 'width', null)).toEqual(NO_SELECTION);
  });

  it('a new ratio keeps the width and clears the rim', () => {
    expect(changeSelection(full, 'ratio', 60)).toEqual({ width: 225, ratio: 60, rim: null });
  });

  it('a new rim keeps width and ratio', () => {
    expect(changeSelection(full, 'rim', 18)).toEqual({ width: 225, ratio: 65, rim: 18 });
  });

  it('a step without the ones before it does nothing', () => {
    expect(changeSelection(NO_SELECTION, 'ratio', 65)).toEqual(NO_SELECTION);
    expect(changeSelection({ width: 225, ratio: null, rim: null }, 'rim', 17)).toEqual({
      width: 225,
      ratio: null,
      rim: null,
    });
  });
});
