/** Test data for the result pages (only imported by tests). */
import type { SearchAnswer } from '../shared/api/search';

export function product(n: number, extra: Record<string, unknown> = {}) {
  return {
    blainNumber: String(1000 + n),
    name: `Product ${n}`,
    vendorBrand: n % 2 ? 'Koch' : 'Purina',
    url: `/product/${1000 + n}/product-${n}/`,
    thumbnail: `/images/products/${1000 + n}_1.jpg`,
    images: [],
    priceCents: 1000 + n * 100,
    price: `$${(10 + n).toFixed(2)}`,
    mapPriceCents: null,
    priceMode: 'Regular',
    belowMap: false,
    departmentPath: ['Hardware'],
    attributes: [{ name: 'Color', value: 'Red' }],
    fulfillment: { shipToHome: true },
    ecomOnHand: 5,
    pinned: false,
    storeOnHand: null,
    ...extra,
  };
}

export function answer(extra: Partial<Record<keyof SearchAnswer, unknown>> = {}): Record<string, unknown> {
  const items = (extra.items as unknown[]) ?? [1, 2, 3].map((n) => product(n));
  return {
    keyword: 'rope',
    landing: null,
    total: 150,
    pg: 1,
    mpp: 60,
    pageCount: 3,
    sort: 'relevance',
    storeNum: null,
    items,
    facets: [
      {
        name: 'department',
        label: 'Department',
        kind: 'hierarchy',
        values: [
          { value: '11', label: 'Hardware', count: 6, selected: false, url: '/hardware/' },
          { value: '1', label: 'Farm & Ranch', count: 2, selected: false, url: '/farm-ranch/' },
        ],
      },
      {
        name: 'brand',
        label: 'Brand',
        kind: 'list',
        values: [
          { value: 'Koch', label: 'Koch', count: 3, selected: false },
          { value: 'Purina', label: 'Purina', count: 2, selected: false },
        ],
      },
      { name: 'price', label: 'Price', kind: 'range', values: [], min: 5, max: 100 },
    ],
    applied: [],
    query: 'keyword=rope',
    queryId: 'qid-1',
    didYouMean: null,
    redirect: null,
    ...extra,
  };
}

export function urlOf(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}
