/**
 * The analysts' calls (the analyst role; a staff session or `Authorization: Bearer`):
 *
 * | call                                                        | answer                             |
 * |-------------------------------------------------------------|------------------------------------|
 * | GET /api/staff/analytics/report?since=&until=                | the report (`AnalyticsReport`)     |
 * | GET /api/staff/analytics/report.csv?table=&since=&until=     | one table as a `text/csv` file     |
 * | GET /api/staff/analytics/tail?topics=&types=                 | the topics' new messages, as SSE   |
 *
 * Days are `YYYY-MM-DD` (UTC days), both ends counted; without them the server reports the
 * last seven days and today. 400 `InvalidSince`, `InvalidUntil`, `InvalidRange` (the end
 * before the start, or over 366 days), `InvalidTable`, `InvalidTopic`, `InvalidTypes`; the
 * tail answers 429 `TailBusy` with `Retry-After` while too many are open. Rates are 0..1,
 * null when nothing was shown (no data) and 0 when something was shown and never clicked.
 *
 * The rows are read field by field (a missing number is 0, a missing rate null), into the
 * OpenAPI document's types where it has them.
 */
import { apiGet, NetworkError } from '../../shared/api/client';
import { isObject, num, str, type Json } from '../../shared/api/json';
import type { Wire } from '../../shared/api/wire';
import { csvFilename, isDay, rangeQueryString, type CsvTable, type RangeQuery } from '../analytics/shape';
import { EventStreamParser } from './eventStream';

export const REPORT_URL = '/api/staff/analytics/report';
export const REPORT_CSV_URL = '/api/staff/analytics/report.csv';
export const TAIL_URL = '/api/staff/analytics/tail';

export type SearchRow = Required<Wire<'AnalyticsSearchRow'>>;
export type ItemRow = Required<Wire<'AnalyticsItemRow'>>;
export type WidgetRow = Required<Wire<'AnalyticsWidgetRow'>>;
export type QueryItemRow = Wire<'AnalyticsQueryItemRow'>;
export type CoviewRow = Wire<'AnalyticsCoviewRow'>;
export type RatingRow = Wire<'AnalyticsRatingRow'>;
export type EventCount = Wire<'AnalyticsEventCount'>;
/** Searches by the merchandising rule that shaped their answer (`pinned`, `redirect`, `synonym`, `none`). */
export type RuleRow = Required<Wire<'AnalyticsRuleRow'>>;

/** One day's searches and what followed them (shoppers only, not bots); revenue in dollars. */
export interface AnalyticsDay {
  day: string;
  searches: number;
  nullResults: number;
  clicks: number;
  addToCarts: number;
  sales: number;
  revenue: number;
}

export interface AnalyticsReport {
  since: string;
  /** The last day counted. */
  until: string;
  /** One row per day from `since` to `until`, days without searches as zeros. */
  searchesByDay: AnalyticsDay[];
  events: EventCount[];
  popularSearches: string[];
  topSearches: SearchRow[];
  nullResultSearches: SearchRow[];
  rules: RuleRow[];
  topItems: ItemRow[];
  queryItems: QueryItemRow[];
  widgets: WidgetRow[];
  coviews: CoviewRow[];
  ratings: RatingRow[];
  /** Seconds from a beacon's arrival to its analytics row over the last hour; null without any. */
  lagP50Seconds: number | null;
  lagP99Seconds: number | null;
}

/** A rate as sent: a finite number, else null (no data). */
function rateOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The rows of an array field, each read by `read`; anything that is not an object is left out. */
function rows<T>(value: unknown, read: (row: Json) => T): T[] {
  return Array.isArray(value) ? value.filter(isObject).map(read) : [];
}

function searchRow(row: Json): SearchRow {
  return {
    keyword: str(row.keyword),
    searches: num(row.searches),
    withHits: num(row.withHits),
    nullResults: num(row.nullResults),
    clicks: num(row.clicks),
    clickThrough: rateOrNull(row.clickThrough),
    addToCarts: num(row.addToCarts),
    sales: num(row.sales),
    conversion: rateOrNull(row.conversion),
    revenue: num(row.revenue),
  };
}

function dayRow(row: Json): AnalyticsDay {
  return {
    day: str(row.day),
    searches: num(row.searches),
    nullResults: num(row.nullResults),
    clicks: num(row.clicks),
    addToCarts: num(row.addToCarts),
    sales: num(row.sales),
    revenue: num(row.revenue),
  };
}

