import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from './client';
import { toProduct } from './productSummary';
import {
  addComparisonToCart,
  COMPARE_TO_CART_URL,
  fetchComparison,
  fetchExplain,
  fetchSearch,
  fetchSimilar,
  isNotFound,
} from './search';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

const PRODUCT = {
  blainNumber: '4935743',
  name: 'Koch Industries Manila Rope, 1/2 in, 20 ft',
  vendorBrand: 'Koch Industries',
  url: '/product/4935743/koch-industries-manila-rope-1-2-in-20-ft/',
  thumbnail: '/images/products/4935743_1.jpg',
  images: ['/images/products/4935743_1.jpg'],
  priceCents: 2979,
  price: '$29.79',
  mapPriceCents: 3397,
  priceMode: 'BelowMap',
  belowMap: true,
  departmentPath: ['Hardware', 'Chain & Rope'],
  attributes: [{ name: 'Size', value: '1/2 in' }],
  fulfillment: { shipToHome: true, storePickup: true, sameDayDelivery: false },
  ecomOnHand: 136,
};

const ANSWER = {
  keyword: 'rope',
  landing: null,
  total: 9,
  pg: 1,
  mpp: 2,
  pageCount: 5,
  sort: 'relevance',
  storeNum: null,
  items: [{ ...PRODUCT, pinned: true, storeOnHand: null }, { name: 'broken' }],
  facets: [
    {
      name: 'brand',
      label: 'Brand',
      kind: 'list',
      values: [{ value: 'Koch Industries', label: 'Koch Industries', count: 3, selected: false }],
    },
    { name: 'price', label: 'Price', kind: 'range', values: [], min: 26.79, max: 238.49 },
    { name: 'odd', label: 'Odd', kind: 'other', values: [] },
  ],
  applied: [],
  query: 'keyword=rope&mpp=2',
  queryId: '739e373830e54e13b702904787faa57a',
  didYouMean: null,
  redirect: null,
};

function calledUrl(i = 0): string {
  return String(fetchMock.mock.calls[i]![0]);
}

describe('fetchSearch', () => {
  it('GETs /api/search with the page’s query and checks the answer', async () => {
    fetchMock.mockResolvedValueOnce(Response.json(ANSWER));
    const answer = await fetchSearch('keyword=rope&mpp=2');
    expect(calledUrl()).toBe('/api/search?keyword=rope&mpp=2');
    expect(answer!.items).toHaveLength(1);
    expect(answer!.items[0]).toMatchObject({
      blainNumber: '4935743',
      pinned: true,
      belowMap: true,
      fulfillment: { shipToHome: true },
    });
    expect(answer!.facets.map((f) => f.name)).toEqual(['brand', 'price']);
    expect(answer!.facets[1]).toMatchObject({ min: 26.79, max: 238.49 });
    expect(answer!.queryId).toBe(ANSWER.queryId);
  });

  it('sends no empty query', async () => {
    fetchMock.mockResolvedValueOnce(Response.json(ANSWER));
    await fetchSearch('');
    expect(calledUrl()).toBe('/api/search');
  });

  it('is null on 204 and tells a missing landing page (404)', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(fetchSearch('lp=x')).resolves.toBeNull();
    fetchMock.mockResolvedValueOnce(Response.json({ success: false, code: 'NotFound' }, { status: 404 }));
    const error = await fetchSearch('lp=x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(isNotFound(error)).toBe(true);
    expect(isNotFound(new NetworkError(500))).toBe(false);
  });

  it('rejects an answer that is no object', async () => {
    fetchMock.mockResolvedValueOnce(Response.json([1, 2]));
    await expect(fetchSearch('keyword=a')).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('products', () => {
  it('fills in what is missing and drops what cannot be shown', () => {
    expect(toProduct({ blainNumber: '1', name: 'A', url: '/p/1', priceCents: 150 })).toMatchObject({
      price: '$1.50',
      thumbnail: null,
      belowMap: false,
      priceMode: 'Regular',
      images: [],
    });
    expect(toProduct({ name: 'A', url: '/p' })).toBeNull();
  });
});

describe('compare, similar, explain', () => {
  it('compares the listed items', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({ items: [PRODUCT, { ...PRODUCT, blainNumber: '2' }], attributes: [{ name: 'Brand', values: ['Koch', null] }] }),
    );
    const c = await fetchComparison(['4935743', '2']);
    expect(calledUrl()).toBe('/api/search/compare?items=4935743,2');
    expect(c.items).toHaveLength(2);
    expect(c.attributes).toEqual([{ name: 'Brand', values: ['Koch', null] }]);
  });

  it('fetches more like this', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ products: [PRODUCT] }));
    const list = await fetchSimilar('4935743');
    expect(calledUrl()).toBe('/api/search/similar?blainNumber=4935743');
    expect(list.map((p) => p.blainNumber)).toEqual(['4935743']);
  });

  it('explains an item for the search', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({
        docid: '1',
        keyword: 'rope',
        fields: { number: '1', name: 'Rope', brand: 'Koch', keywords: ['Hardware'], attributes: [], description: '' },
        inIndex: true,
        matched: true,
        keywordMatched: true,
        failedFilters: [],
        numberMatched: false,
        words: [{ word: 'rope', stems: ['rope'], fields: ['name'], typos: [], matched: true }],
      }),
    );
    const e = await fetchExplain('keyword=rope', '1');
    expect(calledUrl()).toBe('/api/search/explain?keyword=rope&docid=1');
    expect(e.matched).toBe(true);
    expect(e.words[0]!.fields).toEqual(['name']);
  });
});

describe('addComparisonToCart', () => {
  it('POSTs the product numbers with an Idempotency-Key', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ success: true, resultCode: 'Success', cartQty: 3, lineCount: 3 }));
    const result = await addComparisonToCart(['1', '2', '3'], 'key-1');
    expect(result).toEqual({ success: true, resultCode: 'Success', cartQty: 3, lineCount: 3 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(COMPARE_TO_CART_URL);
    expect(init!.method).toBe('POST');
    expect(JSON.parse(String(init!.body))).toEqual({ blainNumbers: ['1', '2', '3'] });
    expect((init!.headers as Record<string, string>)['Idempotency-Key']).toBe('key-1');
  });

  it('reads an unknown result code as CannotAdd', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ success: false, resultCode: 'Nope', cartQty: 0, lineCount: 0 }));
    await expect(addComparisonToCart(['1'])).resolves.toMatchObject({ success: false, resultCode: 'CannotAdd' });
  });
});
