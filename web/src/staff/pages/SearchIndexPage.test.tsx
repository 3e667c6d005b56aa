import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  callsBut,
  me,
  mockStaffApi,
  NO_STAFF_ROLE,
  refusal,
  renderStaff,
  resetStaff,
  SIGNED_OUT,
  TEST_TOKEN,
  type Call,
} from '../testing';
import { POLL_MS } from './SearchIndexPage';

const URL = '/api/staff/search/reindex';
const PAGE = '/staff/merch/search-index/';
const BUSY = 'A reindex is running already. Please wait for it to finish.';

const IDLE = { running: false, done: 20000, total: 20000, indexed: 20000 };

function progress(done: number, running = true, total = 20000) {
  return { running, done, total, indexed: 20000 };
}

/**
 * The progress answers in turn (the last one repeats); `start` answers the POST.
 */
function api(answers: unknown[], start: unknown = () => Response.json({ success: true, running: true }, { status: 202 }), extra = {}) {
  let next = 0;
  return mockStaffApi({
    'GET /api/staff/me': me('merchandiser'),
    [`GET ${URL}`]: () => answers[Math.min(next++, answers.length - 1)],
    [`POST ${URL}`]: start,
    ...extra,
  });
}

/** Lets `ms` of fake time pass, with the fetches' promises settled in between. */
async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function reads(calls: Call[]) {
  return calls.filter((c) => c.method === 'GET' && c.path === URL).length;
}

/** The polite line under the bar ('12,345 of 20,000 products (61%)'). */
function numbers() {
  return document.querySelector('.search-index__numbers')!;
}

/**
 * A click, and its fetches settled. (fireEvent: user-event's wrapper waits on a timer that
 * testing-library advances only under jest's fake timers, not vitest's.)
 */
async function click(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
  await pass(0);
}

