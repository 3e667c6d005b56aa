import { useEffect, useId, useState } from 'react';
import { fetchPinHistory, restorePins, type PinBoardVersion, type PinHistoryBoard } from '../api/merch';
import { staffErrorMessage } from '../api/staff';
import { formatDateTime } from '../format';
import { ConfirmDialog } from '../synonyms/ConfirmDialog';

/** What a version's change was, in words. */
export function describeChange(version: PinBoardVersion): string {
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
    default:
      return version.eventType;
  }
}

/**
 * A board's versions in the console (`GET /api/staff/merch/pins/history`): each change with
 * the pins and redirect it left, who made it and when, and "Restore this version" (after a
 * confirmation) for each older one (`POST /api/staff/merch/RestorePins`, a new version).
 * `reload` changes whenever the board changed elsewhere on the page; `onRestored` is told
 * after a restore.
 */
export function PinHistory({
  board,
  reload,
  onRestored,
}: {
  board: PinHistoryBoard;
  reload: number;
  onRestored: (message: string) => void;
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
        if (!controller.signal.aborted) setLoaded({ key, versions, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ key, versions: null, error: staffErrorMessage(error) });
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
        <div className="staff-table-wrap" tabIndex={0} role="region" aria-label="Versions of this board, scrollable">
          <table className="staff-table">
            <caption className="visually-hidden">Versions of this board, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Change</th>
                <th scope="col">Pins, in order</th>
                <th scope="col">Redirect</th>
                <th scope="col">Who</th>
                <th scope="col">When</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {versions.map((v, i) => (
                <tr key={v.version}>
                  <th scope="row">{v.version}</th>
                  <td>{describeChange(v)}</td>
                  <td>{pinsText(v.pins)}</td>
                  <td>{v.redirect ?? 'None'}</td>
                  <td>{v.staffId ?? 'Unknown'}</td>
                  <td>{formatDateTime(v.at)}</td>
                  <td>
                    {i === 0 ? (
                      'Current'
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
        </div>
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

function pinsText(pins: readonly string[]): string {
  return pins.length === 0 ? 'no pins' : pins.map((p) => `#${p}`).join(', ');
}
