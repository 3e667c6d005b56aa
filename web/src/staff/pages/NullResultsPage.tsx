import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { NetworkError } from '../../shared/api/client';
import { safeLocalLink } from '../../shared/api/json';
import { fetchNullResults, setKeywordRedirect, type NullResultRow } from '../api/nullResults';
import { isSignedOut, staffErrorMessage } from '../api/staff';
import { formatDayRange, formatNumber } from '../analytics/shape';
import { useRangeLoad } from '../analytics/useRangeLoad';
import { DateRangeForm } from '../components/DateRangeForm';
import { Outcome } from '../components/Outcome';
import { StaffPageTitle } from '../components/StaffLayout';
import { TableWrap } from '../components/TableWrap';
import { formatDateTime } from '../format';
import { STAFF_PATHS } from '../paths';
import { useStaffSession } from '../session';

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
  const range = useRangeLoad(fetchNullResults);
  const { data: queue, current, error: loadError, retry, update } = range;
  const [editing, setEditing] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const signedOut = useStaffSession((s) => s.signedOut);
  /** The row whose button gets the focus back once its form closes. */
  const refocus = useRef<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  useEffect(() => {
    if (editing === null && refocus.current !== null) {
      buttons.current.get(refocus.current)?.focus();
      refocus.current = null;
    }
  }, [editing]);

  function apply(days: { since: string; until: string }) {
    setMessage('');
    setError(null);
    setEditing(null);
    range.apply(days);
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
    update(
      (previous) =>
        previous && {
          ...previous,
          rows: previous.rows.map((r) => (r.keyword === row.keyword ? { ...r, redirect } : r)),
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
      <DateRangeForm key={range.form.key} since={range.form.since} until={range.form.until} onApply={apply} />
      <Outcome message={message} error={error} />
      {!current && !queue && (
        <p role="status" className="page-loading">
          Loading the searches…
        </p>
      )}
      {loadError !== null && (
        <div role="alert" className="staff-error">
          <p>{loadError}</p>
          <button type="button" className="button button--secondary" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {queue && queue.rows.length === 0 && (
        <p>Every search found something from {formatDayRange(queue.since, queue.until)}.</p>
      )}
      {queue && queue.rows.length > 0 && (
        <TableWrap label="Searches with no results, scrollable" busy={!current}>
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
        </TableWrap>
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
