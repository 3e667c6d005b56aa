import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANALYTICS_URL,
  isBotUserAgent,
  POPULAR_SEARCH_EVENT_DELAY_MS,
  pushDataLayer,
  sendCarouselClickBeacon,
  sendProductView,
  trackCarouselClick,
  trackCarouselView,
  trackEmailSubscribe,
  trackMenuClick,
  trackPopularSearch,
  type CarouselTracking,
} from './analytics';

let sendBeacon: ReturnType<typeof vi.fn<(url: string, data?: BodyInit | null) => boolean>>;

/** Bodies posted to `url`, parsed. */
function posted(url: string): unknown[] {
  return sendBeacon.mock.calls.filter(([u]) => u === url).map(([, body]) => JSON.parse(String(body)));
}

const ITEM: CarouselTracking = {
  itemListID: 'similar-items',
  itemListName: 'Similar Items',
  index: 2,
  currentPrice: 19.99,
  belowMap: false,
  priceMode: 'regular',
  blainNumber: '1234567',
  vendorBrand: 'Behlen',
  productName: 'Stock Tank, 100 gal',
};

beforeEach(() => {
  sendBeacon = vi.fn(() => true);
  Object.defineProperty(window.navigator, 'sendBeacon', { configurable: true, writable: true, value: sendBeacon });
  delete window.dataLayer;
});

afterEach(() => {
  delete window.dataLayer;
});

describe('pushDataLayer', () => {
  it('pushes to the data layer when there is one and always posts to /event/a/analytics', () => {
    expect(ANALYTICS_URL).toBe('/event/a/analytics');
    pushDataLayer({ event: 'custom', a: 1 });
    expect(posted(ANALYTICS_URL)).toEqual([{ event: 'custom', a: 1 }]);

    window.dataLayer = [];
    pushDataLayer({ event: 'custom', a: 2 });
    expect(window.dataLayer).toEqual([{ event: 'custom', a: 2 }]);
    expect(posted(ANALYTICS_URL)).toEqual([
      { event: 'custom', a: 1 },
      { event: 'custom', a: 2 },
    ]);
  });

  it('falls back to fetch keepalive without sendBeacon', () => {
    Object.defineProperty(window.navigator, 'sendBeacon', { configurable: true, writable: true, value: undefined });
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    trackEmailSubscribe();
    expect(fetchMock).toHaveBeenCalledWith(
      '/event/a/analytics',
      expect.objectContaining({ method: 'POST', keepalive: true, body: '{"event":"email_subscribe","method":"Footer"}' }),
    );
  });
});

describe('every push reaches /event/a/analytics', () => {
  it('email_subscribe with method Footer', () => {
    window.dataLayer = [];
    trackEmailSubscribe();
    expect(window.dataLayer).toEqual([{ event: 'email_subscribe', method: 'Footer' }]);
    expect(posted(ANALYTICS_URL)).toEqual([{ event: 'email_subscribe', method: 'Footer' }]);
  });

  it('menu_click', () => {
    trackMenuClick('mega menu', 'Fencing', '/farm-ranch/fencing/');
    expect(posted(ANALYTICS_URL)).toEqual([
      { event: 'menu_click', menu_name: 'mega menu', link_text: 'Fencing', link_url: '/farm-ranch/fencing/' },
    ]);
  });

  it('popular_search, 1500 ms after the choice', () => {
    vi.useFakeTimers();
    try {
      trackPopularSearch('dog food', '/s/?keyword=dog+food');
      vi.advanceTimersByTime(POPULAR_SEARCH_EVENT_DELAY_MS - 1);
      expect(posted(ANALYTICS_URL)).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(posted(ANALYTICS_URL)).toEqual([
        { event: 'popular_search', search_term: 'dog food', link_url: '/s/?keyword=dog+food' },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('product_carousel_view with the items shown (nothing for none)', () => {
    trackCarouselView([]);
    expect(posted(ANALYTICS_URL)).toEqual([]);
    window.dataLayer = [];
    trackCarouselView([ITEM, { ...ITEM, index: 3, blainNumber: '7654321' }]);
    const expected = {
      event: 'product_carousel_view',
      itemListID: 'similar-items',
      itemListName: 'Similar Items',
      items: [ITEM, { ...ITEM, index: 3, blainNumber: '7654321' }],
      blainNumbers: [ITEM.blainNumber, '7654321'],
    };
    expect(posted(ANALYTICS_URL)).toEqual([expected]);
    expect(window.dataLayer).toEqual([expected]);
  });

  it('product_carousel_click with the carousel tracking fields', () => {
    trackCarouselClick(ITEM);
    expect(posted(ANALYTICS_URL)).toEqual([{ event: 'product_carousel_click', ...ITEM }]);
  });
});

describe('product beacons', () => {
  it('carousel click: POST /event/a/carousel-click with the carousel tracking JSON', () => {
    sendCarouselClickBeacon(ITEM);
    expect(posted('/event/a/carousel-click')).toEqual([ITEM]);
  });

  it('product view: POST /event/a/productview with a, u, b, h', () => {
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
    expect(sendProductView({ a: 'x', u: 'y', b: '1234567', h: 1 }, { userAgent: chrome })).toBe(true);
    expect(posted('/event/a/productview')).toEqual([{ a: 'x', u: 'y', b: '1234567', h: 1 }]);
  });

  it('no product view for bots; headless browsers still send it', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
      'Mozilla/5.0 (compatible; Yahoo! Slurp)',
      'Baiduspider',
      'SomeCrawler/1.0',
    ]) {
      expect(isBotUserAgent(ua)).toBe(true);
      expect(sendProductView({ a: 1, u: 2, b: '3', h: 4 }, { userAgent: ua })).toBe(false);
    }
    expect(posted('/event/a/productview')).toEqual([]);

    const headless =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36';
    expect(sendProductView({ a: 1, u: 2, b: '3', h: 4 }, { userAgent: headless })).toBe(true);
    // Default: the browser's own user agent (jsdom's is not a bot).
    expect(sendProductView({ a: 1, u: 2, b: '4', h: 4 })).toBe(true);
    expect(posted('/event/a/productview')).toHaveLength(2);
  });
});
