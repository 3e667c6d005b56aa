import { describe, expect, it } from 'vitest';
import { dropTargetAt, edgeScroll, EDGE, targetGap, type CardBox } from './drag';

/** Cards 200 × 300 in a row, 20 apart, from x = 0 (a row of the results grid). */
function row(...cards: [string, boolean][]): CardBox[] {
  return cards.map(([blainNumber, pinned], i) => ({
    blainNumber,
    pinned,
    box: { left: i * 220, top: 100, right: i * 220 + 200, bottom: 400 },
  }));
}

/** The same cards in a column, 20 apart, from y = 100 (a narrow screen). */
function column(...cards: [string, boolean][]): CardBox[] {
  return cards.map(([blainNumber, pinned], i) => ({
    blainNumber,
    pinned,
    box: { left: 0, top: 100 + i * 320, right: 200, bottom: 400 + i * 320 },
  }));
}

describe('the drop target under the pointer', () => {
  const cards = row(['1', true], ['2', true], ['3', true], ['4', false]);

  it('in a row: before a pinned card in its left half, after it in its right half', () => {
    expect(dropTargetAt(cards, 250, 200, null)).toEqual({ blainNumber: '2', side: 'before', axis: 'x' });
    expect(dropTargetAt(cards, 600, 390, null)).toEqual({ blainNumber: '3', side: 'after', axis: 'x' });
  });

  it('in a column: before a pinned card in its top half, after it in its bottom half', () => {
    const stacked = column(['1', true], ['2', true], ['3', false]);
    expect(dropTargetAt(stacked, 190, 450, null)).toEqual({ blainNumber: '2', side: 'before', axis: 'y' });
    expect(dropTargetAt(stacked, 10, 700, null)).toEqual({ blainNumber: '2', side: 'after', axis: 'y' });
  });

  it('a card that is not pinned is no target, even crossed from a pinned one', () => {
    const previous = { blainNumber: '3', side: 'after', axis: 'x' } as const;
    expect(dropTargetAt(cards, 700, 200, previous)).toBeNull();
  });

  it('a gap between pinned cards keeps the target; away from them there is none', () => {
    const previous = { blainNumber: '2', side: 'after', axis: 'x' } as const;
    expect(dropTargetAt(cards, 430, 200, previous)).toBe(previous);
    expect(dropTargetAt(cards, 430, 200, null)).toBeNull();
    expect(dropTargetAt(cards, 300, 600, previous)).toBeNull();
    expect(dropTargetAt(cards, 300, 50, previous)).toBeNull();
  });

  it('stands for a gap among the shown pins', () => {
    expect(targetGap(['1', '2', '3'], { blainNumber: '1', side: 'before', axis: 'x' })).toBe(0);
    expect(targetGap(['1', '2', '3'], { blainNumber: '3', side: 'after', axis: 'x' })).toBe(3);
    expect(targetGap(['1', '2', '3'], { blainNumber: '4', side: 'after', axis: 'x' })).toBeNull();
  });
});

describe('the scroll near the window’s edges', () => {
  it('scrolls up below the bar, down at the bottom, faster closer to the edge; not in between', () => {
    expect(edgeScroll(400, 60, 800)).toBe(0);
    expect(edgeScroll(60 + EDGE, 60, 800)).toBe(0);
    expect(edgeScroll(60 + EDGE / 2, 60, 800)).toBe(-8);
    expect(edgeScroll(10, 60, 800)).toBe(-16);
    expect(edgeScroll(800 - EDGE / 2, 60, 800)).toBe(8);
    expect(edgeScroll(900, 60, 800)).toBe(16);
  });
});
