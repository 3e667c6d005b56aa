import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NetworkError } from '../../shared/api/client';
import { safeLocalLink } from '../../shared/api/json';
import { fetchNullResults, setKeywordRedirect, type NullResultQueue, type NullResultRow } from '../api/nullResults';
import { isSignedOut, staffErrorMessage } from '../api/staff';
import { formatDayRange, formatNumber, rangeFromParams } from '../analytics/shape';
import { DateRangeForm } from '../components/DateRangeForm';
import { Outcome } from '../components/Outcome';
import { StaffPageTitle } from '../components/StaffLayout';
import { formatDateTime } from '../format';
import { STAFF_PATHS } from '../paths';
import { useStaffSession } from '../session';

interface Loaded {
  key: string;
  attempt: number;
  queue: NullResultQueue | null;
  error: string | null;
}

/** What a redirect must look like before it is sent. */
const URL_HINT = 'A page of the store, like /store-finder/.';
const URL_PROBLEM = 'Enter a page of the store, like /store-finder/.';

/**
 * /staff/merch/null-results/ (merchandisers): the searches that found nothing over a range of
 * days (`?since=&until=`, as on the analytics page), most null results first: the keyword,
 * its null results and searches, when it last found nothing, and where its searches go now.
 * Add a redirect (Change the redirect, when it has one) opens a form in the row that sends
 * the keyword's searches to a page of the store; a refusal is said next to the field.
 */
