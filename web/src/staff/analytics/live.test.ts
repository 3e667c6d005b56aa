import { describe, expect, it } from 'vitest';
import type { TailEvent } from '../api/analytics';
import {
  addNewest,
  busySentence,
  filterFromParams,
  filterToParams,
  formatTime,
  listeningSentence,
  newEventsSentence,
  parseTypes,
  reconnectDelayMs,
  summarize,
  topicShortName,
} from './live';

function tail(offset: number, more: Partial<TailEvent> = {}): TailEvent {
  return {
    topic: 'storefront.tracking.v1',
    type: 'PageLoad',
    at: '2026-11-28T16:00:00.123Z',
    partition: 0,
    offset,
    payload: {},
    ...more,
  };
}

describe('the live filter', () => {
  it('types: trimmed, each once, within the server’s limits', () => {
    expect(parseTypes(' Search, Cart ,,search, Cart.ItemAdded ')).toEqual({
      types: ['Search', 'Cart', 'Cart.ItemAdded'],
      problem: null,
    });
    expect(parseTypes('')).toEqual({ types: [], problem: null });
    expect(parseTypes(Array.from({ length: 21 }, (_, i) => `T${i}`).join(',')).problem).toBe('Enter at most 20 types.');
    expect(parseTypes('x'.repeat(65)).problem).toBe('A type has at most 64 characters.');
    expect(parseTypes('x'.repeat(64)).problem).toBeNull();
  });

  it('the page’s query: both topics unless one is named; the default writes nothing', () => {
    expect(filterFromParams(new URLSearchParams(''))).toEqual({ topics: ['tracking', 'events'], typesText: '' });
    expect(filterFromParams(new URLSearchParams('topics=events&types=Search,Cart'))).toEqual({
      topics: ['events'],
      typesText: 'Search, Cart',
    });
    expect(filterFromParams(new URLSearchParams('topics=nope')).topics).toEqual(['tracking', 'events']);
    expect(filterToParams({ topics: ['tracking', 'events'], types: [] })).toEqual({});
    expect(filterToParams({ topics: ['tracking'], types: ['Search', 'Cart'] })).toEqual({
      topics: 'tracking',
      types: 'Search,Cart',
    });
  });
});

describe('the rows', () => {
  it('newest first, each message once, at most the limit', () => {
    let rows = addNewest([], [tail(1), tail(2)]);
    expect(rows.map((r) => r.offset)).toEqual([2, 1]);
    rows = addNewest(rows, [tail(2), tail(3), tail(3, { topic: 'storefront.events.v1' })]);
    expect(rows.map((r) => `${r.topic}:${r.offset}`)).toEqual([
      'storefront.events.v1:3',
      'storefront.tracking.v1:3',
      'storefront.tracking.v1:2',
      'storefront.tracking.v1:1',
    ]);
    expect(addNewest(rows, [tail(9)], 3).map((r) => r.offset)).toEqual([9, 3, 3]);
  });

  it('topics’ short names', () => {
    expect(topicShortName('storefront.tracking.v1')).toBe('tracking');
    expect(topicShortName('storefront.events.v1')).toBe('events');
    expect(topicShortName('shop.clicks')).toBe('shop.clicks');
  });

  it('a time in this browser’s zone, with seconds', () => {
    expect(formatTime('2026-11-28T16:00:05.123Z')).toMatch(/^\d{1,2}:\d{2}:05 [AP]M$/);
    expect(formatTime('later')).toBe('later');
  });

  it('a Search: its keyword and results', () => {
    const search = (data: object) =>
      summarize(tail(1, { type: 'Search', payload: { event: 'Search', data: { keyword: 'dog food', ...data } } }));
    expect(search({ total: 42 })).toBe('“dog food”: 42 results');
    expect(search({ total: 1 })).toBe('“dog food”: 1 result');
    expect(search({ total: 0 })).toBe('“dog food”: no results');
    expect(search({})).toBe('“dog food”: results not known');
  });

  it('another tracking event: the first fields of its data, times and lists left out', () => {
    const event = tail(1, {
      type: 'Click',
      payload: {
        event: 'Click',
        data: { timestamp: 'x', keyword: 'rope', item_list: ['1'], unique_id: '1001', url: '/product/1001/', more: 1 },
      },
    });
    expect(summarize(event)).toBe('keyword: rope, unique_id: 1001, url: /product/1001/');
  });

  it('a domain event: its aggregate id and the first fields of its payload', () => {
    const event = tail(1, {
      topic: 'storefront.events.v1',
      type: 'Cart.ItemAdded',
      payload: {
        event_id: 'e1',
        aggregate_type: 'Cart',
        aggregate_id: 'cart-9',
        event_type: 'ItemAdded',
        payload: { ItemAdded: { blainNumber: '1001', quantity: 2, lines: [] } },
      },
    });
    expect(summarize(event)).toBe('id cart-9; blainNumber: 1001, quantity: 2');
  });
});

describe('the status', () => {
  it('sentences', () => {
    expect(listeningSentence(['storefront.tracking.v1', 'storefront.events.v1'], [])).toBe(
      'Listening to storefront.tracking.v1 and storefront.events.v1',
    );
    expect(listeningSentence(['storefront.tracking.v1'], ['Search', 'Click'])).toBe(
      'Listening to storefront.tracking.v1, for Search and Click only',
    );
    expect(busySentence(30)).toBe('Too many live views are open; try again in 30 seconds');
    expect(busySentence(1)).toBe('Too many live views are open; try again in 1 second');
    expect(newEventsSentence(1)).toBe('1 new event');
    expect(newEventsSentence(1200)).toBe('1,200 new events');
  });

  it('reconnects after 1, 2, 4 … 30 seconds, or the server’s retry when longer', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => reconnectDelayMs(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(reconnectDelayMs(1, 5000)).toBe(5000);
  });
});
