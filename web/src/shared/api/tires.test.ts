import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from './client';
import {
  fetchAspectRatios,
  fetchRimSizes,
  fetchSectionWidths,
  formatTireSize,
  hasTireSize,
  normalizeSizeList,
  normalizeTireResults,
  searchTires,
  tireSearchQuery,
  tireSizeValues,
} from './tires';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

const SIZE = { width: 225, ratio: 65, rim: 17 };

function tire(blainNumber: string, size: { width: number; ratio: number; rim: number }, prefix = '') {
  return {
    blainNumber,
    name: `Tire ${blainNumber}`,
    vendorBrand: 'Cooper',
    url: `/product/${blainNumber}/tire/`,
    thumbnail: null,
    priceCents: 12999,
    price: '$129.99',
    belowMap: false,
    tireSize: size,
    attributes: [{ name: 'Tire Size', value: `${prefix}${formatTireSize(size)}` }],
    ecomOnHand: 12,
    pinned: false,
    storeOnHand: null,
  };
}

describe('tire sizes', () => {
  it('writes a size and every catalog spelling of it', () => {
    expect(formatTireSize(SIZE)).toBe('225/65R17');
    expect(tireSizeValues(SIZE)).toEqual(['225/65R17', 'P225/65R17', 'LT225/65R17', 'ST225/65R17']);
  });

  it('the search query asks the tire-size facet for every spelling (one facet, values OR-ed)', () => {
    expect(tireSearchQuery(SIZE)).toBe('tire-size=225%2F65R17,P225%2F65R17,LT225%2F65R17,ST225%2F65R17');
    expect(tireSearchQuery(SIZE, { sort: 'price-asc', pg: 2 })).toBe(
      'sort=price-asc&tire-size=225%2F65R17,P225%2F65R17,LT225%2F65R17,ST225%2F65R17&pg=2',
    );
    expect(tireSearchQuery(SIZE, { sort: 'relevance', pg: 1 })).not.toMatch(/sort|pg/);
  });

  it('tells whether a product has a size, by its size fields or its attribute', () => {
    expect(hasTireSize({ tireSize: SIZE, attributes: {} }, SIZE)).toBe(true);
    expect(hasTireSize({ tireSize: { ...SIZE, rim: 18 }, attributes: {} }, SIZE)).toBe(false);
    expect(hasTireSize({ tireSize: null, attributes: { 'Tire Size': 'LT225/65R17' } }, SIZE)).toBe(true);
    expect(hasTireSize({ tireSize: null, attributes: { 'Tire Size': '225/65R18' } }, SIZE)).toBe(false);
    expect(hasTireSize({ tireSize: null, attributes: {} }, SIZE)).toBe(false);
  });

  it('size lists are whole numbers, sorted and unique', () => {
    expect(normalizeSizeList([245, 185, '205', 185, 'x', -1, 1.5, null])).toEqual([185, 205, 245]);
    expect(normalizeSizeList(undefined)).toEqual([]);
    expect(() => normalizeSizeList({ widths: [] })).toThrow(NetworkError);
  });
});

describe('normalizeTireResults', () => {
  it('keeps only tires of the size, even when the index ignored the facet', () => {
    const answer = {
      total: 3,
      pg: 1,
      pageCount: 1,
      items: [tire('1', SIZE), tire('2', { ...SIZE, rim: 18 }), tire('3', SIZE, 'LT')],
      applied: [],
    };
    const results = normalizeTireResults(answer, SIZE);
    expect(results.items.map((p) => p.blainNumber)).toEqual(['1', '3']);
    expect(results.filtered).toBe(false);
    expect(results.total).toBe(2);
    expect(results.items[1]!.attributes['Tire Size']).toBe('LT225/65R17');
  });

  it("uses the server's total and pages when the filter applied", () => {
    const answer = {
      total: 75,
      pg: 2,
      pageCount: 2,
      items: [tire('1', SIZE)],
      applied: [{ name: 'tire-size', label: 'Tire Size', value: '225/65R17', valueLabel: '225/65R17' }],
    };
    expect(normalizeTireResults(answer, SIZE)).toMatchObject({ total: 75, pg: 2, pageCount: 2, filtered: true });
  });
});

describe('tire calls', () => {
  function ok(body: unknown) {
    return new Response(JSON.stringify(body), { status: 200 });
  }

  it('asks the three tire-size calls with their parameters', async () => {
    fetchMock.mockImplementation(async () => ok([17, 16]));
    await expect(fetchSectionWidths()).resolves.toEqual([16, 17]);
    await fetchAspectRatios(225);
    await fetchRimSizes(225, 65);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/tire-size/section-widths/',
      '/tire-size/aspect-ratios/?width=225',
      '/tire-size/rim-sizes/?width=225&ratio=65',
    ]);
  });

  it('searches the size on /api/search', async () => {
    fetchMock.mockResolvedValueOnce(ok({ total: 1, pg: 1, pageCount: 1, items: [tire('1', SIZE)], applied: [] }));
    const results = await searchTires(SIZE, { sort: 'price-desc' });
    expect(results.items).toHaveLength(1);
    expect(fetchMock.mock.calls[0]![0]).toBe(
      '/api/search?sort=price-desc&tire-size=225%2F65R17,P225%2F65R17,LT225%2F65R17,ST225%2F65R17',
    );
  });
});