export function NullResultsPage() {
  const [params, setParams] = useSearchParams();
  const asked = rangeFromParams(params);
  const since = asked.since ?? '';
  const until = asked.until ?? '';
  const key = `${since}|${until}`;
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const signedOut = useStaffSession((s) => s.signedOut);
  /** The row whose button gets the focus back once its form closes. */
  const refocus = useRef<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  useEffect(() => {
    const controller = new AbortController();
    const range = { ...(since ? { since } : {}), ...(until ? { until } : {}) };
    fetchNullResults(range, controller.signal).then(
      (queue) => {
        if (!controller.signal.aborted) setLoaded({ key, attempt, queue, error: null });
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        if (isSignedOut(failure)) signedOut();
        setLoaded((previous) => ({ key, attempt, queue: previous?.queue ?? null, error: staffErrorMessage(failure) }));
      },
    );
    return () => controller.abort();
  }, [key, since, until, attempt, signedOut]);

  useEffect(() => {
    if (editing === null && refocus.current !== null) {
      buttons.current.get(refocus.current)?.focus();
      refocus.current = null;
    }
  }, [editing]);

  const current = loaded !== null && loaded.key === key && loaded.attempt === attempt;
  const queue = loaded?.queue ?? null;
  const loadError = current ? loaded.error : null;

  function apply(range: { since: string; until: string }) {
    setMessage('');
    setError(null);
    setEditing(null);
    if (range.since === since && range.until === until) setAttempt((n) => n + 1);
    else setParams(range);
  }

  function open(keyword: string) {
    setMessage('');
    setError(null);
    setEditing(keyword);
  }

  function close(keyword: string) {
    refocus.current = keyword;
    setEditing(null);
  }

  function saved(row: NullResultRow, redirect: string) {
    setLoaded(
      (previous) =>
        previous && {
          ...previous,
          queue: previous.queue && {
            ...previous.queue,
            rows: previous.queue.rows.map((r) => (r.keyword === row.keyword ? { ...r, redirect } : r)),
          },
        },
    );
    setError(null);
    setMessage(`Searches for “${row.keyword}” now go to ${redirect}.`);
    close(row.keyword);
  }

  function refused(failure: unknown) {
    if (isSignedOut(failure)) {
      signedOut();
      return;
    }
    setMessage('');
    setError(staffErrorMessage(failure));
  }

  return (
    <div className="null-results">
      <StaffPageTitle title="Searches with no results" />
      <DateRangeForm
        key={queue ? `${queue.since}|${queue.until}|${key}` : key}
        since={since || queue?.since || ''}
        until={until || queue?.until || ''}
        onApply={apply}
      />
      <Outcome message={message} error={error} />
      {!current && !queue && (
        <p role="status" className="page-loading">
          Loading the searches…
        </p>
      )}
      {loadError !== null && (
        <div role="alert" className="staff-error">
          <p>{loadError}</p>
          <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
      {queue && queue.rows.length === 0 && (
        <p>Every search found something from {formatDayRange(queue.since, queue.until)}.</p>
      )}
      {queue && queue.rows.length > 0 && (
        <div className="staff-table-wrap" aria-busy={!current || undefined}>
          <table className="staff-table null-results__table">
            <caption className="staff-table__caption">
              Searches with no results, {formatDayRange(queue.since, queue.until)}, most first
            </caption>
            <thead>
              <tr>
                <th scope="col">Keyword</th>
                <th scope="col" className="staff-table__number">
                  Null results
                </th>
                <th scope="col" className="staff-table__number">
                  Searches
                </th>
                <th scope="col">Last seen</th>
                <th scope="col">Redirect</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {queue.rows.map((row) => (
                <tr key={row.keyword}>
                  <th scope="row">{row.keyword}</th>
                  <td className="staff-table__number">{formatNumber(row.nullResults)}</td>
                  <td className="staff-table__number">{formatNumber(row.searches)}</td>
                  <td>{row.lastSeen ? formatDateTime(row.lastSeen) : '—'}</td>
                  <td>{row.redirect ? <code className="null-results__redirect">{row.redirect}</code> : 'None'}</td>
                  <td className="null-results__action">
                    {editing === row.keyword ? (
                      <RedirectForm
                        row={row}
                        onSaved={(redirect) => saved(row, redirect)}
                        onRefused={refused}
                        onCancel={() => close(row.keyword)}
                      />
                    ) : (
                      <button
                        ref={(element) => {
                          if (element) buttons.current.set(row.keyword, element);
                          else buttons.current.delete(row.keyword);
                        }}
                        type="button"
                        className="button button--secondary"
                        onClick={() => open(row.keyword)}
                      >
                        {row.redirect ? 'Change the redirect' : 'Add a redirect'}{' '}
                        <span className="visually-hidden">for “{row.keyword}”</span>
                      </button>
                    )}{' '}
                    {editing !== row.keyword && (
                      <Link
                        className="button button--secondary"
                        to={`${STAFF_PATHS.synonyms}?${new URLSearchParams({ words: row.keyword })}`}
                      >
                        Add a synonym <span className="visually-hidden">for “{row.keyword}”</span>
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** Where a keyword's searches go: a local URL, checked here, then by the server. */
function RedirectForm({
  row,
  onSaved,
  onRefused,
  onCancel,
}: {
  row: NullResultRow;
  onSaved: (redirect: string) => void;
  onRefused: (failure: unknown) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [url, setUrl] = useState(row.redirect ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    field.current?.focus();
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const local = safeLocalLink(url);
    if (local === null) {
      setFieldError(URL_PROBLEM);
      field.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const redirect = await setKeywordRedirect(row.keyword, local);
      onSaved(redirect);
    } catch (failure) {
      setBusy(false);
      if (failure instanceof NetworkError && (failure.status === 400 || failure.status === 422)) {
        setFieldError(failure.serverMessage ?? staffErrorMessage(failure));
        field.current?.focus();
        return;
      }
      onRefused(failure);
    }
  }

  const describedBy = [`${id}-hint`, fieldError ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <form
      className="null-results__form"
      aria-label={`Redirect for “${row.keyword}”`}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
    >
      <label htmlFor={`${id}-url`} className="staff-field__label">
        Send searches for “{row.keyword}” to
      </label>
      <p id={`${id}-hint`} className="staff-field__hint">
        {URL_HINT}
      </p>
      <input
        ref={field}
        id={`${id}-url`}
        type="text"
        inputMode="url"
        className="staff-input"
        value={url}
        onChange={(e) => setUrl(e.currentTarget.value)}
        placeholder="/store-finder/"
        autoComplete="off"
        spellCheck={false}
        required
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={describedBy}
      />
      {fieldError && (
        <p id={`${id}-error`} className="staff-field__error">
          {fieldError}
        </p>
      )}
      <div className="null-results__buttons">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? 'Saving…' : 'Save redirect'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
