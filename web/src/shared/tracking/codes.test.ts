import { describe, expect, it } from 'vitest';
import {
  CLICK_EVENTS,
  EVENT_TYPES,
  PAGE_TYPES,
  resolveEventName,
  SEARCH_TYPES,
  SUGGEST_TYPES,
  TRACKING_VERSION,
} from './codes';

describe('code tables', () => {
  it('event types', () => {
    expect(EVENT_TYPES).toEqual({
      PageLoad: 1,
      Search: 2,
      Click: 3,
      Add2Cart: 4,
      Rate: 5,
      Sale: 6,
      BannerClick: 7,
      BannerImpression: 8,
      Login: 9,
      RecommendationClick: 10,
      AutoCompleteClick: 11,
    });
  });

  it('page, search and autocomplete types; version v2', () => {
    expect(PAGE_TYPES).toEqual({ itemDetails: 1, landingPage: 2, shoppingCart: 3, orderConfirmation: 4, custom: 5 });
    expect(SEARCH_TYPES).toEqual({ Search: 1, Refinement: 2 });
    expect(SUGGEST_TYPES).toEqual({ popular: 1, category: 2, product: 3, content: 4 });
    expect(TRACKING_VERSION).toBe('v2');
  });

  it('click-type events', () => {
    expect([...CLICK_EVENTS].sort()).toEqual(['AutoCompleteClick', 'BannerClick', 'Click', 'RecommendationClick']);
  });
});

describe('resolveEventName', () => {
  it('matches names case-insensitively', () => {
    const names = [
      'pageload',
      'search',
      'click',
      'add2cart',
      'rate',
      'sale',
      'bannerclick',
      'bannerimpression',
      'login',
      'recommendationclick',
      'autocompleteclick',
    ];
    expect(names.map(resolveEventName)).toEqual(Object.keys(EVENT_TYPES));
    expect(resolveEventName('AutoCompleteClick')).toBe('AutoCompleteClick');
    expect(resolveEventName('PAGELOAD')).toBe('PageLoad');
  });

  it("throws 'No such tracking event' for anything else", () => {
    for (const name of ['', 'page load', 'pageview', 'AddToCart', ' pageload', 'constructor', '__proto__']) {
      expect(() => resolveEventName(name)).toThrow(new Error('No such tracking event'));
    }
  });
});
