import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  HAWK_URL,
  MAX_PENDING_EVENTS,
  PENDING_STORAGE_KEY,
  readPendingEvents,
  resetTracking,
  retryPendingEvents,
  trackEvent,
  TRACKING_CLIENT_ID,
} from './hawk';
import { hawkRequests, recordHawkRequests, type RecordingImage } from './testing';

let images: RecordingImage[];

beforeEach(() => {
  resetTracking();
  images = recordHawkRequests();
});

afterEach(() => {
  resetTracking();
});

describe('trackEvent', () => {
  it('requests /hawk.png with t, et, cg and a random token', () => {
    trackEvent('pageload', { type_id: 5, request_path: '/blog/', qs: 'a=1', url: 'http://localhost/blog/?a=1' });
    expect(images).toHaveLength(1);
    const src = images[0]!.src;
    expect(src.startsWith(`${HAWK_URL}?t=`)).toBe(true);
    // Parameter order and names: t, et, cg, r (no cd without custom data).
    expect([...new URL(src, 'http://x').searchParams.keys()]).toEqual(['t', 'et', 'cg', 'r']);

    const [request] = hawkRequests(images);
    expect(request!.path).toBe('/hawk.png');
    expect(request!.et).toBe(1);
    expect(request!.cg).toBe(TRACKING_CLIENT_ID);
    expect(request!.r).toMatch(/^[0-9a-z]+$/);
    expect(request!.event).toEqual({
      event: 'PageLoad',
      version: 'v2',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      type_id: 5,
      request_path: '/blog/',
      qs: 'a=1',
      url: 'http://localhost/blog/?a=1',
    });
  });

  it('a fresh token per request', () => {
    trackEvent('login');
    trackEvent('login');
    const [a, b] = hawkRequests(images);
    expect(a!.r).not.toBe(b!.r);
    expect(a!.et).toBe(9);
  });

  it('URL-encodes the base64 and round-trips non-ASCII fields', () => {
    trackEvent('Search', { keyword: 'Men’s boots 👢 >>>???', type_id: 1, query_id: 'q-1' });
    const src = images[0]!.src;
    const rawT = /[?&]t=([^&]*)/.exec(src)![1]!;
    expect(rawT).not.toMatch(/[+/=]/);
    const [request] = hawkRequests(images);
    expect(request!.et).toBe(2);
    expect(request!.event).toMatchObject({ event: 'Search', keyword: 'Men’s boots 👢 >>>???', type_id: 1 });
  });

  it('sends only the spec fields that are set; never visitor_id or visit_id', () => {
    trackEvent('pageload', { ...({ page_type: 5 } as object), type_id: 5 });
    expect(hawkRequests(images)[0]!.event).not.toHaveProperty('page_type');
    images.length = 0;
    trackEvent('Add2Cart', {
      unique_id: '123',
      price: 9.99,
      quantity: 2,
      currency: 'USD',
      item_list: [{ id: 1 }],
      tax: undefined,
      total: null,
      ...({ visitor_id: 'v', visit_id: 's', bogus: 1 } as object),
    });
    const event = hawkRequests(images)[0]!.event;
    expect(Object.keys(event).sort()).toEqual(
      ['currency', 'event', 'item_list', 'price', 'quantity', 'timestamp', 'unique_id', 'version'].sort(),
    );
    expect(hawkRequests(images)[0]!.et).toBe(4);
  });

  it('click-type events carry the click details; others do not', () => {
    const link = document.createElement('a');
    link.textContent = 'Rope';
    link.id = 'rope';
    trackEvent('autocompleteclick', { suggest_type: 2, name: 'Rope', keyword: 'ro', url: '/rope/' }, {
      clientX: 10,
      clientY: 20,
      currentTarget: link,
    });
    trackEvent('BannerImpression', { banner_id: 'b1' });
    const [click, impression] = hawkRequests(images);
    expect(click!.et).toBe(11);
    expect(click!.event).toMatchObject({
      event: 'AutoCompleteClick',
      version: 'v2',
      suggest_type: 2,
      name: 'Rope',
      keyword: 'ro',
      url: '/rope/',
      mouse_x: 10,
      mouse_y: 20,
      element_tag: 'a',
      element_id: 'rope',
      element_class: '',
      element_text: 'Rope',
    });
    for (const key of ['viewport_w', 'viewport_h', 'scroll_x', 'scroll_y', 'browser', 'browser_version', 'os']) {
      expect(click!.event).toHaveProperty(key);
    }
    expect(impression!.et).toBe(8);
    expect(impression!.event).not.toHaveProperty('mouse_x');
    expect(impression!.event).not.toHaveProperty('browser');
  });

  it.each([
    ['click', 3],
    ['bannerclick', 7],
    ['recommendationclick', 10],
  ])('%s is a click event with code %i', (name, code) => {
    trackEvent(name, {});
    const [request] = hawkRequests(images);
    expect(request!.et).toBe(code);
    expect(request!.event).toHaveProperty('viewport_w');
  });

  it('Rate and Sale codes', () => {
    trackEvent('RATE', { value: 5 });
    trackEvent('sale', { order_no: 'A1', total: 10, tax: 1, sub_total: 9, currency: 'USD' });
    expect(hawkRequests(images).map((r) => r.et)).toEqual([5, 6]);
  });

  it('sends custom data as cd', () => {
    trackEvent('click', {}, null, { customData: { source: 'tile', n: 1 } });
    trackEvent('click', {}, null, { customData: 'plain text & more' });
    const [a, b] = hawkRequests(images);
    expect(JSON.parse(a!.cd!)).toEqual({ source: 'tile', n: 1 });
    expect(b!.cd).toBe('plain text & more');
    expect([...b!.params.keys()]).toEqual(['t', 'et', 'cg', 'cd', 'r']);
  });

  it("an unknown name throws 'No such tracking event' and sends nothing", () => {
    expect(() => trackEvent('pageview', {})).toThrow('No such tracking event');
    expect(() => trackEvent('', {})).toThrowError(new Error('No such tracking event'));
    expect(images).toHaveLength(0);
  });
});