beforeEach(() => {
  resetStaff();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the search index page', () => {
  it('shows what the live index holds, the note and Reindex now; an idle index is read once', async () => {
    const { calls } = api([IDLE]);
    renderStaff(PAGE);
    await pass(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Search index' })).toBeVisible();
    expect(document.title).toBe('Search index | Storefront staff');
    expect(screen.getByText(/The live index holds/)).toHaveTextContent('The live index holds 20,000 products.');
    expect(screen.getByText(/rebuilds this server’s search index/)).toHaveTextContent(
      'Searches keep answering from the current index meanwhile.',
    );
    expect(screen.getByRole('button', { name: 'Reindex now' })).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(numbers()).toHaveAttribute('role', 'status');
    expect(numbers()).toHaveAttribute('aria-live', 'polite');
    expect(numbers()).toBeEmptyDOMElement();
    const nav = screen.getByRole('navigation', { name: 'Staff pages' });
    expect(within(nav).getByRole('link', { name: 'Search index' })).toHaveAttribute('aria-current', 'page');

    await pass(10 * POLL_MS);
    expect(reads(calls)).toBe(1);
  });

  it('Reindex now: the bar and its numbers every 500 ms, until “Reindexed 20,000 products.”', async () => {
    const { calls } = api([IDLE, progress(12345), progress(19999), progress(20000, false)]);
    renderStaff(PAGE);
    await pass(0);
    await click('Reindex now');

    const post = calls.find((c) => c.method === 'POST')!;
    expect(post).toMatchObject({ path: URL, body: undefined, token: TEST_TOKEN });
    expect(screen.getByText('Reindex started.')).toHaveAttribute('role', 'status');
    // Until the first answer: a bar without a value.
    const bar = screen.getByRole('progressbar', { name: 'Reindex progress' });
    expect(bar).not.toHaveAttribute('value');
    expect(numbers()).toHaveTextContent('Reindexing…');
    expect(screen.getByRole('button', { name: 'Reindex now' })).toHaveAttribute('aria-disabled', 'true');
    expect(reads(calls)).toBe(1);

    await pass(POLL_MS);
    expect(reads(calls)).toBe(2);
    expect(screen.getByRole('progressbar', { name: 'Reindex progress' })).toHaveAttribute('value', '12345');
    expect(screen.getByRole('progressbar', { name: 'Reindex progress' })).toHaveAttribute('max', '20000');
    expect(numbers()).toHaveTextContent('12,345 of 20,000 products (61%)');

    await pass(POLL_MS);
    expect(numbers()).toHaveTextContent('19,999 of 20,000 products (99%)');

    await pass(POLL_MS);
    expect(reads(calls)).toBe(4);
    expect(screen.getByText('Reindexed 20,000 products.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(numbers()).toBeEmptyDOMElement();
    expect(screen.getByRole('button', { name: 'Reindex now' })).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await pass(10 * POLL_MS);
    expect(reads(calls)).toBe(4);
  });

  it('a reindex started elsewhere is followed from the load; Reindex now waits', async () => {
    const { calls } = api([progress(5000), progress(20000, false)]);
    renderStaff(PAGE);
    await pass(0);
    expect(numbers()).toHaveTextContent('5,000 of 20,000 products (25%)');
    expect(screen.getByRole('button', { name: 'Reindex now' })).toHaveAttribute('aria-disabled', 'true');
    await click('Reindex now');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await pass(POLL_MS);
    expect(screen.getByText('Reindexed 20,000 products.')).toBeVisible();
  });

  it('Busy: the server’s words in an alert, and the running reindex is followed', async () => {
    api([IDLE, progress(800), progress(20000, false)], () => refusal(409, 'Busy', BUSY));
    renderStaff(PAGE);
    await pass(0);
    await click('Reindex now');
    expect(screen.getByRole('alert')).toHaveTextContent(BUSY);
    expect(screen.queryByText('Reindex started.')).not.toBeInTheDocument();

    await pass(POLL_MS);
    expect(numbers()).toHaveTextContent('800 of 20,000 products (4%)');
    await pass(POLL_MS);
    expect(screen.getByText('Reindexed 20,000 products.')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('leaving the page stops the polling', async () => {
    const { calls } = api([progress(1000)]);
    const { router } = renderStaff(PAGE);
    await pass(0);
    await pass(POLL_MS);
    expect(reads(calls)).toBe(2);
    await act(() => router.navigate('/staff/'));
    expect(screen.getByRole('heading', { level: 1, name: 'Staff home' })).toBeVisible();
    await pass(10 * POLL_MS);
    expect(reads(calls)).toBe(2);
  });

  it('a session that ended while polling shows the console’s sign-in page', async () => {
    const { calls } = api([progress(1000), SIGNED_OUT()]);
    renderStaff(PAGE);
    await pass(0);
    await pass(POLL_MS);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/account/login/?refUrl=%2Fstaff%2Fmerch%2Fsearch-index%2F',
    );
    await pass(10 * POLL_MS);
    expect(reads(calls)).toBe(2);
  });

  it('a session that ended on Reindex now shows the sign-in page', async () => {
    api([IDLE], SIGNED_OUT);
    renderStaff(PAGE);
    await pass(0);
    await click('Reindex now');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  it('a 403 (the role taken away) is an alert with the server’s words', async () => {
    api([IDLE], NO_STAFF_ROLE);
    renderStaff(PAGE);
    await pass(0);
    await click('Reindex now');
    expect(screen.getByRole('alert')).toHaveTextContent('Your staff role does not allow this.');
  });

  it('a member of staff without the merchandiser role gets the 403 page, and nothing is read', async () => {
    const { calls } = mockStaffApi({ 'GET /api/staff/me': me('associate') });
    renderStaff(PAGE);
    await pass(0);
    expect(screen.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
    expect(callsBut(calls, '/api/staff/me')).toEqual([]);
  });

  it('a progress that cannot be read says so and tries again', async () => {
    api([new Response('oops', { status: 500 }), progress(3000), progress(20000, false)]);
    renderStaff(PAGE);
    await pass(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    expect(screen.queryByRole('button', { name: 'Reindex now' })).not.toBeInTheDocument();
    await click('Try again');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(numbers()).toHaveTextContent('3,000 of 20,000 products (15%)');
    await pass(POLL_MS);
    expect(screen.getByText('Reindexed 20,000 products.')).toBeVisible();
  });
});
