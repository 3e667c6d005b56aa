import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsBut, me, mockStaffApi, refusal, renderStaff, resetStaff } from '../testing';

/** What the page gave the chart library: each chart's options and data. */
const charts = vi.hoisted(() => [] as { options: { series: { label?: string }[] }; data: unknown[] }[]);

// The chart library draws on a canvas, which jsdom lacks: a stand-in records what it is given.
vi.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: () => () => null };
    width: number;
    constructor(options: { width: number; series: { label?: string }[] }, data: unknown[], element: HTMLElement) {
      charts.push({ options, data });
      this.width = options.width;
      element.append(document.createElement('canvas'));
    }
    setSize() {}
    destroy() {}
  }
  return { default: FakePlot };
});

const URL_REPORT = '/api/staff/analytics/report';
const PAGE = '/staff/analytics/';

function searchRow(keyword: string, searches: number, more: object = {}) {
  return {
    keyword,
    searches,
    withHits: searches,
    nullResults: 0,
    clicks: 0,
    clickThrough: 0,
    addToCarts: 0,
    sales: 0,
    conversion: 0,
    revenue: 0,
    ...more,
  };
}

const REPORT = {
  since: '2026-11-22',
  until: '2026-11-28',
  searchesByDay: [
    { day: '2026-11-27', searches: 6, nullResults: 1, clicks: 2, addToCarts: 1, sales: 1, revenue: 20 },
    { day: '2026-11-28', searches: 2, nullResults: 1, clicks: 1, addToCarts: 0, sales: 0, revenue: 5.5 },
  ],
  events: [
    { event: 'Search', bot: false, events: 8 },
    { event: 'PageLoad', bot: true, events: 3 },
  ],
  popularSearches: ['dog food', 'rope'],
  topSearches: [
    searchRow('dog food', 8, { clicks: 1, clickThrough: 0.125, sales: 1, conversion: 0.125, revenue: 25.5 }),
    searchRow('rope', 2, { clickThrough: null, conversion: null }),
  ],
  nullResultSearches: [searchRow('xyzzy', 2, { withHits: 0, nullResults: 2 })],
  rules: [
    { rule: 'none', searches: 6, clicks: 0, clickThrough: 0, addToCarts: 0, sales: 0, conversion: 0, revenue: 0 },
    { rule: 'pinned', searches: 2, clicks: 1, clickThrough: 0.5, addToCarts: 0, sales: 1, conversion: 0.5, revenue: 25.5 },
  ],
  topItems: [{ itemId: '1001', impressions: 40, clicks: 5, clickThrough: 0.125, views: 9, addToCarts: 2, sales: 1 }],
  queryItems: [{ keyword: 'dog food', itemId: '1001', clicks: 5, addToCarts: 2 }],
  widgets: [
    { kind: 'carousel', widgetId: 'similar-items', impressions: 10, clicks: 1, clickThrough: 0.1 },
    { kind: 'sponsored_ad', widgetId: 'ad-7', impressions: 0, clicks: 0, clickThrough: null },
    { kind: 'banner', widgetId: 'home-hero', impressions: 4, clicks: 0, clickThrough: 0 },
  ],
  coviews: [{ itemId: '1001', otherId: '1002', visits: 3 }],
  ratings: [{ itemId: '1001', ratings: 4, average: 4.25 }],
  lagP50Seconds: 1.5,
  lagP99Seconds: 4,
};

function api(report: unknown = REPORT, extra: Record<string, unknown> = {}, roles = ['analyst']) {
  return mockStaffApi({ 'GET /api/staff/me': me(...roles), [`GET ${URL_REPORT}`]: report, ...extra });
}

/** The table captioned `name`. */
function table(name: string | RegExp) {
  return screen.getByRole('table', { name });
}

/** A table's body rows as their cells' text. */
function cells(name: string | RegExp) {
  return within(table(name))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
}

beforeEach(() => {
  resetStaff();
  charts.length = 0;
});