describe('failed events', () => {
  it('a failed request is stored and sent again with the next event', () => {
    trackEvent('pageload', { request_path: '/a/' });
    images[0]!.fail();
    expect(readPendingEvents()).toEqual([
      expect.objectContaining({ et: 1, attempts: 1, t: expect.any(String) }),
    ]);
    expect(sessionStorage.getItem(PENDING_STORAGE_KEY)).not.toBeNull();

    trackEvent('login');
    // The retry first, then the new event.
    const requests = hawkRequests(images);
    expect(requests.map((r) => r.et)).toEqual([1, 1, 9]);
    expect(requests[1]!.event).toEqual(requests[0]!.event);
    // The retry keeps the event's token (the server counts one event per token).
    expect(requests[1]!.r).toBe(requests[0]!.r);
    expect(requests[2]!.r).not.toBe(requests[0]!.r);
    expect(readPendingEvents()).toEqual([]);
    expect(sessionStorage.getItem(PENDING_STORAGE_KEY)).toBeNull();

    images[1]!.load();
    images[2]!.load();
    trackEvent('login');
    expect(images).toHaveLength(4);
  });

  it('retries on the next page load (stored events survive a reload)', () => {
    sessionStorage.setItem(
      PENDING_STORAGE_KEY,
      JSON.stringify([{ et: 3, t: btoa('{"event":"Click","version":"v2"}'), attempts: 1 }]),
    );
    retryPendingEvents();
    expect(hawkRequests(images)).toEqual([expect.objectContaining({ et: 3, event: { event: 'Click', version: 'v2' } })]);
    // Stored without a token: one is made up.
    expect(hawkRequests(images)[0]!.r).toMatch(/^[0-9a-z]+$/);
  });

  it('each retry is one attempt; after 3 failed attempts the event is dropped', () => {
    trackEvent('pageload');
    images[0]!.fail(); // attempt 1
    retryPendingEvents();
    expect(images).toHaveLength(2);
    images[1]!.fail(); // attempt 2
    expect(readPendingEvents()).toEqual([expect.objectContaining({ attempts: 2 })]);
    retryPendingEvents();
    retryPendingEvents(); // nothing stored while attempt 3 is in flight
    expect(images).toHaveLength(3);
    images[2]!.fail(); // attempt 3
    expect(readPendingEvents()).toEqual([]);
    retryPendingEvents();
    expect(images).toHaveLength(3);
  });

  it('keeps at most 50 stored events, dropping the oldest', () => {
    for (let i = 0; i < MAX_PENDING_EVENTS + 5; i++) trackEvent('search', { keyword: `k${i}` });
    expect(images).toHaveLength(MAX_PENDING_EVENTS + 5);
    images.forEach((image) => image.fail());
    const pending = readPendingEvents();
    expect(pending).toHaveLength(50);
    const keywords = pending.map((p) => (JSON.parse(atob(p.t)) as { keyword: string }).keyword);
    expect(keywords[0]).toBe('k5');
    expect(keywords[49]).toBe('k54');
  });

  it('ignores a corrupt store', () => {
    sessionStorage.setItem(PENDING_STORAGE_KEY, '{not json');
    expect(readPendingEvents()).toEqual([]);
    sessionStorage.setItem(PENDING_STORAGE_KEY, JSON.stringify([{ et: 'x' }, 5, null]));
    expect(() => trackEvent('login')).not.toThrow();
    expect(images).toHaveLength(1);
  });
});
