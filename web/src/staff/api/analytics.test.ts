import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NetworkError } from '../../shared/api/client';
import { eventStream, mockStaffApi, refusal } from '../testing';
import {
  downloadReportCsv,
  fetchAnalyticsReport,
  filenameFromDisposition,
  followTail,
  REPORT_CSV_URL,
  REPORT_URL,
  reportCsvUrl,
  retryAfterSeconds,
  TAIL_URL,
  tailUrl,
  type TailEvent,
  type TailRefused,
} from './analytics';

describe('the analytics report', () => {
  it('asks for the range, or the server’s default without one', async () => {
    const { calls } = mockStaffApi({ [`GET ${REPORT_URL}`]: { since: '2026-11-01', until: '2026-11-07' } });
    await fetchAnalyticsReport({ since: '2026-11-01', until: '2026-11-07' });
    await fetchAnalyticsReport({});
    expect(calls.map((c) => c.path)).toEqual([
      '/api/staff/analytics/report?since=2026-11-01&until=2026-11-07',
      '/api/staff/analytics/report',
    ]);
  });

  it('reads the report defensively: missing tables are empty, rates without data are null', async () => {
    mockStaffApi({
      [`GET ${REPORT_URL}`]: {
        since: '2026-11-22',
        until: '2026-11-28',
        searchesByDay: [
          { day: '2026-11-28', searches: 3, nullResults: 1, clicks: 1, addToCarts: 0, sales: 0, revenue: 0 },
          { day: 'bad', searches: 1 },
          'junk',
        ],
        topSearches: [{ keyword: 'dog', searches: 4, clicks: 1, clickThrough: 0.25, conversion: null, revenue: 12.5 }],
        widgets: [{ kind: 'carousel', widgetId: 'w1', impressions: 0, clicks: 0 }],
        events: [{ event: 'Search', bot: false, events: 9 }],
        popularSearches: ['dog', 3, 'rope'],
        lagP50Seconds: 1.5,
      },
    });
    const report = await fetchAnalyticsReport({});
    expect(report.searchesByDay).toEqual([
      { day: '2026-11-28', searches: 3, nullResults: 1, clicks: 1, addToCarts: 0, sales: 0, revenue: 0 },
    ]);
    expect(report.topSearches).toEqual([
      {
        keyword: 'dog',
        searches: 4,
        withHits: 0,
        nullResults: 0,
        clicks: 1,
        clickThrough: 0.25,
        addToCarts: 0,
        sales: 0,
        conversion: null,
        revenue: 12.5,
      },
    ]);
    expect(report.widgets).toEqual([{ kind: 'carousel', widgetId: 'w1', impressions: 0, clicks: 0, clickThrough: null }]);
    expect(report.popularSearches).toEqual(['dog', 'rope']);
    expect(report).toMatchObject({ nullResultSearches: [], topItems: [], coviews: [], lagP50Seconds: 1.5, lagP99Seconds: null });
  });

  it('an answer without its range is a failure; a refused range rejects with the server’s words', async () => {
    mockStaffApi({ [`GET ${REPORT_URL}`]: { topSearches: [] } });
    expect(await fetchAnalyticsReport({}).catch((e: unknown) => e)).toMatchObject({ status: 200 });
    mockStaffApi({
      [`GET ${REPORT_URL}`]: () => refusal(400, 'InvalidRange', 'until must not be before since.'),
    });
    expect(await fetchAnalyticsReport({ since: '2026-11-08', until: '2026-11-07' }).catch((e: unknown) => e)).toMatchObject({
      status: 400,
      code: 'InvalidRange',
      serverMessage: 'until must not be before since.',
    });
  });
});

describe('CSV downloads', () => {
  let clicked: { href: string; download: string }[];
  let saved: { create: typeof URL.createObjectURL; revoke: typeof URL.revokeObjectURL };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    clicked = [];
    // A stand-in address for the file in memory (jsdom's URL has none).
    saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv-1'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    Object.assign(URL, { createObjectURL: saved.create, revokeObjectURL: saved.revoke });
  });

  it('the address of a table over a range', () => {
    expect(reportCsvUrl('top-searches', { since: '2026-11-22', until: '2026-11-28' })).toBe(
      '/api/staff/analytics/report.csv?table=top-searches&since=2026-11-22&until=2026-11-28',
    );
  });

  it('reads the file and saves it under the server’s name through a temporary link', async () => {
    const { calls } = mockStaffApi({
      [`GET ${REPORT_CSV_URL}`]: () =>
        new Response('keyword,searches\ndog,4\n', {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="top-searches-2026-11-22-to-2026-11-28.csv"',
          },
        }),
    });
    const name = await downloadReportCsv('top-searches', { since: '2026-11-22', until: '2026-11-28' });
    expect(name).toBe('top-searches-2026-11-22-to-2026-11-28.csv');
    expect(calls.map((c) => c.path)).toEqual(['/api/staff/analytics/report.csv?table=top-searches&since=2026-11-22&until=2026-11-28']);
    expect(clicked).toEqual([{ href: 'blob:csv-1', download: 'top-searches-2026-11-22-to-2026-11-28.csv' }]);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(await blob.text()).toBe('keyword,searches\ndog,4\n');
    // The link is gone, and the file in memory let go of a moment later.
    expect(document.querySelector('a[download]')).toBeNull();
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:csv-1');
  });

  it('without a file name from the server, the table and range name it', async () => {
    mockStaffApi({ [`GET ${REPORT_CSV_URL}`]: () => new Response('a\n', { headers: { 'Content-Type': 'text/csv' } }) });
    expect(await downloadReportCsv('events', { since: '2026-11-01', until: '2026-11-02' })).toBe(
      'events-2026-11-01-to-2026-11-02.csv',
    );
  });

  it('a refusal rejects with the server’s words, and nothing is saved', async () => {
    mockStaffApi({ [`GET ${REPORT_CSV_URL}`]: () => refusal(400, 'InvalidTable', 'No such table.') });
    const error = (await downloadReportCsv('events', { since: '2026-11-01', until: '2026-11-02' }).catch(
      (e: unknown) => e,
    )) as NetworkError;
    expect(error).toMatchObject({ status: 400, code: 'InvalidTable', serverMessage: 'No such table.' });
    expect(clicked).toEqual([]);
  });

  it('file names of Content-Disposition', () => {
    expect(filenameFromDisposition('attachment; filename="a-b.csv"')).toBe('a-b.csv');
    expect(filenameFromDisposition('attachment; filename=a.csv')).toBe('a.csv');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''caf%C3%A9.csv")).toBe('café.csv');
    expect(filenameFromDisposition('attachment; filename="../etc/x.csv"')).toBeNull();
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});

