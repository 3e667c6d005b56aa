import { describe, expect, it } from 'vitest';
import { safeLocalLink } from './json';

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
