import { describe, expect, it } from 'vitest';
import type { FacetValue } from '../shared/api/search';
import { FACET_LIST_MAX_ROWS, filterFacetValues } from './facets';

const values = (n: number, selected: number[] = []): FacetValue[] =>
  Array.from({ length: n }, (_, i) => ({
    value: `Brand ${i + 1}`,
    label: `Brand ${i + 1}`,
    count: 100 - i,
    selected: selected.includes(i + 1),
  }));

describe('the facet filter list', () => {
  it('shows at most 20 rows', () => {
    expect(FACET_LIST_MAX_ROWS).toBe(20);
    const { rows, matching } = filterFacetValues(values(30), '');
    expect(rows).toHaveLength(20);
    expect(matching).toBe(30);
    expect(rows[0]!.label).toBe('Brand 1');
  });

  it('keeps a selected value among the rows', () => {
    const { rows } = filterFacetValues(values(30, [27]), '');
    expect(rows).toHaveLength(20);
    expect(rows.map((r) => r.label)).toContain('Brand 27');
  });

  it('narrows by the box, case and accents ignored', () => {
    const list: FacetValue[] = [
      { value: 'Café Co', label: 'Café Co', count: 2, selected: false },
      { value: 'Purina', label: 'Purina', count: 9, selected: false },
    ];
    expect(filterFacetValues(list, 'CAFE').rows.map((r) => r.value)).toEqual(['Café Co']);
    expect(filterFacetValues(values(30), 'brand 2').matching).toBe(11);
    expect(filterFacetValues(list, 'zzz')).toEqual({ rows: [], matching: 0 });
  });
});
