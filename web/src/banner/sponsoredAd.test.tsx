import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPrefetched, primePrefetched } from '../shared/api/prefetched';
import { adoptRenderedAd, loadSponsoredAd, resetSponsoredAd, useSponsoredAd, useSponsoredAdStore } from './sponsoredAd';

const AD = {
  adId: 'ad-1',
  desktopImage: '/d.jpg',
  mobileImage: '/m.jpg',
  ctaLink: '/weekly-ad/',
  bannerImageAccessibleText: 'Weekly deals',
  ctaAccessibleText: 'See the weekly ad',
};

beforeEach(() => {
  resetSponsoredAd();
});

describe('loadSponsoredAd', () => {
  it('fetches /globalresource/sponsored-ad/ once and keeps the ad', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json(AD));
    vi.stubGlobal('fetch', fetchMock);
    loadSponsoredAd();
    loadSponsoredAd();
    await vi.waitFor(() => expect(useSponsoredAdStore.getState().ad).toEqual(AD));
    loadSponsoredAd();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/globalresource/sponsored-ad/');
  });

  it('a failure means no ad (and no retry in the same page load)', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('boom', { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    loadSponsoredAd();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(useSponsoredAdStore.getState().ad).toBeNull();
    loadSponsoredAd();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('on a page rendered on the server', () => {
  afterEach(() => clearPrefetched());

  function AdId() {
    return <span>{useSponsoredAd()?.adId ?? 'no ad'}</span>;
  }

  it('renders the ad the page was rendered with, and takes it before hydration: no fetch', () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    primePrefetched({ '/globalresource/sponsored-ad/': AD });
    expect(renderToString(<AdId />)).toBe('<span>ad-1</span>');
    adoptRenderedAd();
    expect(useSponsoredAdStore.getState()).toMatchObject({ ad: AD, settled: true });
    loadSponsoredAd();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('renders none, and fetches it, when the page carried no ad', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json(AD));
    vi.stubGlobal('fetch', fetchMock);
    expect(renderToString(<AdId />)).toBe('<span>no ad</span>');
    adoptRenderedAd();
    loadSponsoredAd();
    await vi.waitFor(() => expect(useSponsoredAdStore.getState().ad).toEqual(AD));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
