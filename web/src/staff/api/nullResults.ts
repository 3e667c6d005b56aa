/**
 * The null-result queue (the merchandiser role): the searches that found nothing, and what a
 * merchandiser does about one.
 *
 * | call                                                 | answer                                     |
 * |------------------------------------------------------|--------------------------------------------|
 * | GET  /api/staff/merch/null-results?since=&until=      | `{since, until, rows}`, most first, ≤ 100  |
 * | POST /api/staff/merch/SetKeywordRedirect `{keyword, url}` | `{success, pins, redirect}`            |
 *
 * A redirect sends the keyword's searches to a page of the store (a local URL, '/store-finder/');
 * a URL that is not one is refused (400 or 422 with the server's words). The range of days is
 * the analytics report's (`YYYY-MM-DD`, both ends counted; absent: the last seven days and
 * today). The queue's shape is declared here until docs/openapi.json's types hold it.
 */
import { apiGet, NetworkError } from '../../shared/api/client';
import { isObject, num, str, strOrNull } from '../../shared/api/json';
import { isDay, rangeQueryString, type RangeQuery } from '../analytics/shape';
import { MERCH_URL } from './merch';
import { staffPost } from './staff';

export const NULL_RESULTS_URL = `${MERCH_URL}/null-results`;
export const SET_REDIRECT_URL = `${MERCH_URL}/SetKeywordRedirect`;

export interface NullResultRow {
  keyword: string;
  nullResults: number;
  searches: number;
  /** The last search that found nothing (RFC 3339); null when not known. */
  lastSeen: string | null;
  /** Where the keyword's searches go now, if anywhere. */
  redirect: string | null;
}

export interface NullResultQueue {
  since: string;
  until: string;
  rows: NullResultRow[];
}

/** The searches that found nothing over a range, most null results first. */
export async function fetchNullResults(range: RangeQuery, signal?: AbortSignal): Promise<NullResultQueue> {
  const query = rangeQueryString(range);
  const body = await apiGet<unknown>(query ? `${NULL_RESULTS_URL}?${query}` : NULL_RESULTS_URL, signal);
  if (!isObject(body) || !isDay(body.since) || !Array.isArray(body.rows)) throw new NetworkError(200);
  return {
    since: body.since,
    until: isDay(body.until) ? body.until : body.since,
    rows: body.rows
      .filter(isObject)
      .filter((row) => typeof row.keyword === 'string' && row.keyword !== '')
      .map((row) => ({
        keyword: str(row.keyword),
        nullResults: num(row.nullResults),
        searches: num(row.searches),
        lastSeen: strOrNull(row.lastSeen),
        redirect: strOrNull(row.redirect),
      })),
  };
}

/**
 * Sends a keyword's searches to a page of the store; resolves to the redirect the server
 * keeps. A refused URL rejects with the client's `NetworkError` and the server's words.
 */
export async function setKeywordRedirect(keyword: string, url: string): Promise<string> {
  const body = await staffPost<unknown>(SET_REDIRECT_URL, { keyword, url });
  if (!isObject(body)) throw new NetworkError(200);
  return strOrNull(body.redirect) ?? url;
}