/** The report of a range (`{}`: the server's last seven days and today). */
export async function fetchAnalyticsReport(range: RangeQuery, signal?: AbortSignal): Promise<AnalyticsReport> {
  const query = rangeQueryString(range);
  const body = await apiGet<unknown>(query ? `${REPORT_URL}?${query}` : REPORT_URL, signal);
  if (!isObject(body) || !isDay(body.since)) throw new NetworkError(200);
  return {
    since: body.since,
    until: isDay(body.until) ? body.until : body.since,
    searchesByDay: rows(body.searchesByDay, dayRow).filter((d) => isDay(d.day)),
    events: rows(body.events, (r) => ({ event: str(r.event), bot: r.bot === true, events: num(r.events) })),
    popularSearches: Array.isArray(body.popularSearches)
      ? body.popularSearches.filter((s): s is string => typeof s === 'string')
      : [],
    topSearches: rows(body.topSearches, searchRow),
    nullResultSearches: rows(body.nullResultSearches, searchRow),
    rules: rows(body.rules, (r) => ({
      rule: str(r.rule),
      searches: num(r.searches),
      clicks: num(r.clicks),
      clickThrough: rateOrNull(r.clickThrough),
      addToCarts: num(r.addToCarts),
      sales: num(r.sales),
      conversion: rateOrNull(r.conversion),
      revenue: num(r.revenue),
    })),
    topItems: rows(body.topItems, (r) => ({
      itemId: str(r.itemId),
      impressions: num(r.impressions),
      clicks: num(r.clicks),
      clickThrough: rateOrNull(r.clickThrough),
      views: num(r.views),
      addToCarts: num(r.addToCarts),
      sales: num(r.sales),
    })),
    queryItems: rows(body.queryItems, (r) => ({
      keyword: str(r.keyword),
      itemId: str(r.itemId),
      clicks: num(r.clicks),
      addToCarts: num(r.addToCarts),
    })),
    widgets: rows(body.widgets, (r) => ({
      kind: str(r.kind),
      widgetId: str(r.widgetId),
      impressions: num(r.impressions),
      clicks: num(r.clicks),
      clickThrough: rateOrNull(r.clickThrough),
    })),
    coviews: rows(body.coviews, (r) => ({ itemId: str(r.itemId), otherId: str(r.otherId), visits: num(r.visits) })),
    ratings: rows(body.ratings, (r) => ({ itemId: str(r.itemId), ratings: num(r.ratings), average: num(r.average) })),
    lagP50Seconds: rateOrNull(body.lagP50Seconds),
    lagP99Seconds: rateOrNull(body.lagP99Seconds),
  };
}

// ---------------------------------------------------------------- CSV downloads

/** The address of a table's CSV over a range. */
export function reportCsvUrl(table: CsvTable, range: { since: string; until: string }): string {
  return `${REPORT_CSV_URL}?table=${encodeURIComponent(table)}&${rangeQueryString(range)}`;
}

/** The file name of a `Content-Disposition` (`attachment; filename="a.csv"`, or `filename*=UTF-8''a.csv`). */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A malformed escape: the plain parameter, if any.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(header);
  const name = plain ? (plain[1] ?? plain[2] ?? '') : '';
  // A name only, never a path.
  return name && !/[\\/]/.test(name) ? name : null;
}

/** What a refused request answered: its status and, in the server's error shape, its code and words. */
async function refusedBy(response: Response): Promise<NetworkError> {
  let body: unknown = null;
  try {
    body = JSON.parse(await response.text());
  } catch {
    // Not the error shape: the status alone.
  }
  const code = isObject(body) && typeof body.code === 'string' && body.code ? body.code : undefined;
  const message = isObject(body) && typeof body.message === 'string' && body.message.trim() ? body.message : undefined;
  return new NetworkError(response.status, { code, serverMessage: message });
}

/**
 * Saves a table's CSV over a range: read with `fetch` (the console's credentials, a session
 * cookie or a bearer token, go with it as with every call), then handed to the browser as a
 * download of a temporary link to the file in memory. Resolves to the file's name; a refusal
 * rejects with the client's `NetworkError`.
 */
