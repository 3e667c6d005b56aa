import { describe, expect, it } from 'vitest';
import type { AnalyticsDay, WidgetRow } from '../api/analytics';
import {
  barChartData,
  COUNT_INCREMENTS,
  csvFilename,
  dayToChartSeconds,
  daysBetween,
  eventTotals,
  formatDay,
  formatDayRange,
  formatDollars,
  formatRate,
  groupWidgets,
  isDay,
  lineChartData,
  niceMax,
  rangeFromParams,
  rangeProblem,
  rangeQueryString,
  rate,
  shortLabel,
  totals,
  widgetKindLabel,
} from './shape';

function day(d: string, searches: number, more: Partial<AnalyticsDay> = {}): AnalyticsDay {
  return { day: d, searches, nullResults: 0, clicks: 0, addToCarts: 0, sales: 0, revenue: 0, ...more };
}

function widget(kind: string, widgetId: string): WidgetRow {
  return { kind, widgetId, impressions: 10, clicks: 1, clickThrough: 0.1 };
}

describe('the range of days', () => {
  it('days are YYYY-MM-DD calendar days', () => {
    expect(isDay('2026-11-28')).toBe(true);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('2026-1-1')).toBe(false);
    expect(isDay('')).toBe(false);
    expect(isDay(null)).toBe(false);
  });

  it('counts both ends', () => {
    expect(daysBetween('2026-11-28', '2026-11-28')).toBe(1);
    expect(daysBetween('2026-11-22', '2026-11-28')).toBe(7);
    expect(daysBetween('2026-11-28', '2026-11-27')).toBe(0);
    // Across a change of clocks (the US in early November): still whole days.
    expect(daysBetween('2026-10-31', '2026-11-02')).toBe(3);
  });

  it('reads the page’s query, leaving out a malformed end; writes only what is set', () => {
    expect(rangeFromParams(new URLSearchParams('since=2026-11-01&until=2026-11-07'))).toEqual({
      since: '2026-11-01',
      until: '2026-11-07',
    });
    expect(rangeFromParams(new URLSearchParams('since=yesterday&until=2026-11-07'))).toEqual({ until: '2026-11-07' });
    expect(rangeFromParams(new URLSearchParams(''))).toEqual({});
    expect(rangeQueryString({ since: '2026-11-01', until: '2026-11-07' })).toBe('since=2026-11-01&until=2026-11-07');
    expect(rangeQueryString({ until: '2026-11-07' })).toBe('until=2026-11-07');
    expect(rangeQueryString({})).toBe('');
  });

  it('says what is wrong with a typed range', () => {
    expect(rangeProblem('2026-11-01', '2026-11-07')).toBeNull();
    expect(rangeProblem('2026-11-07', '2026-11-07')).toBeNull();
    expect(rangeProblem('', '2026-11-07')).toBe('Enter both dates, like 2026-11-01.');
    expect(rangeProblem('2026-11-08', '2026-11-07')).toBe('The end date must not be before the start date.');
    expect(rangeProblem('2025-11-06', '2026-11-07')).toBe('A report covers at most 366 days.');
    expect(rangeProblem('2025-11-07', '2026-11-07')).toBeNull();
  });

  it('writes days as the calendar day sent, whatever this browser’s time zone', () => {
    expect(formatDay('2026-11-28')).toBe('Nov 28, 2026');
    expect(formatDay('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatDay('soon')).toBe('soon');
    expect(formatDayRange('2026-11-22', '2026-11-28')).toBe('Nov 22 – 28, 2026');
    expect(formatDayRange('2026-11-28', '2026-12-04')).toBe('Nov 28 – Dec 4, 2026');
    expect(formatDayRange('2026-11-28', '2026-11-28')).toBe('Nov 28, 2026');
  });
});

describe('numbers in words', () => {
  it('rates as percents; no data apart from 0%', () => {
    expect(formatRate(0.125)).toBe('12.5%');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(1 / 3)).toBe('33.3%');
    expect(formatRate(null)).toBe('no data');
    expect(formatRate(Number.NaN)).toBe('no data');
    expect(rate(1, 8)).toBe(0.125);
    expect(rate(0, 8)).toBe(0);
    expect(rate(3, 0)).toBeNull();
  });

  it('money in dollars', () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(0)).toBe('$0.00');
  });
});

