import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSponsoredAd, resetSponsoredAd, useSponsoredAdStore } from './sponsoredAd';

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
