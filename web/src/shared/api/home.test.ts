import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productFixture } from './testing';
import { NetworkError } from './client';
import { EMPTY_HOME, fetchHome, FEATURED_MAX_PRODUCTS, HOME_URL, normalizeHome } from './home';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const HERO = {
  title: 'Everything for the farm, home and garage',
  text: 'Spring is here.',
  linkText: 'Shop spring deals',
  link: '/s/?keyword=spring',
  image: '/images/banners/hero-desktop.svg',
  imageMobile: '/images/banners/hero-mobile.svg',
  alt: 'A red barn at sunrise',
};

const HOME = {
  hero: HERO,
  featured: [
    {
      id: 'deals',
      title: 'Deals',
      link: '/s/?keyword=&sort=price-asc',
      products: [
        productFixture('100', {
          wasPriceCents: 3499,
          wasPrice: '$34.99',
          rating: 4.26,
          ratingCount: 8,
          saleEndsOn: '2026-12-31',
        }),
        productFixture('101', { saleEndsOn: '2026-12-31' }),
      ],
    },
    { id: 'popular', title: 'Popular right now', link: '/s/?keyword=', products: [productFixture('200')] },
  ],
  departments: [
    { id: 12, name: 'Lawn & Garden', url: '/lawn-garden/', image: '/images/products/123456_1.svg', imageAlt: 'A hose' },
    { id: 13, name: 'Pet', url: '/pet/', image: null, imageAlt: '' },
  ],
};

describe('fetchHome', () => {
  it('GETs /api/home with the cookies and reads the hero, the lists in order and the departments', async () => {
    fetchMock.mockResolvedValue(Response.json(HOME));
    const home = await fetchHome();

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(HOME_URL);
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('same-origin');

    expect(home.hero).toEqual(HERO);
    expect(home.featured.map((f) => [f.id, f.title, f.link, f.products.map((p) => p.blainNumber)])).toEqual([
      ['deals', 'Deals', '/s/?keyword=&sort=price-asc', ['100', '101']],
      ['popular', 'Popular right now', '/s/?keyword=', ['200']],
    ]);
    expect(home.departments).toEqual(HOME.departments);
  });

  it('normalises the products’ ratings and sale prices', async () => {
    fetchMock.mockResolvedValue(Response.json(HOME));
    const [onSale, regular] = (await fetchHome()).featured[0]!.products;
    expect(onSale).toMatchObject({
      rating: 4.3,
      ratingCount: 8,
      wasPriceCents: 3499,
      wasPrice: '$34.99',
      saleEndsOn: '2026-12-31',
    });
    // A sale's last day without the sale is no end of anything.
    expect(regular).toMatchObject({
      rating: null,
      ratingCount: 0,
      wasPriceCents: null,
      wasPrice: null,
      introducedOn: null,
      saleEndsOn: null,
    });
  });

  it('answers an empty home page for 204', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(fetchHome()).resolves.toEqual(EMPTY_HOME);
  });

  it('rejects a failure or an answer that is no object with the network error', async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 500 }));
    await expect(fetchHome()).rejects.toBeInstanceOf(NetworkError);
    fetchMock.mockResolvedValue(Response.json([HOME]));
    await expect(fetchHome()).rejects.toBeInstanceOf(NetworkError);
  });

  it('passes the abort signal on', async () => {
    fetchMock.mockResolvedValue(Response.json(HOME));
    const abort = new AbortController();
    await fetchHome(abort.signal);
    expect(fetchMock.mock.calls[0]![1]?.signal).toBe(abort.signal);
  });
});