export async function downloadReportCsv(table: CsvTable, range: { since: string; until: string }): Promise<string> {
  let response: Response;
  try {
    response = await fetch(reportCsvUrl(table, range), { credentials: 'same-origin', headers: { Accept: 'text/csv' } });
  } catch (cause) {
    throw new NetworkError(undefined, { cause });
  }
  if (response.status !== 200) throw await refusedBy(response);
  const blob = await response.blob().catch((cause: unknown) => {
    throw new NetworkError(200, { cause });
  });
  const name = filenameFromDisposition(response.headers.get('Content-Disposition')) ?? csvFilename(table, range.since, range.until);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task has run.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}

// ---------------------------------------------------------------- the live tail

/** The topics a tail follows, as the query names them. */
export const TAIL_TOPICS = ['tracking', 'events'] as const;
export type TailTopic = (typeof TAIL_TOPICS)[number];

/** At most this many types, each at most `TYPE_MAX` characters (the server's limits). */
export const TYPES_MAX = 20;
export const TYPE_MAX = 64;

export interface TailFilter {
  /** At least one. */
  topics: TailTopic[];
  /** Event types (`Search`) or aggregates (`Cart`, which matches `Cart.ItemAdded`); none: all. */
  types: string[];
}

/** One message of a topic, as the tail sends it. */
export interface TailEvent {
  topic: string;
  /** A tracking message's `event`; a domain event's `<aggregateType>.<eventType>`. */
  type: string;
  /** When the message was written to the topic (RFC 3339). */
  at: string;
  partition: number;
  offset: number;
  /** The message as on the topic. */
  payload: unknown;
}

/** The tail's address: '/api/staff/analytics/tail?topics=tracking,events&types=Search,Cart'. */
export function tailUrl(filter: TailFilter): string {
  const parts = [`topics=${filter.topics.map(encodeURIComponent).join(',')}`];
  if (filter.types.length > 0) parts.push(`types=${filter.types.map(encodeURIComponent).join(',')}`);
  return `${TAIL_URL}?${parts.join('&')}`;
}

/** A tail's message, or null for anything that is not one. */
export function parseTailEvent(data: string): TailEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObject(value) || typeof value.topic !== 'string' || typeof value.type !== 'string') return null;
  return {
    topic: value.topic,
    type: value.type,
    at: str(value.at),
    partition: num(value.partition),
    offset: num(value.offset),
    payload: value.payload ?? null,
  };
}

/** A refusal of the tail; `retryAfterSeconds` from a 429's `Retry-After`. */
export class TailRefused extends NetworkError {
  readonly retryAfterSeconds: number | null;

  constructor(from: NetworkError, retryAfterSeconds: number | null) {
    super(from.status, { code: from.code, serverMessage: from.serverMessage });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** `Retry-After` in seconds (a number of seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

export interface TailHandlers {
  /** The server listens: the topics' full names. */
  onReady: (topics: string[]) => void;
  onEvent: (event: TailEvent) => void;
}

/**
 * Follows the tail until the server ends the stream (resolves), the signal aborts it
 * (resolves) or it fails: a refusal rejects with `TailRefused` (status, code, the server's
 * words, Retry-After), a dropped connection with a `NetworkError` without a status. Read
 * with `fetch` rather than `EventSource`, which hides a refusal's status and words.
 */
export async function followTail(filter: TailFilter, handlers: TailHandlers, signal: AbortSignal): Promise<void> {
  let response: Response;
  try {
    response = await fetch(tailUrl(filter), {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { Accept: 'text/event-stream' },
      signal,
    });
  } catch (cause) {
    if (signal.aborted) return;
    throw new NetworkError(undefined, { cause });
  }
  if (response.status !== 200) {
    const retry = retryAfterSeconds(response.headers.get('Retry-After'));
    throw new TailRefused(await refusedBy(response), retry);
  }
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.startsWith('text/event-stream') || !response.body) throw new NetworkError(200);

  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', stop);
  const decoder = new TextDecoder();
  const parser = new EventStreamParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal.aborted) return;
      if (done) break;
      for (const event of parser.push(decoder.decode(value, { stream: true }))) {
        if (event.event === 'ready') {
          let topics: unknown = null;
          try {
            topics = (JSON.parse(event.data) as Json).topics;
          } catch {
            // A ready without topics: listening all the same.
          }
          handlers.onReady(Array.isArray(topics) ? topics.filter((t): t is string => typeof t === 'string') : []);
        } else if (event.event === 'message') {
          const message = parseTailEvent(event.data);
          if (message) handlers.onEvent(message);
        }
      }
    }
  } catch (cause) {
    if (signal.aborted) return;
    throw new NetworkError(undefined, { cause });
  } finally {
    signal.removeEventListener('abort', stop);
  }
}
