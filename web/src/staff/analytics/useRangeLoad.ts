import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isSignedOut, staffErrorMessage } from '../api/staff';
import { useStaffSession } from '../session';
import { rangeFromParams, type RangeQuery } from './shape';

/** What a page read from the server, as it shows it. */
export interface StaffLoad<T> {
  /**
   * The last answer: kept while what is asked now is read (the page dims it) and after a
   * failure (the page keeps showing it under the alert); null until the first answer.
   */
  data: T | null;
  /** Whether what is asked now (its key, the last Try again) has been answered. */
  current: boolean;
  /** Why what is asked now could not be read, in words; null while it is read or once it is. */
  error: string | null;
  /** Reads it again (Try again). */
  retry: () => void;
  /** Changes the answer kept, after a change made on the page (a redirect saved, a page added). */
  update: (change: (data: T | null) => T | null) => void;
}

interface Loaded<T> {
  key: string;
  attempt: number;
  data: T | null;
  error: string | null;
}

/**
 * Reads what a console page shows with `load`, again whenever `key` changes (what `load`
 * asks for, in a string) or on Try again. An answer to something no longer asked is dropped
 * (its read is aborted); a 401 is the console's sign-in. Also for pages without a range.
 */
export function useStaffLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): StaffLoad<T> {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  const signedOut = useStaffSession((s) => s.signedOut);
  // `load` is a new closure every render, made from what `key` names: not a reason to read again.
  const read = useEffectEvent(load);

  useEffect(() => {
    const controller = new AbortController();
    read(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setLoaded({ key, attempt, data, error: null });
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        if (isSignedOut(failure)) signedOut();
        setLoaded((previous) => ({ key, attempt, data: previous?.data ?? null, error: staffErrorMessage(failure) }));
      },
    );
    return () => controller.abort();
  }, [key, attempt, signedOut]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback(
    (change: (data: T | null) => T | null) =>
      setLoaded((previous) => previous && { ...previous, data: change(previous.data) }),
    [],
  );
  const current = loaded !== null && loaded.key === key && loaded.attempt === attempt;
  return { data: loaded?.data ?? null, current, error: current ? loaded.error : null, retry, update };
}

/** What a page of a range of days read, and the range. */
export interface RangeLoad<T> extends StaffLoad<T> {
  /** The range the URL asks for: 'since|until', an end left to the server empty. */
  key: string;
  /**
   * What the date range form shows: the range asked, else the answer's (the server's default
   * days). Give the form `key`: it changes with both, so that what was typed and not applied
   * is dropped then.
   */
  form: { key: string; since: string; until: string };
  /** Applies a range from the form: the URL takes it (Back returns), or, the same range, reads it again. */
  apply: (range: { since: string; until: string }) => void;
}

/**
 * The report of a range of days that the URL holds (`?since=&until=`, so that a range can be
 * shared and reloaded; a missing or malformed end is left to the server: seven days ago,
 * today), read with `load` as `useStaffLoad` does, again when the range changes.
 */
export function useRangeLoad<T extends { since: string; until: string }>(
  load: (range: RangeQuery, signal: AbortSignal) => Promise<T>,
): RangeLoad<T> {
  const [params, setParams] = useSearchParams();
  const asked = rangeFromParams(params);
  const since = asked.since ?? '';
  const until = asked.until ?? '';
  const key = `${since}|${until}`;
  const loaded = useStaffLoad(key, (signal) => load(asked, signal));
  const answer = loaded.data;

  function apply(range: { since: string; until: string }) {
    if (range.since === since && range.until === until) loaded.retry();
    else setParams(range);
  }

  return {
    ...loaded,
    key,
    form: {
      key: answer ? `${answer.since}|${answer.until}|${key}` : key,
      since: since || answer?.since || '',
      until: until || answer?.until || '',
    },
    apply,
  };
}
