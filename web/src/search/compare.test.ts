import { describe, expect, it } from 'vitest';
import {
  compareProblem,
  MAX_COMPARE_ITEMS,
  MIN_COMPARE_ITEMS,
  showCompareControls,
  toggleCompare,
  TOO_FEW_TO_COMPARE,
  TOO_MANY_TO_COMPARE,
} from './compare';

describe('the compare list', () => {
  it('has the spec’s bounds and messages', () => {
    expect([MIN_COMPARE_ITEMS, MAX_COMPARE_ITEMS]).toEqual([2, 5]);
    expect(TOO_FEW_TO_COMPARE).toBe('You should select at least 2 items');
    expect(TOO_MANY_TO_COMPARE).toBe('You can compare up to 5 items');
  });

  it('adds on check and removes on uncheck', () => {
    let items: string[] = [];
    items = toggleCompare(items, 'a', true).items;
    items = toggleCompare(items, 'b', true).items;
    expect(items).toEqual(['a', 'b']);
    expect(toggleCompare(items, 'a', true)).toEqual({ items: ['a', 'b'], message: null });
    expect(toggleCompare(items, 'a', false)).toEqual({ items: ['b'], message: null });
    expect(toggleCompare(items, 'z', false).items).toEqual(['a', 'b']);
  });

  it('refuses a sixth item', () => {
    const five = ['1', '2', '3', '4', '5'];
    expect(toggleCompare(five, '6', true)).toEqual({ items: five, message: TOO_MANY_TO_COMPARE });
    expect(toggleCompare(five, '5', false).items).toEqual(['1', '2', '3', '4']);
  });

  it('compares 2 to 5 items', () => {
    expect(compareProblem([])).toBe(TOO_FEW_TO_COMPARE);
    expect(compareProblem(['1'])).toBe(TOO_FEW_TO_COMPARE);
    expect(compareProblem(['1', '2'])).toBeNull();
    expect(compareProblem(['1', '2', '3', '4', '5'])).toBeNull();
    expect(compareProblem(['1', '2', '3', '4', '5', '6'])).toBe(TOO_MANY_TO_COMPARE);
  });

  it('shows the controls only while the list is non-empty', () => {
    expect(showCompareControls([])).toBe(false);
    expect(showCompareControls(['1'])).toBe(true);
  });
});
