import { describe, expect, it } from 'vitest';
import { asObject, bool, safeLocalLink } from './json';

describe('safeLocalLink', () => {
  it('accepts paths of this site only', () => {
    expect(safeLocalLink('/lawn-garden/')).toBe('/lawn-garden/');
    expect(safeLocalLink(' /s/?keyword=rope ')).toBe('/s/?keyword=rope');
    expect(safeLocalLink('//cdn.example/x')).toBeNull();
    expect(safeLocalLink('/\\evil.example')).toBeNull();
    expect(safeLocalLink('lawn-garden/')).toBeNull();
    expect(safeLocalLink(7)).toBeNull();
  });
});

describe('asObject and bool', () => {
  it('read anything else as an empty object and false', () => {
    expect(asObject({ a: 1 })).toEqual({ a: 1 });
    expect([null, [], 'x', 7].map(asObject)).toEqual([{}, {}, {}, {}]);
    expect([true, 'true', 1, null].map(bool)).toEqual([true, false, false, false]);
  });
});