describe('normalizeHome', () => {
  it('has no hero without one, without a picture or without a title', () => {
    expect(normalizeHome({ ...HOME, hero: null }).hero).toBeNull();
    expect(normalizeHome({ ...HOME, hero: { ...HERO, image: '' } }).hero).toBeNull();
    expect(normalizeHome({ ...HOME, hero: { ...HERO, title: '  ' } }).hero).toBeNull();
  });

  it('uses the desktop picture on mobile when the content has no mobile one', () => {
    expect(normalizeHome({ hero: { ...HERO, imageMobile: null } }).hero?.imageMobile).toBe(HERO.image);
  });

  it('drops a call to action that is not a link of this site, or has no text', () => {
    for (const link of ['https://evil.example/', '//evil.example/', 'javascript:alert(1)', '']) {
      const hero = normalizeHome({ hero: { ...HERO, link } }).hero!;
      expect(hero.link).toBeNull();
      expect(hero.linkText).toBe('');
      expect(hero.title).toBe(HERO.title);
    }
    expect(normalizeHome({ hero: { ...HERO, linkText: '' } }).hero!.link).toBeNull();
  });

  it('leaves out lists without products or title, unreadable products and repeats', () => {
    const home = normalizeHome({
      featured: [
        { id: 'empty', title: 'Nothing', link: '/s/', products: [] },
        { id: 'untitled', products: [productFixture('1')] },
        {
          id: 'new-arrivals',
          title: 'New arrivals',
          link: 'https://elsewhere.example/',
          products: [{ name: 'No number' }, productFixture('5'), productFixture('5'), 'junk', { ...productFixture('6'), url: 'javascript:x' }],
        },
        'junk',
        { id: 'new-arrivals', title: 'Again', link: '/s/', products: [productFixture('7')] },
      ],
    });
    expect(home.featured).toHaveLength(1);
    expect(home.featured[0]).toMatchObject({ id: 'new-arrivals', title: 'New arrivals', link: null });
    expect(home.featured[0]!.products.map((p) => p.blainNumber)).toEqual(['5']);
  });

  it('keeps at most 12 products a list', () => {
    const products = Array.from({ length: 20 }, (_, i) => productFixture(String(i + 1)));
    expect(normalizeHome({ featured: [{ id: 'popular', title: 'Popular', products }] }).featured[0]!.products).toHaveLength(
      FEATURED_MAX_PRODUCTS,
    );
  });

  it('fills a product’s missing lists and fields so cards can rely on them', () => {
    const home = normalizeHome({
      featured: [{ id: 'popular', title: 'Popular', products: [{ blainNumber: 42, name: 'Rope', url: '/product/42/rope/', priceCents: 123456 }] }],
    });
    expect(home.featured[0]!.products[0]).toMatchObject({
      blainNumber: '42',
      name: 'Rope',
      price: '$1,234.56',
      thumbnail: null,
      images: [],
      attributes: [],
      departmentPath: [],
      belowMap: false,
      priceMode: 'Regular',
      fulfillment: { shipToHome: false, storePickup: false, sameDayDelivery: false },
    });
  });

  it('reads below-MAP products as such and keeps no was-price that is not above the price', () => {
    const home = normalizeHome({
      featured: [
        {
          id: 'deals',
          title: 'Deals',
          products: [
            productFixture('1', { priceMode: 'BelowMap', belowMap: false }),
            { ...productFixture('2'), wasPriceCents: 2979, wasPrice: '$29.79' },
            { ...productFixture('3'), wasPriceCents: 1000, wasPrice: '$10.00' },
            { ...productFixture('4'), wasPrice: '$39.99' },
          ],
        },
      ],
    });
    const [map, same, lower, textOnly] = home.featured[0]!.products;
    expect(map!.belowMap).toBe(true);
    expect(same!.wasPrice).toBeNull();
    expect(lower!.wasPrice).toBeNull();
    expect(textOnly).toMatchObject({ wasPrice: '$39.99', wasPriceCents: 3999 });
  });

  it('leaves out departments without id, name or a link of this site, and repeats', () => {
    const home = normalizeHome({
      departments: [
        { id: '1', name: 'Text id', url: '/a/' },
        { id: 2, name: '', url: '/b/' },
        { id: 3, name: 'Elsewhere', url: 'https://x.example/' },
        { id: 4, name: 'Farm', url: '/farm/', image: 'javascript:x' },
        { id: 4, name: 'Farm again', url: '/farm2/' },
      ],
    });
    expect(home.departments).toEqual([{ id: 4, name: 'Farm', url: '/farm/', image: null, imageAlt: '' }]);
  });

  it('reads missing lists as empty', () => {
    expect(normalizeHome({})).toEqual(EMPTY_HOME);
    expect(normalizeHome({ hero: 'x', featured: {}, departments: 'y' })).toEqual(EMPTY_HOME);
  });
});
