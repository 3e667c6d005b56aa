import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearRecentlyViewed,
  readRecentlyViewed,
  RECENTLY_VIEWED_KEY,
  RECENTLY_VIEWED_MAX,
  recordRecentlyViewed,
} from './recentlyViewed';

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

function stored(): unknown {
  const raw = window.localStorage.getItem(RECENTLY_VIEWED_KEY);
  return raw === null ? null : JSON.parse(raw);
}

describe('recently viewed products', () => {
  it('is empty for a new shopper', () => {
    expect(readRecentlyViewed()).toEqual([]);
  });

  it('keeps the most recent first, in localStorage sf_recently_viewed', () => {
    recordRecentlyViewed('100');
    recordRecentlyViewed('200');
    expect(readRecentlyViewed()).toEqual(['200', '100']);
    expect(stored()).toEqual(['200', '100']);
  });

  it('lists a product once: viewing it again moves it to the front', () => {
    recordRecentlyViewed('100');
    recordRecentlyViewed('200');
    recordRecentlyViewed('300');
    expect(recordRecentlyViewed('100')).toEqual(['100', '300', '200']);
    expect(readRecentlyViewed()).toEqual(['100', '300', '200']);
  });

  it('keeps the 12 most recent', () => {
    for (let i = 1; i <= 20; i += 1) recordRecentlyViewed(String(i));
    const list = readRecentlyViewed();
    expect(list).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(RECENTLY_VIEWED_MAX).toBe(12);
    expect(list[0]).toBe('20');
    expect(list.at(-1)).toBe('9');
  });

  it('tolerates corrupt storage: not JSON, not a list, wrong entries, repeats, too many', () => {
    window.localStorage.setItem(RECENTLY_VIEWED_KEY, '{not json');
    expect(readRecentlyViewed()).toEqual([]);
    expect(recordRecentlyViewed('100')).toEqual(['100']);

    window.localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify({ a: 1 }));
    expect(readRecentlyViewed()).toEqual([]);

    window.localStorage.setItem(
      RECENTLY_VIEWED_KEY,
      JSON.stringify(['100', null, 7, '', '<script>', { id: 1 }, '100', ' 300 ', ...Array.from({ length: 20 }, (_, i) => `9${i}`)]),
    );
    const list = readRecentlyViewed();
    expect(list.slice(0, 3)).toEqual(['100', '7', '300']);
    expect(list).toHaveLength(12);
    expect(new Set(list).size).toBe(12);
  });

  it('ignores a product number that is no product number', () => {
    recordRecentlyViewed('100');
    recordRecentlyViewed('');
    recordRecentlyViewed('a b');
    expect(readRecentlyViewed()).toEqual(['100']);
  });

  it('works on when storage cannot be read or written', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => recordRecentlyViewed('100')).not.toThrow();
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(readRecentlyViewed()).toEqual([]);
  });

  it('can be cleared', () => {
    recordRecentlyViewed('100');
    clearRecentlyViewed();
    expect(readRecentlyViewed()).toEqual([]);
  });
});
