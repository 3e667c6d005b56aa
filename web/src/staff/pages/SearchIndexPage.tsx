import { useEffect, useId, useState } from 'react';
import { NetworkError } from '../../shared/api/client';
import { fetchReindexProgress, startReindex, type ReindexProgress } from '../api/searchIndex';
import { isSignedOut, staffErrorMessage } from '../api/staff';
import { Outcome } from '../components/Outcome';
import { StaffPageTitle } from '../components/StaffLayout';
import { formatCount } from '../format';
import { useStaffSession } from '../session';

/** How often a running reindex is asked how far it got. */
export const POLL_MS = 500;

/** '1 product', '20,000 products' */
function products(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'product' : 'products'}`;
}

/** The whole percent done (never 100 before the end). */
function percent({ done, total }: ReindexProgress): number {
  return total > 0 ? Math.floor((done / total) * 100) : 0;
}

/**
 * /staff/merch/search-index/ (merchandisers): how many products this server's live search
 * index holds, and Reindex now, which rebuilds it from the catalog while searches keep
 * answering. Progress is read once on load (a reindex started elsewhere is followed too) and
 * every 500 ms while one runs: a progress bar and, in a polite status, 'done of total
 * products' and the percent; the end says 'Reindexed N products.'. A refusal (409 `Busy`
 * while one runs, 403) is an alert with the server's words; a 401 is the console's sign-in.
 */
export function SearchIndexPage() {
  const [attempt, setAttempt] = useState(0);
  const [progress, setProgress] = useState<ReindexProgress | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  /** A reindex runs (or was just started): its progress is polled. */
  const [watching, setWatching] = useState(false);
  const [starting, setStarting] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const signedOut = useStaffSession((s) => s.signedOut);
  const id = useId();

  // Once on load (and on Try again); a reindex already running is followed.
  useEffect(() => {
    const controller = new AbortController();
    fetchReindexProgress(controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setProgress(answer);
        if (answer.running) setWatching(true);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        if (isSignedOut(failure)) signedOut();
        setLoadError(staffErrorMessage(failure));
      },
    );
    return () => controller.abort();
  }, [attempt, signedOut]);

  // While a reindex runs: its progress every POLL_MS, until it ends.
  useEffect(() => {
    if (!watching) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      timer = setTimeout(() => {
        fetchReindexProgress(controller.signal).then(
          (answer) => {
            if (controller.signal.aborted) return;
            setProgress(answer);
            if (answer.running) {
              next();
              return;
            }
            setWatching(false);
            setError(null);
            setMessage(`Reindexed ${products(answer.done)}.`);
          },
          (failure: unknown) => {
            if (controller.signal.aborted) return;
            setWatching(false);
            if (isSignedOut(failure)) signedOut();
            else setLoadError(staffErrorMessage(failure));
          },
        );
      }, POLL_MS);
    };
    next();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [watching, signedOut]);

  const running = watching || progress?.running === true;

  /** A reindex runs: polled from now on; how far it is comes with the first answer. */
  function follow() {
    setProgress((previous) => previous && { ...previous, running: true, done: 0, total: 0 });
    setWatching(true);
  }

  async function reindex() {
    if (starting || running) return;
    setStarting(true);
    setMessage('');
    setError(null);
    try {
      await startReindex();
      follow();
      setMessage('Reindex started.');
    } catch (failure) {
      if (isSignedOut(failure)) {
        signedOut();
        return;
      }
      setError(staffErrorMessage(failure));
      // One runs already (started elsewhere): follow it.
      if (failure instanceof NetworkError && failure.code === 'Busy') follow();
    } finally {
      setStarting(false);
    }
  }

  function tryAgain() {
    setLoadError(null);
    setAttempt((n) => n + 1);
  }

  const shownRun = progress !== null && running ? progress : null;
  const measured = shownRun !== null && shownRun.total > 0;

  return (
    <div className="search-index">
      <StaffPageTitle title="Search index" />
      <p className="search-index__note">
        Reindex now rebuilds this server’s search index from the catalog (each of the store’s servers keeps
        its own). Searches keep answering from the current index meanwhile.
      </p>

      {progress === null && loadError === null && (
        <p role="status" className="page-loading">
          Loading the search index…
        </p>
      )}
      {loadError !== null && (
        <div role="alert" className="staff-error">
          <p>{loadError}</p>
          <button type="button" className="button button--secondary" onClick={tryAgain}>
            Try again
          </button>
        </div>
      )}

      {progress !== null && (
        <>
          <p className="search-index__count">
            The live index holds <strong>{products(progress.indexed)}</strong>.
          </p>
          <div className="staff-toolbar">
            <button
              type="button"
              className="button"
              aria-disabled={starting || running || undefined}
              onClick={() => void reindex()}
            >
              {starting ? 'Starting…' : 'Reindex now'}
            </button>
          </div>
          <Outcome message={message} error={error} />
          <div className="search-index__run">
            {shownRun && (
              <>
                <label htmlFor={`${id}-bar`} className="search-index__label">
                  Reindex progress
                </label>
                {measured ? (
                  <progress id={`${id}-bar`} className="search-index__bar" max={shownRun.total} value={shownRun.done} />
                ) : (
                  <progress id={`${id}-bar`} className="search-index__bar" />
                )}
              </>
            )}
            {/* Always there, so screen readers hear each new line. */}
            <p role="status" aria-live="polite" aria-atomic="true" className="search-index__numbers">
              {shownRun &&
                (measured
                  ? `${formatCount(shownRun.done)} of ${products(shownRun.total)} (${percent(shownRun)}%)`
                  : 'Reindexing…')}
            </p>
          </div>
        </>
      )}
    </div>
  );
}
