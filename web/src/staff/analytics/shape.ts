/**
 * The analytics pages' data shaping, apart from React and the charts: the range of days a
 * report covers (as the URL keeps it), totals and rates over the days, what the charts draw,
 * rates, money and days in words, the widgets by kind, the events per name and a CSV's file
 * name.
 *
 * Days are the server's `YYYY-MM-DD` (UTC days). They are shown and drawn as that calendar
 * day, never converted through this browser's time zone (a UTC midnight is the day before
 * west of Greenwich).
 */
import type uPlot from 'uplot';
import type { AnalyticsDay, EventCount, WidgetRow } from '../api/analytics';

// ---------------------------------------------------------------- the range of days

/** The longest range a report covers, in days (both ends counted), as the server allows. */
export const MAX_RANGE_DAYS = 366;

/** A range as asked: either end may be left to the server (seven days ago; today). */
export interface RangeQuery {
  since?: string;
  until?: string;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day of 'YYYY-MM-DD' as [year, month 1–12, day], or null for anything else. */
function dayParts(day: string): [number, number, number] | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  // 2026-02-30 is no day.
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return [y, m, d];
}

/** Whether `value` is a day the server reads ('2026-11-28'). */
export function isDay(value: unknown): value is string {
  return typeof value === 'string' && dayParts(value) !== null;
}

/** The days from `since` to `until`, both counted (1 for one day). */
export function daysBetween(since: string, until: string): number {
  const a = dayParts(since);
  const b = dayParts(until);
  if (!a || !b) return 0;
  return Math.round((Date.UTC(b[0], b[1] - 1, b[2]) - Date.UTC(a[0], a[1] - 1, a[2])) / 86_400_000) + 1;
}

/** The range of a page's query (`?since=&until=`); a missing or malformed end is left out. */
export function rangeFromParams(params: URLSearchParams): RangeQuery {
  const range: RangeQuery = {};
  const since = params.get('since');
  const until = params.get('until');
  if (isDay(since)) range.since = since;
  if (isDay(until)) range.until = until;
  return range;
}

/** The query of a range ('since=2026-11-01&until=2026-11-07'; '' for the server's default). */
export function rangeQueryString(range: RangeQuery): string {
  const params = new URLSearchParams();
  if (range.since) params.set('since', range.since);
  if (range.until) params.set('until', range.until);
  return params.toString();
}

/**
 * What is wrong with a range typed into the form, in words, or null when the server takes it:
 * both ends days, the end not before the start, at most 366 days.
 */
