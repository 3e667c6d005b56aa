import { useEffect, useRef, useState } from 'react';
import { fetchDepartments } from '../../shared/api/catalog';
import type { Department } from '../../shared/api/types';
import { AUDIT_PAGE_SIZE, fetchAudit, type AuditEntry } from '../api/audit';
import { isSignedOut, staffErrorMessage } from '../api/staff';
import { auditArea, describeAuditEntry, type DepartmentNames } from '../audit/describe';
import { useStaffLoad } from '../analytics/useRangeLoad';
import { StaffPageTitle } from '../components/StaffLayout';
import { TableWrap } from '../components/TableWrap';
import { formatDateTime } from '../format';
import { useStaffSession } from '../session';

interface Changes {
  entries: AuditEntry[];
  /** A page shorter than asked for: nothing older. */
  complete: boolean;
}

/** Department names by id, from the tree (to name a landing page's board). */
function namesOf(tree: readonly Department[], into = new Map<number, string>()): Map<number, string> {
  for (const department of tree) {
    into.set(department.id, department.name);
    namesOf(department.children, into);
  }
  return into;
}

/** The newest page of changes. */
async function readNewest(signal: AbortSignal): Promise<Changes> {
  const entries = await fetchAudit(null, signal);
  return { entries, complete: entries.length < AUDIT_PAGE_SIZE };
}

function changesCount(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'change' : 'changes'}`;
}

/**
 * /staff/merch/audit/ (merchandisers): "Changes to search" — who changed pins and redirects,
 * the popular lists' blocklists and the synonym rules, newest first (`GET
 * /api/staff/merch/audit`): when, who (the staff id recorded with the change; 'you' for the
 * member of staff reading), what part of the search and what they did, in words. "Older
 * changes" reads the page recorded before the last row's time and adds it below.
 */
export function AuditPage() {
  const signedOut = useStaffSession((s) => s.signedOut);
  const meId = useStaffSession((s) => (s.session.status === 'ready' ? s.session.me.staffId : null));
  const { data, current, error: loadError, retry, update } = useStaffLoad('audit', readNewest);
  const [departments, setDepartments] = useState<DepartmentNames>(() => new Map());
  const [more, setMore] = useState<'idle' | 'loading'>('idle');
  const [message, setMessage] = useState('');
  const [moreError, setMoreError] = useState<string | null>(null);
  const table = useRef<HTMLTableElement>(null);

  // Department names make a landing page's pins readable; without them its id is shown.
  useEffect(() => {
    const controller = new AbortController();
    fetchDepartments(controller.signal).then(
      (tree) => {
        if (!controller.signal.aborted) setDepartments(namesOf(tree));
      },
      () => {},
    );
    return () => controller.abort();
  }, []);

  const entries = data?.entries ?? null;

  async function older() {
    if (more === 'loading' || !entries || entries.length === 0) return;
    const last = entries[entries.length - 1]!;
    setMore('loading');
    setMoreError(null);
    setMessage('');
    try {
      const page = await fetchAudit(last.at);
      const complete = page.length < AUDIT_PAGE_SIZE;
      const all = [...entries, ...page];
      update(() => ({ entries: all, complete }));
      setMessage(
        complete
          ? `Showing ${changesCount(all.length)}: every change there is.`
          : `Showing ${changesCount(all.length)}.`,
      );
      // The button goes with the last page: the focus goes to the table.
      if (complete) table.current?.focus();
    } catch (failure) {
      if (isSignedOut(failure)) {
        signedOut();
        return;
      }
      setMoreError(staffErrorMessage(failure));
    } finally {
      setMore('idle');
    }
  }

  return (
    <div className="audit">
      <StaffPageTitle title="Changes to search" />
      <p className="audit__intro">
        Who pinned, unpinned and reordered results, set redirects, blocked entries of the popular lists and
        changed the synonym rules, newest first.
      </p>
      {!entries && !loadError && (
        <p role="status" className="page-loading">
          Loading the changes…
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
      {entries && entries.length === 0 && <p>No changes have been made to search yet.</p>}
      {entries && entries.length > 0 && (
        <>
          <TableWrap label="Changes to search, scrollable" busy={!current || more === 'loading'}>
            <table ref={table} tabIndex={-1} className="staff-table audit__table">
              <caption className="staff-table__caption">Changes to search, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Area</th>
                  <th scope="col">What</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry, i) => (
                  <tr key={`${entry.at}|${entry.aggregateType}|${entry.aggregateId}|${i}`}>
                    <td className="audit__when">
                      <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                    </td>
                    <td>
                      {entry.staffId === null ? (
                        '—'
                      ) : (
                        <>
                          <span className="audit__who">{entry.staffId}</span>
                          {entry.staffId === meId && ' (you)'}
                        </>
                      )}
                    </td>
                    <td>{auditArea(entry)}</td>
                    <td>{describeAuditEntry(entry, departments)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          <p role="status" className="staff-status">
            {message}
          </p>
          {moreError && (
            <p role="alert" className="staff-error">
              {moreError}
            </p>
          )}
          {!data?.complete && (
            <button
              type="button"
              className="button button--secondary audit__older"
              aria-disabled={more === 'loading' || undefined}
              onClick={() => void older()}
            >
              {more === 'loading' ? 'Loading older changes…' : 'Older changes'}
            </button>
          )}
        </>
      )}
    </div>
  );
}
