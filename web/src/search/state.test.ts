import { describe, expect, it } from 'vitest';
import cases from '../../../search-indexer/url-cases.json';
import {
  apiQuery,
  clearRefinements,
  compareItems,
  getParam,
  hasRefinements,
  isDefaultState,
  landingReverts,
  parseAmount,
  rangeFromInputs,
  searchIdentity,
  setFacetValues,
  setParam,
  setRange,
  toggleFacetValue,
  withCompareItems,
  withPage,
  withPageSize,
  withSearchWithin,
  withSort,
  writeLanding,
} from './state';
import { emptyState, parseSearch, writeSearch, type SearchState } from './url';

interface Case {
  name: string;
  query: string;
  state?: Partial<SearchState>;
  canonical?: string;
  error?: string;
  bounds?: Record<string, [number, number]>;
}

const table = (cases as Case[]).filter((c) => !c.error);

/** Builds a state again from nothing, with the page's own changes. */
function rebuild(state: SearchState): SearchState {
  let next = emptyState();
  next.keyword = state.keyword;
  for (const [name, value] of state.params) next = setParam(next, name, value);
  for (const f of state.facets) next = setFacetValues(next, f.name, f.values);
  for (const r of state.ranges) next = setRange(next, r.name, r.from, r.to);
  next = withPageSize(next, state.mpp);
  return withPage(next, state.pg);
}

describe('URL ↔ state through the page’s changes (the shared table)', () => {
  for (const c of table) {
    it(c.name, () => {
      const parsed = parseSearch(c.query);
      const bounds = (name: string) => c.bounds?.[name];
      const rebuilt = rebuild(parsed);
      expect(rebuilt).toEqual(parsed);
      const written = writeSearch(rebuilt, undefined, bounds);
      expect(written).toBe(c.canonical ?? c.query);
      // …and back: the written URL reads as the same state (ranges at the bounds left out).
      expect(writeSearch(parseSearch(written), undefined, bounds)).toBe(written);
    });
  }
});

describe('changes', () => {
  const base = parseSearch('keyword=rope&brand=Koch&sort=name&mpp=24&pg=3');

  it('a facet change goes back to page 1 and keeps the rest', () => {
    const next = toggleFacetValue(base, 'brand', 'Red Brand', true);
    expect(writeSearch(next)).toBe('keyword=rope&sort=name&brand=Koch,Red+Brand&mpp=24');
    expect(writeSearch(toggleFacetValue(next, 'brand', 'Koch', false))).toBe(
      'keyword=rope&sort=name&brand=Red+Brand&mpp=24',
    );
    expect(writeSearch(toggleFacetValue(base, 'brand', 'Koch', false))).toBe('keyword=rope&sort=name&mpp=24');
  });

  it('values with commas and backslashes survive', () => {
    const next = toggleFacetValue(emptyState(), 'brand', 'Smith, Wesson', true);
    const q = writeSearch(next);
    expect(q).toBe('brand=Smith%5C,+Wesson');
    expect(parseSearch(q).facets).toEqual([{ name: 'brand', values: ['Smith, Wesson'] }]);
  });

  it('sort, page size and search-within go back to page 1; relevance is the default', () => {
    expect(writeSearch(withSort(base, 'price-asc'))).toBe('keyword=rope&sort=price-asc&brand=Koch&mpp=24');
    expect(writeSearch(withSort(base, 'relevance'))).toBe('keyword=rope&brand=Koch&mpp=24');
    expect(writeSearch(withPageSize(base, 60))).toBe('keyword=rope&sort=name&brand=Koch');
    expect(writeSearch(withSearchWithin(base, ' nylon '))).toBe(
      'keyword=rope&searchWithin=nylon&sort=name&brand=Koch&mpp=24',
    );
    expect(getParam(withSearchWithin(base, '  '), 'searchWithin')).toBeNull();
  });

  it('pages keep everything else', () => {
    expect(writeSearch(withPage(base, 4))).toBe('keyword=rope&sort=name&brand=Koch&mpp=24&pg=4');
    expect(writeSearch(withPage(base, 1))).toBe('keyword=rope&sort=name&brand=Koch&mpp=24');
  });

  it('a range at the facet bounds is removed', () => {
    const s = setRange(base, 'price', 10, 25.555, [1.99, 300]);
    expect(s.ranges).toEqual([{ name: 'price', from: 10, to: 25.56 }]);
    expect(setRange(s, 'price', 1.99, 300, [1.99, 300]).ranges).toEqual([]);
    expect(setRange(s, 'price', 40, 20).ranges).toEqual([{ name: 'price', from: 20, to: 40 }]);
  });

  it('clears refinements but keeps keyword, sort and page size', () => {
    const s = withSearchWithin(setRange(base, 'price', 1, 2), 'x');
    expect(hasRefinements(s)).toBe(true);
    const cleared = clearRefinements(s);
    expect(hasRefinements(cleared)).toBe(false);
    expect(writeSearch(cleared)).toBe('keyword=rope&sort=name&mpp=24');
  });

  it('the compare list keeps the page', () => {
    const s = withCompareItems(base, ['1', '2']);
    expect(compareItems(s)).toEqual(['1', '2']);
    expect(s.pg).toBe(3);
    expect(writeSearch(s)).toBe('keyword=rope&sort=name&items=1,2&brand=Koch&mpp=24&pg=3');
    expect(compareItems(withCompareItems(s, []))).toEqual([]);
    expect(compareItems(parseSearch('items=1,,2,1'))).toEqual(['1', '2']);
  });
});

