/**
 * Recent searches (accounts-rewards-search spec §3 "Recent search": keyword and count; §9:
 * the cookie lasts 365 days). Kept in the `recentSearches` cookie as JSON
 * `[{"keyword": "rope", "count": 9}, …]` (count: the results the search found), newest
 * first, at most {@link MAX_RECENT_SEARCHES}, a keyword once (case ignored).
 */

export const RECENT_SEARCHES_COOKIE = 'recentSearches';
export const RECENT_SEARCHES_DAYS = 365;
export const MAX_RECENT_SEARCHES = 8;
/** Keywords are cut like the search box's (spec: 150 characters). */
const MAX_KEYWORD = 150;

export interface RecentSearch {
  keyword: string;
  count: number;
}

function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** The recent searches in a cookie string (document.cookie by default). */
export function readRecentSearches(cookies: string = typeof document === 'undefined' ? '' : document.cookie): RecentSearch[] {
  const raw = cookieValue(cookies, RECENT_SEARCHES_COOKIE);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    if (!Array.isArray(parsed)) return [];
    const out: RecentSearch[] = [];
    for (const entry of parsed) {
      if (typeof entry !== 'object' || entry === null) continue;
      const { keyword, count } = entry as Record<string, unknown>;
      if (typeof keyword !== 'string' || !keyword.trim()) continue;
      if (out.some((r) => r.keyword.toLowerCase() === keyword.trim().toLowerCase())) continue;
      out.push({
        keyword: keyword.trim().slice(0, MAX_KEYWORD),
        count: typeof count === 'number' && Number.isFinite(count) && count >= 0 ? Math.trunc(count) : 0,
      });
      if (out.length >= MAX_RECENT_SEARCHES) break;
    }
    return out;
  } catch {
    return [];
  }
}

/** The list after searching `keyword` (found `count` results): it moves to the front. */
export function withRecentSearch(list: readonly RecentSearch[], keyword: string, count: number): RecentSearch[] {
  const k = keyword.trim().replace(/\s+/g, ' ').slice(0, MAX_KEYWORD);
  if (!k) return [...list];
  const rest = list.filter((r) => r.keyword.toLowerCase() !== k.toLowerCase());
  return [{ keyword: k, count: Math.max(0, Math.trunc(count)) }, ...rest].slice(0, MAX_RECENT_SEARCHES);
}

/** The Set-Cookie string for a list (365 days, the whole site). */
export function recentSearchesCookie(list: readonly RecentSearch[]): string {
  const value = encodeURIComponent(JSON.stringify(list));
  const maxAge = RECENT_SEARCHES_DAYS * 24 * 60 * 60;
  return `${RECENT_SEARCHES_COOKIE}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

/** Records a search in the cookie; returns the new list. */
export function addRecentSearch(keyword: string, count: number): RecentSearch[] {
  const list = withRecentSearch(readRecentSearches(), keyword, count);
  try {
    document.cookie = recentSearchesCookie(list);
  } catch {
    // Cookies blocked: nothing is remembered.
  }
  return list;
}

/** Forgets the recent searches. */
export function clearRecentSearches(): void {
  try {
    document.cookie = `${RECENT_SEARCHES_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  } catch {
    // ignore
  }
}