export function rangeProblem(since: string, until: string): string | null {
  if (!isDay(since) || !isDay(until)) return 'Enter both dates, like 2026-11-01.';
  const days = daysBetween(since, until);
  if (days < 1) return 'The end date must not be before the start date.';
  if (days > MAX_RANGE_DAYS) return `A report covers at most ${MAX_RANGE_DAYS} days.`;
  return null;
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

function utcDate(day: string): Date | null {
  const parts = dayParts(day);
  return parts ? new Date(Date.UTC(parts[0], parts[1] - 1, parts[2])) : null;
}

/** 'Nov 28, 2026'; what was sent when it is no day. */
export function formatDay(day: string): string {
  const date = utcDate(day);
  return date ? DAY_FORMAT.format(date) : day;
}

/** 'Nov 22 – 28, 2026'; one day as 'Nov 28, 2026'. */
export function formatDayRange(since: string, until: string): string {
  const a = utcDate(since);
  const b = utcDate(until);
  if (!a || !b) return `${since} – ${until}`;
  if (since === until) return DAY_FORMAT.format(a);
  // Plain spaces around the dash (ICU puts thin ones).
  return DAY_FORMAT.formatRange(a, b).replace(/[\u2009\u202f]/g, ' ');
}

// ---------------------------------------------------------------- numbers in words

const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const DECIMAL = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** What a rate without data reads as (nothing was shown: no searches, no impressions). */
export const NO_DATA = 'no data';

/** A rate of 0..1 as '12.5%' ('0%': shown and never clicked); null as 'no data'. */
export function formatRate(rate: number | null): string {
  return rate === null || !Number.isFinite(rate) ? NO_DATA : PERCENT.format(rate);
}

/** Dollars as '$1,234.50'. */
export function formatDollars(dollars: number): string {
  return DOLLARS.format(Number.isFinite(dollars) ? dollars : 0);
}

/** '20,000' */
export function formatNumber(n: number): string {
  return COUNT.format(n);
}

/** An average rating or a lag in seconds: '4.3'. */
export function formatDecimal(n: number): string {
  return DECIMAL.format(n);
}

/** `part` of `whole` as a rate, or null when there is no whole. */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

// ---------------------------------------------------------------- totals of the days

export interface Totals {
  searches: number;
  nullResults: number;
  clicks: number;
  addToCarts: number;
  sales: number;
  revenue: number;
  /** Null results per search; null without searches. */
  nullResultRate: number | null;
  /** Clicks per search; null without searches. */
  clickThrough: number | null;
  /** Sales per search; null without searches. */
  conversion: number | null;
}

/** The range's totals and rates, from its days. */
export function totals(days: readonly AnalyticsDay[]): Totals {
  const sum = { searches: 0, nullResults: 0, clicks: 0, addToCarts: 0, sales: 0, revenue: 0 };
  for (const day of days) {
    sum.searches += day.searches;
    sum.nullResults += day.nullResults;
    sum.clicks += day.clicks;
    sum.addToCarts += day.addToCarts;
    sum.sales += day.sales;
    sum.revenue += day.revenue;
  }
  // Cents, so that adding floats leaves no $0.30000000000000004.
  sum.revenue = Math.round(sum.revenue * 100) / 100;
  return {
    ...sum,
    nullResultRate: rate(sum.nullResults, sum.searches),
    clickThrough: rate(sum.clicks, sum.searches),
    conversion: rate(sum.sales, sum.searches),
  };
}

// ---------------------------------------------------------------- the charts' data

/**
 * A day as the chart's x value: the Unix seconds of that calendar day's midnight in this
 * browser's time zone, which the chart's time axis (local time) labels as that day.
 */
export function dayToChartSeconds(day: string): number {
  const parts = dayParts(day);
  if (!parts) return Number.NaN;
  return new Date(parts[0], parts[1] - 1, parts[2]).getTime() / 1000;
}

/** The line chart's series, in the order of `lineChartData`'s arrays after the days. */
export const LINE_SERIES = [
  { key: 'searches', label: 'Searches' },
  { key: 'nullResults', label: 'Null results' },
  { key: 'clicks', label: 'Clicks' },
  { key: 'addToCarts', label: 'Add to carts' },
] as const;

/** 'Searches over time': [days, searches, null results, clicks, add to carts], a value per day. */
export function lineChartData(days: readonly AnalyticsDay[]): uPlot.AlignedData {
  return [days.map((d) => dayToChartSeconds(d.day)), ...LINE_SERIES.map((s) => days.map((d) => d[s.key]))];
}

/** A bar chart: its labels (one per bar, in order) and data ([0, 1, 2, …], [value, …]). */
export interface BarChart {
  labels: string[];
  data: uPlot.AlignedData;
}

/** The first `n` rows as bars: `label` names a bar, `value` is its length. */
export function barChartData<T>(rows: readonly T[], label: (row: T) => string, value: (row: T) => number, n = 10): BarChart {
  const top = rows.slice(0, n);
  return { labels: top.map(label), data: [top.map((_, i) => i), top.map(value)] };
}

/** A label cut to `max` characters ('very long keyw…'): the table beside the chart has it whole. */
export function shortLabel(label: string, max = 18): string {
  return label.length <= max ? label : `${label.slice(0, max - 1).trimEnd()}…`;
}

// ---------------------------------------------------------------- tables

/** The widgets by kind: carousels and sponsored ads each a table of their own, the rest together. */
export function groupWidgets(widgets: readonly WidgetRow[]): {
  carousels: WidgetRow[];
  ads: WidgetRow[];
  others: WidgetRow[];
} {
  const groups = { carousels: [] as WidgetRow[], ads: [] as WidgetRow[], others: [] as WidgetRow[] };
  for (const widget of widgets) {
    const kind = widget.kind.toLowerCase();
    if (kind === 'carousel') groups.carousels.push(widget);
    else if (kind === 'sponsored_ad') groups.ads.push(widget);
    else groups.others.push(widget);
  }
  return groups;
}

/** A widget kind in words ('banner' → 'Banner', 'sponsored_ad' → 'Sponsored ad'). */
export function widgetKindLabel(kind: string): string {
  const words = kind.replace(/_/g, ' ');
  return words ? `${words[0]!.toUpperCase()}${words.slice(1)}` : 'Unknown';
}

/** One event name's counts: shoppers' and bots' apart. */
export interface EventTotal {
  event: string;
  people: number;
  bots: number;
}

/** The events per name (the server counts bots apart), most shoppers' events first. */
export function eventTotals(events: readonly EventCount[]): EventTotal[] {
  const byName = new Map<string, EventTotal>();
  for (const { event, bot, events: count } of events) {
    const total = byName.get(event) ?? { event, people: 0, bots: 0 };
    if (bot) total.bots += count;
    else total.people += count;
    byName.set(event, total);
  }
  return [...byName.values()].sort((a, b) => b.people - a.people || b.bots - a.bots || a.event.localeCompare(b.event));
}

// ---------------------------------------------------------------- CSV

/** The tables the server answers as CSV (`GET /api/staff/analytics/report.csv?table=`). */
export const CSV_TABLES = [
  'searches-by-day',
  'top-searches',
  'null-result-searches',
  'rules',
  'top-items',
  'query-items',
  'widgets',
  'coviews',
  'ratings',
  'events',
] as const;
export type CsvTable = (typeof CSV_TABLES)[number];

/** The file a table's CSV is saved as: 'top-searches-2026-11-22-to-2026-11-28.csv'. */
export function csvFilename(table: CsvTable, since: string, until: string): string {
  return `${table}-${since}-to-${until}.csv`;
}

// ---------------------------------------------------------------- chart scales

/**
 * The top of a count axis that starts at 0: a round number a little above `max` (at least 4,
 * so that a range without searches still has an axis of whole numbers).
 */
export function niceMax(max: number): number {
  const target = Math.max(4, Math.ceil((Number.isFinite(max) ? max : 0) * 1.02));
  const power = 10 ** Math.floor(Math.log10(target));
  const step = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((m) => m * power >= target) ?? 10;
  return Math.round(step * power);
}

/** The steps a count axis may tick at: whole numbers only (1, 2, 5, 10, 20, 50 …). */
export const COUNT_INCREMENTS: number[] = Array.from({ length: 10 }, (_, k) => [1, 2, 5].map((m) => m * 10 ** k)).flat();
