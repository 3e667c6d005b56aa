import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../shared/api/client';
import { STAFF_SIGN_IN_MESSAGE } from '../api/staff';
import { useStaffSession } from '../session';
import { resetStaff } from '../testing';
import type { RangeQuery } from './shape';
import { useRangeLoad, useStaffLoad } from './useRangeLoad';

interface Report {
  since: string;
  until: string;
  rows: string[];
}

/** A read the test answers when it likes. */
interface Read {
  range: RangeQuery;
  signal: AbortSignal;
  answer: (report: Report) => void;
  fail: (failure: unknown) => void;
}

function reader() {
  const reads: Read[] = [];
  const load = vi.fn(
    (range: RangeQuery, signal: AbortSignal) =>
      new Promise<Report>((answer, fail) => {
        reads.push({ range, signal, answer, fail });
      }),
  );
  return { reads, load };
}

function report(since: string, until: string, ...rows: string[]): Report {
  return { since, until, rows };
}

/** The hook on a page at `path`, with where the page is. */
function renderRange(path: string, load: (range: RangeQuery, signal: AbortSignal) => Promise<Report>) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
  return renderHook(() => ({ range: useRangeLoad(load), location: useLocation() }), { wrapper });
}

beforeEach(() => {
  resetStaff();
});

describe('the range of days a page reads', () => {
  it('is read from the URL, and the form shows it', async () => {
    const { reads, load } = reader();
    const { result } = renderRange('/report/?since=2026-11-01&until=2026-11-07', load);
    expect(reads.map((r) => r.range)).toEqual([{ since: '2026-11-01', until: '2026-11-07' }]);
    expect(result.current.range).toMatchObject({ data: null, current: false, error: null, key: '2026-11-01|2026-11-07' });
    expect(result.current.range.form).toMatchObject({ since: '2026-11-01', until: '2026-11-07' });

    act(() => reads[0]!.answer(report('2026-11-01', '2026-11-07', 'rope')));
    await waitFor(() => expect(result.current.range.current).toBe(true));
    expect(result.current.range.data?.rows).toEqual(['rope']);
    expect(result.current.range.error).toBeNull();
  });

  it('leaves a missing or malformed end to the server, and the form shows the days it answered', async () => {
    const { reads, load } = reader();
    const { result } = renderRange('/report/?since=yesterday&until=2026-11-07', load);
    expect(reads.map((r) => r.range)).toEqual([{ until: '2026-11-07' }]);
    expect(result.current.range.key).toBe('|2026-11-07');
    expect(result.current.range.form).toEqual({ key: '|2026-11-07', since: '', until: '2026-11-07' });

    act(() => reads[0]!.answer(report('2026-10-31', '2026-11-07')));
    await waitFor(() => expect(result.current.range.current).toBe(true));
    // A new key: the form shows the answer's start from now on.
    expect(result.current.range.form).toEqual({
      key: '2026-10-31|2026-11-07||2026-11-07',
      since: '2026-10-31',
      until: '2026-11-07',
    });
  });

  it('a range applied goes to the URL and is read; the last answer stays until then', async () => {
    const { reads, load } = reader();
    const { result } = renderRange('/report/', load);
    expect(reads.map((r) => r.range)).toEqual([{}]);
    act(() => reads[0]!.answer(report('2026-11-22', '2026-11-28', 'old')));
    await waitFor(() => expect(result.current.range.current).toBe(true));

    act(() => result.current.range.apply({ since: '2026-11-01', until: '2026-11-07' }));
    expect(result.current.location.search).toBe('?since=2026-11-01&until=2026-11-07');
    await waitFor(() => expect(reads).toHaveLength(2));
    expect(reads[1]!.range).toEqual({ since: '2026-11-01', until: '2026-11-07' });
    expect(result.current.range.current).toBe(false);
    expect(result.current.range.data?.rows).toEqual(['old']);

    act(() => reads[1]!.answer(report('2026-11-01', '2026-11-07', 'new')));
    await waitFor(() => expect(result.current.range.current).toBe(true));
    expect(result.current.range.data?.rows).toEqual(['new']);

    // The same range again: read again, the URL as it was.
    act(() => result.current.range.apply({ since: '2026-11-01', until: '2026-11-07' }));
    await waitFor(() => expect(reads).toHaveLength(3));
    expect(reads[2]!.range).toEqual({ since: '2026-11-01', until: '2026-11-07' });
    expect(result.current.location.search).toBe('?since=2026-11-01&until=2026-11-07');
    expect(result.current.range.current).toBe(false);
  });

  it('drops the answer to a range no longer asked', async () => {
    const { reads, load } = reader();
    const { result } = renderRange('/report/?since=2026-11-01&until=2026-11-07', load);
    act(() => result.current.range.apply({ since: '2026-11-08', until: '2026-11-14' }));
    await waitFor(() => expect(reads).toHaveLength(2));
    expect(reads[0]!.signal.aborted).toBe(true);

    // The first answer comes last: it is not shown.
    act(() => reads[1]!.answer(report('2026-11-08', '2026-11-14', 'second')));
    await waitFor(() => expect(result.current.range.current).toBe(true));
    act(() => reads[0]!.answer(report('2026-11-01', '2026-11-07', 'first')));
    await act(async () => {});
    expect(result.current.range.data?.rows).toEqual(['second']);
    expect(result.current.range.key).toBe('2026-11-08|2026-11-14');
  });

  it('a failure is said in words, the last answer kept; Try again reads again', async () => {
    const { reads, load } = reader();
    const { result } = renderRange('/report/', load);
    act(() => reads[0]!.answer(report('2026-11-22', '2026-11-28', 'kept')));
    await waitFor(() => expect(result.current.range.current).toBe(true));

    act(() => result.current.range.retry());
    await waitFor(() => expect(reads).toHaveLength(2));
    act(() => reads[1]!.fail(new NetworkError(422, { serverMessage: 'The range is too long.' })));
    await waitFor(() => expect(result.current.range.error).toBe('The range is too long.'));
    expect(result.current.range.current).toBe(true);
    expect(result.current.range.data?.rows).toEqual(['kept']);

    act(() => result.current.range.retry());
    await waitFor(() => expect(reads).toHaveLength(3));
    expect(result.current.range.error).toBeNull();
    act(() => reads[2]!.answer(report('2026-11-22', '2026-11-28', 'again')));
    await waitFor(() => expect(result.current.range.data?.rows).toEqual(['again']));
  });

  it('a 401 is the console’s sign-in', async () => {
    const { reads, load } = reader();
    const { result } = renderRange('/report/', load);
    act(() => reads[0]!.fail(new NetworkError(401)));
    await waitFor(() => expect(result.current.range.error).toBe(STAFF_SIGN_IN_MESSAGE));
    expect(useStaffSession.getState().session.status).toBe('signedOut');
    expect(result.current.range.data).toBeNull();
  });

  it('a change made on the page changes the answer kept', async () => {
    const { reads, load } = reader();
    const { result } = renderRange('/report/', load);
    act(() => reads[0]!.answer(report('2026-11-22', '2026-11-28', 'rope')));
    await waitFor(() => expect(result.current.range.current).toBe(true));
    act(() => result.current.range.update((data) => data && { ...data, rows: [...data.rows, 'twine'] }));
    expect(result.current.range.data?.rows).toEqual(['rope', 'twine']);
    expect(result.current.range.current).toBe(true);
    expect(reads).toHaveLength(1);
  });
});

describe('a page’s read without a range', () => {
  it('is read once, and again on Try again or when its key changes', async () => {
    const load = vi.fn(async (_signal: AbortSignal) => load.mock.calls.length);
    const { result, rerender } = renderHook(({ key }) => useStaffLoad(key, load), { initialProps: { key: 'a' } });
    await waitFor(() => expect(result.current.data).toBe(1));
    expect(result.current.current).toBe(true);
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.data).toBe(2));
    rerender({ key: 'b' });
    expect(result.current.current).toBe(false);
    await waitFor(() => expect(result.current.data).toBe(3));
    expect(load).toHaveBeenCalledTimes(3);
  });
});
