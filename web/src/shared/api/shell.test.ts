import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from './client';
import {
  AUTOCOMPLETE_URL,
  autocompleteUrl,
  EMPTY_HEADER,
  fetchAutocomplete,
  fetchHeader,
  fetchMegaMenuAd,
  fetchSponsoredAd,
  FLYOUT_URL,
  HEADER_URL,
  normalizeHeader,
  setLocalStore,
  SPONSORED_AD_URL,
} from './shell';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

describe('header data', () => {
  it('GETs /globalresource/header/ and keeps the fields the shell uses', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({
        loggedIn: true,
        greeting: 'Hi, Jane',
        customer: { firstName: 'Jane', customerHasRegistries: true },
        localStoreName: 'Janesville, WI',
        localStoreJson: { storeNum: 7, city: 'Janesville', cityAlias: 'Janesville', state: 'WI', urlAlias: 'janesville' },
        deptMenu: [{ id: 1, name: 'Farm', url: '/farm/', children: [{ id: 11, name: 'Feed', url: '/feed/' }] }],
        headerLinks: [{ text: 'Registries & Lists', link: '/gift-registry/' }, { text: 3 }],
        cartSummaryJson: { cartQty: 3 },
        itemsInCartCount: 3,
        siteMessages: [{ id: 'a', text: 'Hello', countdown: 'weird' }],
        serverTime: '2026-01-01T00:00:00Z',
        isMobileDevice: true,
        assetCdnBaseUrl: '',
      }),
    );

    const header = await fetchHeader();

    expect(fetchMock.mock.calls[0]![0]).toBe(`${HEADER_URL}?deptMenu=omit`);
    expect(header).toMatchObject({
      loggedIn: true,
      customer: { firstName: 'Jane', customerHasRegistries: true },
      localStoreJson: { storeNum: 7, state: 'WI' },
      cartSummaryJson: { cartQty: 3 },
      headerLinks: [{ text: 'Registries & Lists', link: '/gift-registry/' }],
      siteMessages: [{ id: 'a', text: 'Hello', countdown: 'none', link: null }],
      isMobileDevice: true,
      assetCdnBaseUrl: '',
    });
    expect(header.deptMenu[0]).toEqual({
      id: 1,
      name: 'Farm',
      url: '/farm/',
      bannerImageUrl: null,
      bannerLinkUrl: null,
      children: [{ id: 11, name: 'Feed', url: '/feed/', bannerImageUrl: null, bannerLinkUrl: null, children: [] }],
    });
  });

  it('treats 204 as a guest header and rejects a body of the wrong shape', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(fetchHeader()).resolves.toEqual(EMPTY_HEADER);
    expect(() => normalizeHeader([])).toThrow(NetworkError);
  });

  it('ignores a customer when not logged in and falls back to itemsInCartCount', () => {
    const header = normalizeHeader({ loggedIn: false, customer: { firstName: 'X' }, itemsInCartCount: 2 });
    expect(header.customer).toBeNull();
    expect(header.cartSummaryJson.cartQty).toBe(2);
    // Footer fields the server did not send stay unknown (the footer falls back).
    expect(header.isMobileDevice).toBeNull();
    expect(header.assetCdnBaseUrl).toBeNull();
  });
});

describe('mega menu ad', () => {
  it('is the ad, or null on 204', async () => {
    const ad = {
      adId: 'a1',
      desktopImage: '/d.jpg',
      mobileImage: '/m.jpg',
      ctaLink: '/feed/',
      bannerImageAccessibleText: 'Feed bags',
      ctaAccessibleText: 'Shop feed',
    };
    fetchMock.mockResolvedValueOnce(Response.json(ad));
    await expect(fetchMegaMenuAd()).resolves.toEqual(ad);
    expect(fetchMock.mock.calls[0]![0]).toBe(FLYOUT_URL);

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(fetchMegaMenuAd()).resolves.toBeNull();
  });
});

describe('sponsored ad', () => {
  it('GETs /globalresource/sponsored-ad/: the ad, or null for null, 204 or a non-ad', async () => {
    const ad = {
      adId: 's1',
      desktopImage: '/d.jpg',
      mobileImage: '/m.jpg',
      ctaLink: '/weekly-ad/',
      bannerImageAccessibleText: 'Weekly deals',
      ctaAccessibleText: 'See the weekly ad',
    };
    expect(SPONSORED_AD_URL).toBe('/globalresource/sponsored-ad/');
    fetchMock.mockResolvedValueOnce(Response.json(ad));
    await expect(fetchSponsoredAd()).resolves.toEqual(ad);
    expect(fetchMock.mock.calls[0]![0]).toBe(SPONSORED_AD_URL);

    fetchMock.mockResolvedValueOnce(Response.json(null));
    await expect(fetchSponsoredAd()).resolves.toBeNull();
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(fetchSponsoredAd()).resolves.toBeNull();
    fetchMock.mockResolvedValueOnce(Response.json({ adId: 'x' }));
    await expect(fetchSponsoredAd()).resolves.toBeNull();
  });

  it('fills a missing mobile image with the desktop one; a numeric id becomes text', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ adId: 7, desktopImage: '/d.jpg', ctaLink: '/x/' }));
    await expect(fetchSponsoredAd()).resolves.toMatchObject({
      adId: '7',
      desktopImage: '/d.jpg',
      mobileImage: '/d.jpg',
    });
  });
});

describe('autocomplete', () => {
  it('encodes the keyword and normalises the answer', async () => {
    expect(autocompleteUrl('hay & feed')).toBe(`${AUTOCOMPLETE_URL}?keyword=hay+%26+feed`);
    expect(autocompleteUrl('')).toBe(`${AUTOCOMPLETE_URL}?keyword=`);
    fetchMock.mockResolvedValueOnce(
      Response.json({ brands: [{ url: '/b', html: '<strong>B</strong>' }, { url: 1 }], count: 1 }),
    );
    await expect(fetchAutocomplete('b')).resolves.toEqual({
      brands: [{ url: '/b', html: '<strong>B</strong>' }],
      categories: [],
      popularSearches: [],
      products: [],
      productHeading: '',
      count: 1,
    });
  });
});

describe('setLocalStore', () => {
  it('GETs /stores/set-json/{storeNum} and reads success', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ success: true }));
    await expect(setLocalStore(42)).resolves.toBe(true);
    expect(fetchMock.mock.calls[0]![0]).toBe('/stores/set-json/42');
    fetchMock.mockResolvedValueOnce(Response.json({ success: false }));
    await expect(setLocalStore(42)).resolves.toBe(false);
  });
});

describe('department menu by version', () => {
  it('asks for the header without its menu and fetches the menu once per version', async () => {
    const menu = [{ id: 1, name: 'Farm & Ranch', url: '/farm-ranch/', bannerImageUrl: null, bannerLinkUrl: null, children: [] }];
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/globalresource/header/')) {
        return Response.json({ loggedIn: false, deptMenuVersion: 'abc123', siteMessages: [] });
      }
      if (url === '/globalresource/dept-menu/?v=abc123') return Response.json(menu);
      return new Response(null, { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);

    const first = await fetchHeader();
    const second = await fetchHeader();

    expect(first.deptMenu.map((m) => m.name)).toEqual(['Farm & Ranch']);
    expect(second.deptMenu).toEqual(first.deptMenu);
    const urls = fetchMock.mock.calls.map(([u]) => String(u));
    expect(urls).toEqual([
      '/globalresource/header/?deptMenu=omit',
      '/globalresource/dept-menu/?v=abc123',
      '/globalresource/header/?deptMenu=omit',
    ]);
  });
});
