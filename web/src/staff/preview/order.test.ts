import { beforeEach, describe, expect, it } from 'vitest';
import { dropPlace, droppedOrder, knownPins, movedOrder, rememberPins } from './order';

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

describe('the pins’ order after a drop', () => {
  it('puts the item at the gap it was dropped at', () => {
    // Pin 1 dropped after pin 3 (gap 3: before the 4th), and back to the top (gap 0).
    expect(droppedOrder(null, ['a', 'b', 'c', 'd'], 'a', 3)).toEqual({ order: ['b', 'c', 'a', 'd'], place: 2 });
    expect(droppedOrder(null, ['a', 'b', 'c', 'd'], 'c', 0)).toEqual({ order: ['c', 'a', 'b', 'd'], place: 0 });
    // After the last pin.
    expect(droppedOrder(null, ['a', 'b', 'c'], 'a', 3)).toEqual({ order: ['b', 'c', 'a'], place: 2 });
  });

  it('changes nothing dropped where the item is, out of range, or for an item not shown as pinned', () => {
    expect(droppedOrder(null, ['a', 'b', 'c'], 'b', 1)).toBeNull();
    expect(droppedOrder(null, ['a', 'b', 'c'], 'b', 2)).toBeNull();
    expect(droppedOrder(null, ['a', 'b', 'c'], 'b', 4)).toBeNull();
    expect(droppedOrder(null, ['a', 'b', 'c'], 'b', -1)).toBeNull();
    expect(droppedOrder(null, ['a', 'b', 'c'], 'x', 0)).toBeNull();
    expect(dropPlace(['a', 'b', 'c'], 'b', 1.5)).toBeNull();
  });

  it('the place taken, among the shown pins', () => {
    expect(dropPlace(['a', 'b', 'c'], 'a', 2)).toBe(1);
    expect(dropPlace(['a', 'b', 'c'], 'a', 3)).toBe(2);
    expect(dropPlace(['a', 'b', 'c'], 'c', 1)).toBe(1);
  });

  it('keeps the board’s pins the page does not show in their places', () => {
    // 'x' is pinned but not listed: the shown pins are reordered in the places they hold.
    expect(droppedOrder(['a', 'x', 'b', 'c'], ['a', 'b', 'c'], 'a', 3)?.order).toEqual(['b', 'x', 'c', 'a']);
    expect(droppedOrder(['a', 'x', 'b', 'c'], ['a', 'b', 'c'], 'c', 0)?.order).toEqual(['c', 'x', 'a', 'b']);
    expect(droppedOrder(['a', 'b'], ['a', 'b', 'new'], 'new', 0)?.order).toEqual(['new', 'a', 'b']);
  });

  it('one place up or down gives the order Move up / Move down gives', () => {
    const known = ['a', 'x', 'b', 'y', 'c'];
    const shown = ['a', 'b', 'c'];
    expect(droppedOrder(known, shown, 'a', 2)?.order).toEqual(movedOrder(known, shown, 'a', 1));
    expect(droppedOrder(known, shown, 'c', 1)?.order).toEqual(movedOrder(known, shown, 'c', -1));
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
