import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsBut, me, mockStaffApi, refusal, renderStaff, resetStaff, type Call } from '../testing';

const TAIL = '/api/staff/analytics/tail';
const PAGE = '/staff/analytics/live/';
const READY = 'event: ready\ndata: {"topics":["storefront.tracking.v1","storefront.events.v1"]}\n\n';

/** An event stream the test writes to while the page reads it. */
function liveStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
  };
}

type Stream = ReturnType<typeof liveStream>;

/** The page's tails in turn: each call gets the next stream (or answer) of `answers`, made on demand. */
function api(answers: Array<() => Stream | Response>, roles = ['analyst']) {
  const streams: Stream[] = [];
  let next = 0;
  const mocked = mockStaffApi({
    'GET /api/staff/me': me(...roles),
    [`GET ${TAIL}`]: () => {
      const answer = answers[Math.min(next++, answers.length - 1)]!();
      if (answer instanceof Response) return answer;
      streams.push(answer);
      return answer.response;
    },
  });
  return { ...mocked, streams };
}

function message(offset: number, type = 'Search', data: object = { keyword: 'dog food', total: 42 }) {
  return `data: ${JSON.stringify({
    topic: 'storefront.tracking.v1',
    type,
    at: '2026-11-28T16:00:00.123Z',
    partition: 0,
    offset,
    payload: { version: 'v2', event: type, data },
  })}\n\n`;
}

/** Lets `ms` of fake time pass, with the streams' and fetches' promises settled in between. */
async function pass(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    for (let i = 0; i < 20; i++) await vi.advanceTimersByTimeAsync(0);
  });
}

function tails(calls: Call[]) {
  return callsBut(calls, '/api/staff/me').map((c) => c.path);
}

function status() {
  return document.querySelector('.live-events__status')!;
}

function rows() {
  const table = screen.queryByRole('table');
  if (!table) return [];
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.firstChild?.textContent ?? ''));
}