describe('the analytics page', () => {
  // First: the page's code is not loaded yet (React.lazy keeps it once it is).
  it('moving here from another page puts the focus on its heading, once its code has loaded', async () => {
    api();
    renderStaff('/staff/');
    await screen.findByRole('heading', { level: 1, name: 'Staff home' });
    const nav = screen.getByRole('navigation', { name: 'Staff pages' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Analytics' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Analytics' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('the report: totals, charts with their tables, and every table with Download CSV', async () => {
    const { calls } = api();
    renderStaff(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    expect(document.title).toBe('Analytics | Storefront staff');
    expect(await screen.findByText('Nov 22 – 28, 2026')).toBeVisible();
    // Without a range in the address, the server's default, shown in the fields.
    expect(callsBut(calls, '/api/staff/me').map((c) => c.path)).toEqual([URL_REPORT]);
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-22');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-28');

    // Tiles: totals of the days; rates per search.
    const tiles = Object.fromEntries(
      [...document.querySelectorAll('.analytics-tile')].map((t) => [
        t.querySelector('dt')!.textContent,
        t.querySelector('dd')!.textContent,
      ]),
    );
    expect(tiles).toEqual({
      Searches: '8',
      'Null-result rate': '25%',
      'Click-through': '37.5%',
      Conversion: '12.5%',
      Revenue: '$25.50',
    });

    // The line chart: a figure named by its caption, the picture hidden, the numbers in its table.
    const line = screen.getByRole('figure', { name: /^Searches over time/ });
    expect(line.querySelector('.analytics-chart')).toHaveAttribute('aria-hidden', 'true');
    expect(within(line).getByRole('table', { name: 'Searches by day' })).toBeVisible();
    expect(cells('Searches by day')).toEqual([
      ['Nov 27, 2026', '6', '1', '2', '1', '1', '$20.00'],
      ['Nov 28, 2026', '2', '1', '1', '0', '0', '$5.50'],
    ]);
    await waitFor(() => expect(charts).toHaveLength(2));
    expect(charts[0]!.options.series.map((s) => s.label)).toEqual([undefined, 'Searches', 'Null results', 'Clicks', 'Add to carts']);
    expect(charts[0]!.data.slice(1)).toEqual([
      [6, 2],
      [1, 1],
      [2, 1],
      [1, 0],
    ]);
    // The bar chart of the top searches, with the top searches table.
    const bars = screen.getByRole('figure', { name: /^Top 10 searches/ });
    expect(within(bars).getByRole('table', { name: 'Top searches' })).toBeVisible();
    expect(charts[1]!.data).toEqual([
      [0, 1],
      [8, 2],
    ]);

    // Rates as percents; no data apart from 0%.
    expect(cells('Top searches')).toEqual([
      ['dog food', '8', '8', '0', '1', '12.5%', '0', '1', '12.5%', '$25.50'],
      ['rope', '2', '2', '0', '0', 'no data', '0', '0', 'no data', '$0.00'],
    ]);
    expect(cells('Null-result searches')).toEqual([['xyzzy', '2', '2', '100%']]);
    expect(cells(/^By the rule that shaped the results/)).toEqual([
      ['No rule', '6', '0', '0%', '0', '0', '0%', '$0.00'],
      ['Pinned items shown', '2', '1', '50%', '0', '1', '50%', '$25.50'],
    ]);
    expect(cells('Popular products')).toEqual([['1001', '40', '5', '12.5%', '9', '2', '1']]);
    expect(cells(/^Query → product/)).toEqual([['dog food', '1001', '5', '2']]);
    expect(cells('Carousels')).toEqual([['similar-items', '10', '1', '10%']]);
    expect(cells('Sponsored ads')).toEqual([['ad-7', '0', '0', 'no data']]);
    expect(cells('Other widgets')).toEqual([['home-hero', 'Banner', '4', '0', '0%']]);
    expect(cells('Events per name')).toEqual([
      ['Search', '8', '0'],
      ['PageLoad', '0', '3'],
    ]);
    expect(cells(/co-views/)).toEqual([['1001', '1002', '3']]);
    expect(cells('Ratings')).toEqual([['1001', '4', '4.3']]);
    expect(document.querySelector('.analytics__popular')).toHaveTextContent('dog foodrope');
    expect(screen.getByText(/events reached this report 1.5 s after they arrived/)).toHaveTextContent(
      '4 s at the 99th percentile',
    );

    expect(screen.getAllByRole('button', { name: /^Download CSV of / }).map((b) => b.textContent)).toEqual([
      'Download CSV of searches by day',
      'Download CSV of top searches',
      'Download CSV of null-result searches',
      'Download CSV of searches by rule',
      'Download CSV of query to product',
      'Download CSV of popular products',
      'Download CSV of co-views',
      'Download CSV of ratings',
      'Download CSV of carousels',
      'Download CSV of sponsored ads',
      'Download CSV of other widgets',
      'Download CSV of events per name',
    ]);
    // An analyst without the merchandiser role has no link to the null-result queue.
    expect(screen.queryByRole('link', { name: 'Work the null-result queue' })).not.toBeInTheDocument();
  });

  it('Download CSV reads the table’s file over the report’s days and saves it', async () => {
    const saved: { href: string; download: string }[] = [];
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:top'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    try {
      const { calls } = api(REPORT, {
        'GET /api/staff/analytics/report.csv': () =>
          new Response('keyword\n', {
            headers: {
              'Content-Type': 'text/csv',
              'Content-Disposition': 'attachment; filename="top-searches-2026-11-22-to-2026-11-28.csv"',
            },
          }),
      });
      renderStaff(PAGE);
      await userEvent.click(await screen.findByRole('button', { name: 'Download CSV of top searches' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(calls.filter((c) => c.path.startsWith('/api/staff/analytics/report.csv')).map((c) => c.path)).toEqual([
        '/api/staff/analytics/report.csv?table=top-searches&since=2026-11-22&until=2026-11-28',
      ]);
      expect(saved[0]).toEqual({ href: 'blob:top', download: 'top-searches-2026-11-22-to-2026-11-28.csv' });
    } finally {
      Object.assign(URL, { createObjectURL: original.create, revokeObjectURL: original.revoke });
    }
  });

  it('a refused download is said next to its button', async () => {
    api(REPORT, { 'GET /api/staff/analytics/report.csv': () => refusal(400, 'InvalidTable', 'No such table.') });
    renderStaff(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV of events per name' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No such table.');
  });

  it('Apply puts the range in the address and asks for it; a range from the address is asked as is', async () => {
    const { calls } = api(({ path }: { path: string }) => {
      const query = new URL(path, 'http://x').searchParams;
      return { ...REPORT, since: query.get('since') ?? REPORT.since, until: query.get('until') ?? REPORT.until };
    });
    const { router } = renderStaff(PAGE);
    await screen.findByText('Nov 22 – 28, 2026');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-07' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Nov 1 – 7, 2026')).toBeVisible();
    expect(router.state.location.search).toBe('?since=2026-11-01&until=2026-11-07');
    expect(callsBut(calls, '/api/staff/me').map((c) => c.path)).toEqual([
      URL_REPORT,
      `${URL_REPORT}?since=2026-11-01&until=2026-11-07`,
    ]);
    // Back: the range before.
    await waitFor(() => router.navigate(-1));
    expect(await screen.findByText('Nov 22 – 28, 2026')).toBeVisible();
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-22');
  });

  it('a range the form can tell is wrong is not asked for', async () => {
    const { calls } = api();
    renderStaff('/staff/analytics/?since=2026-11-22&until=2026-11-28');
    await screen.findByText('Nov 22 – 28, 2026');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-30' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The end date must not be before the start date.');
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(callsBut(calls, '/api/staff/me').map((c) => c.path)).toEqual([
      `${URL_REPORT}?since=2026-11-22&until=2026-11-28`,
    ]);
  });

  it('a range the server refuses: its words, and Try again', async () => {
    let answer: () => unknown = () => refusal(400, 'InvalidRange', 'A report covers at most 366 days.');
    api(() => answer());
    renderStaff('/staff/analytics/?since=2020-01-01&until=2026-11-28');
    expect(await screen.findByRole('alert')).toHaveTextContent('A report covers at most 366 days.');
    answer = () => REPORT;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nov 22 – 28, 2026')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an analyst who merchandises too gets a link to the null-result queue', async () => {
    api(REPORT, {}, ['merchandiser', 'analyst']);
    renderStaff(PAGE);
    expect(await screen.findByRole('link', { name: 'Work the null-result queue' })).toHaveAttribute(
      'href',
      '/staff/merch/null-results/',
    );
  });

  it('an empty range: zeros, no data and no bars', async () => {
    api({ since: '2026-11-28', until: '2026-11-28', searchesByDay: [{ day: '2026-11-28', searches: 0 }] });
    renderStaff(PAGE);
    expect(await screen.findByText('Nov 28, 2026', { selector: 'strong' })).toBeVisible();
    expect(screen.getByText('No searches in this range.', { selector: 'p' })).toBeVisible();
    expect(cells('Top searches')).toEqual([['No searches in this range.']]);
    await waitFor(() => expect(charts).toHaveLength(1));
  });

  it('a member of staff without the analyst role gets the 403 page, and nothing is read', async () => {
    const { calls } = mockStaffApi({ 'GET /api/staff/me': me('merchandiser') });
    renderStaff(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
    expect(callsBut(calls, '/api/staff/me')).toEqual([]);
  });
});
