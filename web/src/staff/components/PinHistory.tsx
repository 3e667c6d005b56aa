import { useEffect, useId, useState } from 'react';
import {
  fetchPinHistory,
  pinRule,
  REDIRECT_RULE,
  restorePins,
  type PinBoardVersion,
  type PinHistoryBoard,
  type PinSchedules,
} from '../api/merch';
import { staffErrorMessage } from '../api/staff';
import { formatDateTime } from '../format';
import {
  formatWindow,
  isScheduled,
  itemsCount,
  keywordPage,
  pinsText,
  ruleName,
  scheduledRule,
  storeLink,
} from '../pins/board';
import { ConfirmDialog } from '../synonyms/ConfirmDialog';
import { TableWrap } from './TableWrap';

/**
 * What a version's change was, in words: 'Pinned an item', 'Draft saved (3 items)', 'Scheduled
 * 100234 from Dec 20, 9:00 AM until Dec 27'. A schedule's rule is found by comparing with the
 * version before (`previous`, when known).
 */
export function describeChange(version: PinBoardVersion, previous?: PinBoardVersion | null): string {
  switch (version.eventType) {
    case 'Pinned':
      return 'Pinned an item';
    case 'Unpinned':
      return 'Unpinned an item';
    case 'PinsReordered':
      return 'Reordered the pins';
    case 'RedirectSet':
      return `Redirected to ${version.redirect ?? 'a page'}`;
    case 'RedirectRemoved':
      return 'Removed the redirect';
    case 'BoardRestored':
      return 'Restored an earlier version';
    case 'DraftSaved': {
      const draft = version.draft;
      if (!draft) return 'Draft saved';
      const redirect = draft.redirect ? `, redirect to ${draft.redirect}` : '';
      return `Draft saved (${itemsCount(draft.pins.length)}${redirect})`;
    }
    case 'DraftDiscarded':
      return 'Draft discarded';
    case 'DraftPublished':
      return 'Draft published';
    case 'RuleScheduled': {
      const scheduled = scheduledRule(version, previous);
      if (!scheduled) return 'Changed a schedule';
      const name = ruleName(scheduled.rule);
      return isScheduled(scheduled.window)
        ? `Scheduled ${name} ${formatWindow(scheduled.window)}`
        : `Scheduled ${name} to apply always`;
    }
    default:
      return version.eventType;
  }
}

/** The pins with their windows: '#1002 (from Dec 20 until Dec 27), #1001'; 'no pins'. */
function pinsWithWindows(pins: readonly string[], schedules: PinSchedules): string {
  if (pins.length === 0) return 'no pins';
  return pins
    .map((p) => {
      const window = schedules[pinRule(p)];
      return isScheduled(window) ? `#${p} (${formatWindow(window)})` : `#${p}`;
    })
    .join(', ');
}

function redirectText(version: PinBoardVersion): string {
  if (version.redirect === null) return 'None';
  const window = version.schedules[REDIRECT_RULE];
  return isScheduled(window) ? `${version.redirect} (${formatWindow(window)})` : version.redirect;
}

function draftText(version: PinBoardVersion): string {
  const draft = version.draft;
  if (!draft) return 'None';
  return draft.redirect ? `${pinsText(draft.pins)}; redirect: ${draft.redirect}` : pinsText(draft.pins);
}

/**
 * A board's versions in the console (`GET /api/staff/merch/pins/history`): each change with
 * the pins and redirect it left (and when each applies, when scheduled), the draft waiting
 * then, who made it and when, "Preview" (the store's page as it was at that version,
 * `prv=pins-N`, for a merchandiser with preview mode on) and "Restore this version" (after a
 * confirmation) for each older one (`POST /api/staff/merch/RestorePins`, a new version).
 * `reload` changes whenever the board changed elsewhere on the page; `onRestored` is told
 * after a restore, `onLoaded` each time the versions are read (null when they could not be).
 */
