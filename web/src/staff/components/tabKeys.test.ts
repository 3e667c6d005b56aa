import { describe, expect, it } from 'vitest';
import { tabMove } from './tabKeys';

describe('tabMove', () => {
  it('moves right and left with wrapping, Home and End to the ends, nothing for other keys', () => {
    expect(tabMove('ArrowRight', 0, 4)).toBe(1);
    expect(tabMove('ArrowRight', 3, 4)).toBe(0);
    expect(tabMove('ArrowLeft', 0, 4)).toBe(3);
    expect(tabMove('ArrowLeft', 2, 4)).toBe(1);
    expect(tabMove('Home', 2, 4)).toBe(0);
    expect(tabMove('End', 1, 4)).toBe(3);
    expect(tabMove('Enter', 1, 4)).toBeNull();
  });
});