beforeEach(() => {
  resetStaff();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the live events page', () => {
  it('listens at once: ready, then each message as a row, newest first', async () => {
    const { calls, streams } = api([liveStream]);
    renderStaff(PAGE);
    await pass();
    expect(screen.getByRole('heading', { level: 1, name: 'Live events' })).toBeVisible();
    expect(document.title).toBe('Live events | Storefront staff');
    expect(tails(calls)).toEqual(['/api/staff/analytics/tail?topics=tracking,events']);
    expect(status()).toHaveTextContent('Connecting…');
    expect(status()).toHaveAttribute('role', 'status');
    expect(screen.getByText('No events yet.')).toBeVisible();

    streams[0]!.send(READY);
    await pass();
    expect(status()).toHaveTextContent('Listening to storefront.tracking.v1 and storefront.events.v1');

    streams[0]!.send(message(41, 'PageLoad', { timestamp: 'x', request_path: '/', qs: '' }));
    streams[0]!.send(message(42));
    await pass();
    expect(rows()).toEqual([
      [expect.stringMatching(/:00:00 [AP]M$/), 'tracking', 'Search', '“dog food”: 42 results'],
      [expect.stringMatching(/:00:00 [AP]M$/), 'tracking', 'PageLoad', 'request_path: /'],
    ]);
    expect(screen.getByRole('table', { name: 'Events, newest first: 2 shown (at most 200 kept)' })).toBeVisible();
    const details = screen.getAllByText('JSON')[0]!.closest('details')!;
    expect(within(details).getByText(/"keyword": "dog food"/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeEnabled();
  });

  it('Start listens anew with the filter: its query, and the address of the page', async () => {
    const { calls, streams } = api([liveStream]);
    const { router } = renderStaff(PAGE);
    await pass();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Domain events' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Types' }), { target: { value: ' Search, Cart,, search ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await pass();
    expect(tails(calls)).toEqual([
      '/api/staff/analytics/tail?topics=tracking,events',
      '/api/staff/analytics/tail?topics=tracking&types=Search,Cart',
    ]);
    expect(router.state.location.search).toBe('?topics=tracking&types=Search%2CCart');
    streams[1]!.send('event: ready\ndata: {"topics":["storefront.tracking.v1"]}\n\n');
    await pass();
    expect(status()).toHaveTextContent('Listening to storefront.tracking.v1, for Search and Cart only');
  });

  it('the filter of the address is listened to on opening', async () => {
    const { calls } = api([liveStream]);
    renderStaff(`${PAGE}?topics=events&types=Cart`);
    await pass();
    expect(tails(calls)).toEqual(['/api/staff/analytics/tail?topics=events&types=Cart']);
    expect(screen.getByRole('checkbox', { name: 'Tracking' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Domain events' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Types' })).toHaveValue('Cart');
  });

  it('a filter without a topic, or with too many types, is not sent', async () => {
    const { calls } = api([liveStream]);
    renderStaff(PAGE);
    await pass();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tracking' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Domain events' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await pass();
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one topic.');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tracking' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Types' }), {
      target: { value: Array.from({ length: 21 }, (_, i) => `T${i}`).join(',') },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await pass();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter at most 20 types.');
    expect(screen.getByRole('textbox', { name: 'Types' })).toHaveAttribute('aria-invalid', 'true');
    expect(tails(calls)).toHaveLength(1);
  });

  it('Pause stops listening and keeps the rows; Clear empties the list', async () => {
    const { calls, streams } = api([liveStream]);
    renderStaff(PAGE);
    await pass();
    streams[0]!.send(READY + message(1));
    await pass();
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await pass();
    expect(status()).toHaveTextContent('Paused');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeDisabled();
    // What the closed stream still carried is not shown.
    streams[0]!.send(message(2));
    await pass(60_000);
    expect(rows()).toHaveLength(1);
    expect(tails(calls)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(rows()).toEqual([]);
    expect(screen.getByText('No events yet.')).toBeVisible();
  });

  it('too many live views: says when it tries again, and does then', async () => {
    const busy = () =>
      Response.json(
        { success: false, code: 'TailBusy', message: 'Too many live tails are open.' },
        { status: 429, headers: { 'Retry-After': '7' } },
      );
    const { calls, streams } = api([busy, liveStream]);
    renderStaff(PAGE);
    await pass();
    expect(status()).toHaveTextContent('Too many live views are open; try again in 7 seconds');
    await pass(6_900);
    expect(tails(calls)).toHaveLength(1);
    await pass(100);
    expect(tails(calls)).toHaveLength(2);
    streams[0]!.send(READY);
    await pass();
    expect(status()).toHaveTextContent('Listening to storefront.tracking.v1 and storefront.events.v1');
  });

  it('a lost connection is tried again after 1, then 2 seconds; rows are not repeated', async () => {
    const { calls, streams } = api([liveStream]);
    renderStaff(PAGE);
    await pass();
    streams[0]!.send(READY + message(1));
    streams[0]!.close();
    await pass();
    expect(status()).toHaveTextContent('The connection was lost; trying again in 1 second');
    await pass(1000);
    expect(tails(calls)).toHaveLength(2);
    streams[1]!.close();
    await pass();
    expect(status()).toHaveTextContent('The connection was lost; trying again in 2 seconds');
    await pass(2000);
    streams[2]!.send(READY + message(1) + message(2));
    await pass();
    expect(rows().map((r) => r[2])).toEqual(['Search', 'Search']);
    expect(status()).toHaveTextContent('Listening to');
  });

  it('a refused filter: the server’s words, and no more tries', async () => {
    const { calls } = api([() => refusal(400, 'InvalidTypes', 'A type has at most 64 characters.')]);
    renderStaff(PAGE);
    await pass();
    expect(screen.getByRole('alert')).toHaveTextContent('A type has at most 64 characters.');
    expect(status()).toHaveTextContent('Stopped');
    await pass(60_000);
    expect(tails(calls)).toHaveLength(1);
  });

  it('screen readers hear how many events came, at most every 5 seconds', async () => {
    const { streams } = api([liveStream]);
    renderStaff(PAGE);
    await pass();
    const log = screen.getByRole('log');
    expect(log).toHaveAttribute('aria-live', 'polite');
    streams[0]!.send(READY + message(1) + message(2));
    await pass();
    expect(log).toBeEmptyDOMElement();
    await pass(5000);
    expect(log).toHaveTextContent('2 new events');
    streams[0]!.send(message(3));
    await pass(1000);
    expect(log).toHaveTextContent('2 new events');
    await pass(4000);
    expect(log).toHaveTextContent('1 new event');
  });

  it('a member of staff without the analyst role gets the 403 page, and nothing is asked', async () => {
    const { calls } = api([liveStream], ['merchandiser']);
    renderStaff(PAGE);
    await pass();
    expect(screen.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
    expect(tails(calls)).toEqual([]);
  });
});
