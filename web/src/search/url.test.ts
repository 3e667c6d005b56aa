import { describe, expect, it } from 'vitest';
import cases from '../../../search-indexer/url-cases.json';
import { emptyState, parseSearch, splitValues, writeSearch, type SearchState } from './url';

interface Case {
  name: string;
  query: string;
  state?: Partial<SearchState>;
  canonical?: string;
  error?: string;
  bounds?: Record<string, [number, number]>;
}

/** A state from the table (missing fields take their defaults, as serde's do). */
function full(partial: Partial<SearchState>): SearchState {
  return { ...emptyState(), ...partial };
}

describe('the shared table of URL cases (search-indexer/url-cases.json)', () => {
  const table = cases as Case[];

  it('has the cases', () => {
    expect(table.length).toBeGreaterThanOrEqual(20);
  });

  for (const c of table) {
    it(c.name, () => {
      if (c.error) {
        expect(() => parseSearch(c.query)).toThrow(c.error);
        return;
      }
      const expected = full(c.state ?? {});
      const parsed = parseSearch(c.query);
      expect(parsed).toEqual(expected);
      const bounds = (name: string) => c.bounds?.[name];
      const written = writeSearch(expected, undefined, bounds);
      expect(written).toBe(c.canonical ?? c.query);
      const kept = {
        ...expected,
        ranges: expected.ranges.filter((r) => {
          const b = c.bounds?.[r.name];
          return !(b && r.from <= b[0] && r.to >= b[1]);
        }),
      };
      expect(parseSearch(written)).toEqual(kept);
    });
  }
});

describe('value escaping', () => {
  it('splits on unescaped commas only', () => {
    expect(splitValues('a\\,b,c')).toEqual(['a,b', 'c']);
    expect(splitValues('a\\\\,b')).toEqual(['a\\', 'b']);
    expect(splitValues(',,')).toEqual([]);
  });
});