describe('the API query', () => {
  it('passes search-within on and leaves out the compare list', () => {
    const s = withCompareItems(withSearchWithin(parseSearch('keyword=rope&brand=A'), 'nylon'), ['9']);
    expect(apiQuery(s)).toBe('keyword=rope&searchWithin=nylon&brand=A');
  });

  it('adds the landing page', () => {
    const s = parseSearch('cref=1&brand=A&pg=2');
    expect(apiQuery(s, '/farm-ranch/')).toBe('lp=%2Ffarm-ranch%2F&brand=A&pg=2');
    expect(apiQuery(withSearchWithin(emptyState(), 'wire'), 1)).toBe('lp=1&searchWithin=wire');
  });

  it('tells a new search from a refinement', () => {
    const a = parseSearch('keyword=Rope');
    expect(searchIdentity(a)).toBe(searchIdentity(withPage(toggleFacetValue(a, 'brand', 'X', true), 2)));
    expect(searchIdentity(a)).not.toBe(searchIdentity(parseSearch('keyword=twine')));
    expect(searchIdentity(emptyState(), '/pet/')).not.toBe(searchIdentity(emptyState(), '/farm-ranch/'));
  });
});

describe('landing pages', () => {
  it('revert when the query holds no mpp, sort or cref', () => {
    expect(landingReverts('')).toBe(false);
    expect(landingReverts('?pg=2')).toBe(true);
    expect(landingReverts('?brand=Purina')).toBe(true);
    expect(landingReverts('?brand=Purina&sort=name')).toBe(false);
    expect(landingReverts('?mpp=24')).toBe(false);
    expect(landingReverts('?cref=1&pg=2')).toBe(false);
  });

  it('their own links carry cref when sort and mpp do not keep them', () => {
    const s = emptyState();
    expect(writeLanding(s, 1)).toBe('');
    expect(isDefaultState(s)).toBe(true);
    expect(writeLanding(toggleFacetValue(s, 'brand', 'Purina', true), 1)).toBe('cref=1&brand=Purina');
    expect(writeLanding(withPage(s, 2), 1)).toBe('cref=1&pg=2');
    expect(writeLanding(withSort(s, 'name'), 1)).toBe('sort=name');
    expect(writeLanding(withPageSize(s, 24), 1)).toBe('mpp=24');
    // Back to the default: the bare URL again.
    expect(writeLanding(parseSearch('cref=1'), 1)).toBe('');
    for (const q of ['cref=1&brand=Purina', 'cref=1&pg=2', 'sort=name']) {
      expect(landingReverts(`?${writeLanding(parseSearch(q), 1)}`)).toBe(false);
    }
  });
});

describe('range inputs fall back to min and max', () => {
  it('reads amounts', () => {
    expect(parseAmount('$1,200.50')).toBe(1200.5);
    expect(parseAmount(' 7 ')).toBe(7);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
    expect(parseAmount('1.2.3')).toBeNull();
  });

  it('keeps a valid range', () => {
    expect(rangeFromInputs('10', '20', 1.99, 794.79)).toEqual([10, 20]);
  });

  it('an empty or unreadable box takes its bound', () => {
    expect(rangeFromInputs('', '20', 1.99, 794.79)).toEqual([1.99, 20]);
    expect(rangeFromInputs('10', 'lots', 1.99, 794.79)).toEqual([10, 794.79]);
  });

  it('a value outside the bounds takes its bound', () => {
    expect(rangeFromInputs('0', '20', 1.99, 794.79)).toEqual([1.99, 20]);
    expect(rangeFromInputs('10', '9999', 1.99, 794.79)).toEqual([10, 794.79]);
  });

  it('a reversed range takes both bounds', () => {
    expect(rangeFromInputs('50', '20', 1.99, 794.79)).toEqual([1.99, 794.79]);
  });
});