export function PinHistory({
  board,
  reload,
  onRestored,
  onLoaded,
  storePage,
}: {
  board: PinHistoryBoard;
  reload: number;
  onRestored: (message: string) => void;
  onLoaded?: (versions: PinBoardVersion[] | null) => void;
  /** The store's page of this board; a keyword's search when absent, none for a landing page. */
  storePage?: string | null;
}) {
  const headingId = useId();
  const key = 'keyword' in board ? `kw:${board.keyword}` : `lp:${board.lp}`;
  const [loaded, setLoaded] = useState<{ key: string; versions: PinBoardVersion[] | null; error: string | null }>();
  const [restoring, setRestoring] = useState<PinBoardVersion | null>(null);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchPinHistory(board, controller.signal).then(
      (versions) => {
        if (controller.signal.aborted) return;
        setLoaded({ key, versions, error: null });
        onLoaded?.(versions);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({ key, versions: null, error: staffErrorMessage(error) });
        onLoaded?.(null);
      },
    );
    return () => controller.abort();
    // The board is named by its key; `reload` reads it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, reload]);

  async function restore(version: PinBoardVersion) {
    setBusy(true);
    setRefused(null);
    try {
      await restorePins(board, version.version);
      setRestoring(null);
      onRestored(`Version ${version.version} is back: ${pinsText(version.pins)}.`);
    } catch (error) {
      setRefused(staffErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const current = loaded?.key === key ? loaded : undefined;
  const versions = current?.versions ?? [];
  const page = storePage !== undefined ? storePage : 'keyword' in board ? keywordPage(board.keyword) : null;
  return (
    <section className="pin-history" aria-labelledby={headingId}>
      <h2 id={headingId} className="pin-board__subtitle">
        History of this board
      </h2>
      {current === undefined && (
        <p role="status" className="page-loading">
          Loading the history…
        </p>
      )}
      {current?.error && <p role="alert">{current.error}</p>}
      {current && !current.error && versions.length === 0 && <p>No pin or redirect has been set for this board.</p>}
      {versions.length > 0 && (
        <TableWrap label="Versions of this board, scrollable">
          <table className="staff-table">
            <caption className="visually-hidden">Versions of this board, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Change</th>
                <th scope="col">Pins, in order</th>
                <th scope="col">Redirect</th>
                <th scope="col">Draft</th>
                <th scope="col">Who</th>
                <th scope="col">When</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {versions.map((v, i) => (
                <tr key={v.version}>
                  <th scope="row">{v.version}</th>
                  <td>{describeChange(v, versions[i + 1])}</td>
                  <td>{pinsWithWindows(v.pins, v.schedules)}</td>
                  <td>{redirectText(v)}</td>
                  <td>{draftText(v)}</td>
                  <td>{v.staffId ?? 'Unknown'}</td>
                  <td>{formatDateTime(v.at)}</td>
                  <td className="pin-history__actions">
                    {page && (
                      <a
                        href={storeLink(page, { prv: `pins-${v.version}` })}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        Preview{' '}
                        <span className="visually-hidden">version {v.version} on the store (opens in a new tab)</span>
                      </a>
                    )}
                    {i === 0 ? (
                      <span>Current</span>
                    ) : (
                      <button type="button" className="button button--secondary" onClick={() => setRestoring(v)}>
                        Restore <span className="visually-hidden">version {v.version}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      <ConfirmDialog
        open={restoring !== null}
        title={restoring ? `Restore version ${restoring.version}?` : 'Restore'}
        confirmLabel="Restore"
        busy={busy}
        busyLabel="Restoring…"
        onConfirm={() => restoring && void restore(restoring)}
        onCancel={() => {
          setRestoring(null);
          setRefused(null);
        }}
      >
        {restoring && (
          <p>
            Shoppers will get these pins at once: {pinsText(restoring.pins)}; redirect:{' '}
            {restoring.redirect ?? 'none'}.
          </p>
        )}
        {refused && <p role="alert">{refused}</p>}
      </ConfirmDialog>
    </section>
  );
}
