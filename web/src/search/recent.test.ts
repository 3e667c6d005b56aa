import { afterEach, describe, expect, it } from 'vitest';
import {
  addRecentSearch,
  clearRecentSearches,
  MAX_RECENT_SEARCHES,
  readRecentSearches,
  recentSearchesCookie,
  RECENT_SEARCHES_COOKIE,
  RECENT_SEARCHES_DAYS,
  withRecentSearch,
} from './recent';

afterEach(() => clearRecentSearches());

describe('recent searches', () => {
  it('keeps keyword and count, newest first, a keyword once', () => {
    let list = withRecentSearch([], 'rope', 9);
    list = withRecentSearch(list, 'chicken feed', 12);
    list = withRecentSearch(list, ' Rope ', 8);
    expect(list).toEqual([
      { keyword: 'Rope', count: 8 },
      { keyword: 'chicken feed', count: 12 },
    ]);
    expect(withRecentSearch(list, '   ', 3)).toEqual(list);
  });

  it('keeps at most 8', () => {
    let list = withRecentSearch([], 'k0', 1);
    for (let i = 1; i < 12; i++) list = withRecentSearch(list, `k${i}`, i);
    expect(list).toHaveLength(MAX_RECENT_SEARCHES);
    expect(list[0]!.keyword).toBe('k11');
  });

  it('lives in a cookie for 365 days', () => {
    expect(RECENT_SEARCHES_DAYS).toBe(365);
    const cookie = recentSearchesCookie([{ keyword: 'a;b', count: 1 }]);
    expect(cookie).toMatch(new RegExp(`^${RECENT_SEARCHES_COOKIE}=[^;]+; Max-Age=31536000; Path=/; SameSite=Lax$`));
    const value = cookie.split(';')[0]!;
    expect(readRecentSearches(`other=1; ${value}`)).toEqual([{ keyword: 'a;b', count: 1 }]);
  });

  it('reads back what it writes, and forgets', () => {
    addRecentSearch('rope', 9);
    addRecentSearch('twine', 4);
    expect(readRecentSearches()).toEqual([
      { keyword: 'twine', count: 4 },
      { keyword: 'rope', count: 9 },
    ]);
    clearRecentSearches();
    expect(readRecentSearches()).toEqual([]);
  });

  it('ignores a damaged cookie', () => {
    expect(readRecentSearches(`${RECENT_SEARCHES_COOKIE}=%7Bnope`)).toEqual([]);
    expect(readRecentSearches(`${RECENT_SEARCHES_COOKIE}=${encodeURIComponent('[{"keyword":5},{"keyword":"ok","count":-1}]')}`)).toEqual([
      { keyword: 'ok', count: 0 },
    ]);
  });
});
