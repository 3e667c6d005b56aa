import { beforeEach, describe, expect, it } from 'vitest';
import { knownPins, movedOrder, rememberPins } from './order';

describe('the pins’ order after a move', () => {
  it('swaps the item with the shown pin above or below it', () => {
    expect(movedOrder(null, ['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(movedOrder(null, ['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
  });

  it('cannot move the first up, the last down, or an item not shown as pinned', () => {
    expect(movedOrder(null, ['a', 'b'], 'a', -1)).toBeNull();
    expect(movedOrder(null, ['a', 'b'], 'b', 1)).toBeNull();
    expect(movedOrder(null, ['a', 'b'], 'x', 1)).toBeNull();
  });

  it('keeps the board’s pins the page does not show, in their places', () => {
    // 'x' is pinned but not listed (it does not match this search): the full order keeps it.
    expect(movedOrder(['a', 'x', 'b', 'c'], ['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'x', 'a', 'c']);
    expect(movedOrder(['a', 'x', 'b', 'c'], ['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'x', 'c', 'b']);
  });

  it('uses the shown pins when what it knew of the board is out of date', () => {
    expect(movedOrder(['a', 'b'], ['a', 'b', 'new'], 'b', 1)).toEqual(['a', 'new', 'b']);
  });
});

describe('the board’s pins as last answered', () => {
  beforeEach(() => sessionStorage.clear());

  it('are kept for the tab, by board, and can be forgotten', () => {
    expect(knownPins('kw:rope')).toBeNull();
    rememberPins('kw:rope', ['1', '2']);
    expect(knownPins('kw:rope')).toEqual(['1', '2']);
    expect(knownPins('kw:twine')).toBeNull();
    rememberPins('kw:rope', null);
    expect(knownPins('kw:rope')).toBeNull();
  });

  it('ignores what is not a list of ids', () => {
    sessionStorage.setItem('sf.preview.pins:kw:rope', '{"a":1}');
    expect(knownPins('kw:rope')).toBeNull();
    sessionStorage.setItem('sf.preview.pins:kw:rope', 'not json');
    expect(knownPins('kw:rope')).toBeNull();
  });
});