describe('totals of the days', () => {
  it('adds the days up; rates per search', () => {
    const sum = totals([
      day('2026-11-27', 6, { nullResults: 1, clicks: 3, addToCarts: 1, sales: 1, revenue: 0.1 }),
      day('2026-11-28', 2, { nullResults: 1, clicks: 0, addToCarts: 1, sales: 0, revenue: 0.2 }),
    ]);
    expect(sum).toEqual({
      searches: 8,
      nullResults: 2,
      clicks: 3,
      addToCarts: 2,
      sales: 1,
      revenue: 0.3,
      nullResultRate: 0.25,
      clickThrough: 0.375,
      conversion: 0.125,
    });
  });

  it('no searches: the rates have no data', () => {
    expect(totals([day('2026-11-28', 0)])).toMatchObject({ searches: 0, nullResultRate: null, clickThrough: null, conversion: null });
    expect(totals([])).toMatchObject({ searches: 0, revenue: 0, clickThrough: null });
  });
});

describe('the charts’ data', () => {
  it('a day is the local midnight of that calendar day', () => {
    expect(dayToChartSeconds('2026-11-28')).toBe(new Date(2026, 10, 28).getTime() / 1000);
    expect(dayToChartSeconds('nope')).toBeNaN();
  });

  it('the line chart: days, then searches, null results, clicks and add to carts', () => {
    const days = [
      day('2026-11-27', 5, { nullResults: 1, clicks: 2, addToCarts: 1 }),
      day('2026-11-28', 7, { nullResults: 0, clicks: 3, addToCarts: 2 }),
    ];
    expect(lineChartData(days)).toEqual([
      [dayToChartSeconds('2026-11-27'), dayToChartSeconds('2026-11-28')],
      [5, 7],
      [1, 0],
      [2, 3],
      [1, 2],
    ]);
  });

  it('bars: the first ten rows, their labels and lengths', () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({ keyword: `k${i}`, searches: 100 - i }));
    const chart = barChartData(rows, (r) => r.keyword, (r) => r.searches);
    expect(chart.labels).toEqual(['k0', 'k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8', 'k9']);
    expect(chart.data).toEqual([
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      [100, 99, 98, 97, 96, 95, 94, 93, 92, 91],
    ]);
    expect(barChartData([], (r: { k: string }) => r.k, () => 0)).toEqual({ labels: [], data: [[], []] });
  });

  it('labels are cut for the axis', () => {
    expect(shortLabel('dog food')).toBe('dog food');
    expect(shortLabel('an extremely long keyword indeed')).toBe('an extremely long…');
    expect(shortLabel('an extremely long keyword indeed').length).toBe(18);
  });

  it('a count axis ends on a round number above the highest value, and ticks at whole numbers', () => {
    expect(niceMax(0)).toBe(4);
    expect(niceMax(3)).toBe(4);
    expect(niceMax(7)).toBe(8);
    expect(niceMax(42)).toBe(50);
    expect(niceMax(100)).toBe(120);
    expect(niceMax(1234)).toBe(1500);
    expect(COUNT_INCREMENTS.slice(0, 7)).toEqual([1, 2, 5, 10, 20, 50, 100]);
    expect(COUNT_INCREMENTS.every(Number.isInteger)).toBe(true);
  });
});

describe('tables', () => {
  it('widgets by kind: carousels, sponsored ads, the rest', () => {
    const groups = groupWidgets([
      widget('carousel', 'c1'),
      widget('sponsored_ad', 'a1'),
      widget('banner', 'b1'),
      widget('Carousel', 'c2'),
      widget('menu', 'm1'),
      widget('suggestion', 's1'),
    ]);
    expect(groups.carousels.map((w) => w.widgetId)).toEqual(['c1', 'c2']);
    expect(groups.ads.map((w) => w.widgetId)).toEqual(['a1']);
    expect(groups.others.map((w) => w.widgetId)).toEqual(['b1', 'm1', 's1']);
    expect(widgetKindLabel('banner')).toBe('Banner');
    expect(widgetKindLabel('')).toBe('Unknown');
    expect(widgetKindLabel('sponsored_ad')).toBe('Sponsored ad');
  });

  it('events per name: shoppers’ and bots’ apart, most shoppers’ first', () => {
    expect(
      eventTotals([
        { event: 'PageLoad', bot: false, events: 10 },
        { event: 'PageLoad', bot: true, events: 4 },
        { event: 'Search', bot: false, events: 12 },
        { event: 'Click', bot: true, events: 2 },
      ]),
    ).toEqual([
      { event: 'Search', people: 12, bots: 0 },
      { event: 'PageLoad', people: 10, bots: 4 },
      { event: 'Click', people: 0, bots: 2 },
    ]);
  });

  it('a CSV’s file name', () => {
    expect(csvFilename('top-searches', '2026-11-22', '2026-11-28')).toBe('top-searches-2026-11-22-to-2026-11-28.csv');
  });
});