describe('the live tail', () => {
  it('its address: the topics, and the types when some are asked', () => {
    expect(tailUrl({ topics: ['tracking', 'events'], types: [] })).toBe('/api/staff/analytics/tail?topics=tracking,events');
    expect(tailUrl({ topics: ['tracking'], types: ['Search', 'Cart.ItemAdded'] })).toBe(
      '/api/staff/analytics/tail?topics=tracking&types=Search,Cart.ItemAdded',
    );
    expect(tailUrl({ topics: ['events'], types: ['a b&c'] })).toBe('/api/staff/analytics/tail?topics=events&types=a%20b%26c');
  });

  it('Retry-After in seconds, or as a date', () => {
    expect(retryAfterSeconds('7')).toBe(7);
    expect(retryAfterSeconds(new Date(Date.UTC(2026, 10, 28, 16, 0, 30)).toUTCString(), Date.UTC(2026, 10, 28, 16, 0, 0))).toBe(30);
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds('soon')).toBeNull();
  });

  it('ready, then each message; keep-alives and other events skipped; ends with the stream', async () => {
    const message: TailEvent = {
      topic: 'storefront.tracking.v1',
      type: 'Search',
      at: '2026-11-28T16:00:00.123Z',
      partition: 0,
      offset: 42,
      payload: { event: 'Search', data: { keyword: 'dog', total: 3 } },
    };
    const { calls } = mockStaffApi({
      [`GET ${TAIL_URL}`]: () =>
        eventStream([
          'event: ready\ndata: {"topics":["storefront.tracking.v1","storefront.events.v1"]}\n\n',
          ': keep-alive\n\n',
          `data: ${JSON.stringify(message).slice(0, 20)}`,
          `${JSON.stringify(message).slice(20)}\n\n`,
          'event: other\ndata: {}\n\ndata: not json\n\n',
        ]),
    });
    const ready: string[][] = [];
    const events: TailEvent[] = [];
    await followTail(
      { topics: ['tracking', 'events'], types: ['Search'] },
      { onReady: (topics) => ready.push(topics), onEvent: (e) => events.push(e) },
      new AbortController().signal,
    );
    expect(calls.map((c) => c.path)).toEqual(['/api/staff/analytics/tail?topics=tracking,events&types=Search']);
    expect(ready).toEqual([['storefront.tracking.v1', 'storefront.events.v1']]);
    expect(events).toEqual([message]);
  });

  it('a busy server: 429 with its Retry-After and words', async () => {
    mockStaffApi({
      [`GET ${TAIL_URL}`]: () =>
        Response.json(
          { success: false, code: 'TailBusy', message: 'Too many live tails are open.' },
          { status: 429, headers: { 'Retry-After': '12' } },
        ),
    });
    const error = (await followTail(
      { topics: ['tracking'], types: [] },
      { onReady: () => {}, onEvent: () => {} },
      new AbortController().signal,
    ).catch((e: unknown) => e)) as TailRefused;
    expect(error).toMatchObject({ status: 429, code: 'TailBusy', retryAfterSeconds: 12 });
  });

  it('an abort ends an open stream quietly', async () => {
    mockStaffApi({ [`GET ${TAIL_URL}`]: () => eventStream(['event: ready\ndata: {"topics":[]}\n\n'], true) });
    const controller = new AbortController();
    let ready = false;
    const done = followTail(
      { topics: ['events'], types: [] },
      {
        onReady: () => {
          ready = true;
          controller.abort();
        },
        onEvent: () => {},
      },
      controller.signal,
    );
    await expect(done).resolves.toBeUndefined();
    expect(ready).toBe(true);
  });

  it('an answer that is no event stream is a failure', async () => {
    mockStaffApi({ [`GET ${TAIL_URL}`]: { hello: 1 } });
    const error = await followTail(
      { topics: ['events'], types: [] },
      { onReady: () => {}, onEvent: () => {} },
      new AbortController().signal,
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 200 });
  });
});
