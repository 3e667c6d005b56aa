import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  discardPinDraft,
  publishPinDraft,
  savePinDraft,
  type PinBoardDraft,
  type PinHistoryBoard,
  type Pins,
} from '../api/merch';
import { isSignedOut, staffErrorMessage } from '../api/staff';
import { Outcome } from '../components/Outcome';
import { useStaffSession } from '../session';
import { ConfirmDialog } from '../synonyms/ConfirmDialog';
import {
  addProblem,
  boardDiffSummary,
  diffBoards,
  isEmptyBoardDiff,
  itemLabel,
  itemsCount,
  normalizeRedirect,
  pinsText,
  redirectChangeText,
  sameBoard,
  storeLink,
  type BoardDiff,
  type BoardState,
} from './board';

/** The draft as edited here: the pins in order and the redirect field's text. */
interface DraftWork {
  pins: string[];
  redirect: string;
}

function toDraft(work: DraftWork): PinBoardDraft {
  return { pins: work.pins, redirect: normalizeRedirect(work.redirect) };
}

function workOf(board: PinBoardDraft): DraftWork {
  return { pins: [...board.pins], redirect: board.redirect ?? '' };
}

type Action = 'save' | 'publish' | 'discard';

/**
 * A board's draft: the whole board it is to have — its pins in order and (a keyword's board)
 * its redirect — that shoppers do not get until it is published. "Start a draft" copies the
 * board as published; the draft's pins move up or down, are removed or added by product
 * number; Save draft keeps it (`SavePinDraft`), Publish (after a confirmation; saving first
 * what is not saved) makes it the board (`PublishPinDraft`, a new version), Discard throws it
 * away (`DiscardPinDraft`). What the draft changes in the published board is listed (items
 * added, removed and moved, the redirect changed), and the saved draft opens on the store
 * (`prv=draft`) for a merchandiser with preview mode on. `onChanged` is given each answer.
 */
export function DraftPanel({
  board,
  state,
  keywordBoard,
  names,
  storePage,
  onChanged,
}: {
  board: PinHistoryBoard;
  /** The board as it is now. */
  state: BoardState;
  /** A keyword's board: it may have a redirect. */
  keywordBoard: boolean;
  /** The names of the items known (the results shown), by product number. */
  names: ReadonlyMap<string, string>;
  /** The store's page of this board; null when not known. */
  storePage: string | null;
  onChanged: (answer: Pins) => void;
}) {
  const id = useId();
  const signedOut = useStaffSession((s) => s.signedOut);
  const [work, setWork] = useState<DraftWork | null>(null);
  const [busy, setBusy] = useState<Action | null>(null);
  const [said, setSaid] = useState<{ message: string; error: string | null }>({ message: '', error: null });
  const [adding, setAdding] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const addField = useRef<HTMLInputElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  /** The button to focus once the list is drawn again ('1001:up'), or 'add' for the product number. */
  const refocus = useRef<string | null>(null);

  const saved = state.draft;
  const shown: DraftWork | null = work ?? (saved ? workOf(saved) : null);
  const dirty = work !== null && (saved === null || !sameBoard(toDraft(work), saved));
  const published: PinBoardDraft = { pins: state.pins, redirect: state.redirect };
  const diff = shown ? diffBoards(published, toDraft(shown)) : null;

  useEffect(() => {
    const target = refocus.current;
    if (target === null) return;
    refocus.current = null;
    if (target === 'add') addField.current?.focus();
    else if (target === 'heading') heading.current?.focus();
    else (buttons.current.get(target) ?? heading.current)?.focus();
  });

  function say(message: string, error: string | null = null) {
    setSaid({ message, error });
  }

  function edit(next: DraftWork) {
    setWork(next);
    say('');
  }

  function start() {
    refocus.current = 'add';
    edit(workOf(published));
    say('Started a draft from the published board. It is not saved yet.');
  }

  function move(at: number, delta: number) {
    if (!shown) return;
    const pins = [...shown.pins];
    const to = at + delta;
    const item = pins[at]!;
    [pins[at], pins[to]] = [pins[to]!, pins[at]!];
    // The focus stays with the item: on the same button, else the other way.
    const stays = (delta < 0 ? to > 0 : to < pins.length - 1) ? (delta < 0 ? 'up' : 'down') : delta < 0 ? 'down' : 'up';
    refocus.current = `${item}:${stays}`;
    edit({ ...shown, pins });
  }

  function remove(at: number) {
    if (!shown) return;
    const pins = shown.pins.filter((_, i) => i !== at);
    const next = pins[at] ?? pins[at - 1];
    refocus.current = next !== undefined ? `${next}:remove` : 'add';
    edit({ ...shown, pins });
  }

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!shown) return;
    const item = adding.trim();
    const problem = addProblem(shown.pins, item);
    setAddError(problem);
    if (problem) {
      addField.current?.focus();
      return;
    }
    setAdding('');
    edit({ ...shown, pins: [...shown.pins, item] });
    say(`Added #${item} to the draft, at place ${shown.pins.length + 1}.`);
  }

  function refused(failure: unknown) {
    if (isSignedOut(failure)) {
      signedOut();
      return;
    }
    say('', staffErrorMessage(failure));
  }

  async function save() {
    if (busy !== null || !shown) return;
    setBusy('save');
    say('');
    try {
      const answer = await savePinDraft(board, toDraft(shown));
      onChanged(answer);
      setWork(null);
      const count = itemsCount(answer.draft?.pins.length ?? shown.pins.length);
      say(`Saved the draft (${count}). It is not live: publish it to show it to shoppers.`);
    } catch (failure) {
      refused(failure);
    } finally {
      setBusy(null);
    }
  }

  async function publish() {
    if (busy !== null || !shown) return;
    setBusy('publish');
    say('');
    try {
      // What is not saved yet is saved first: the server publishes the draft it keeps.
      if (dirty || saved === null) {
        onChanged(await savePinDraft(board, toDraft(shown)));
        setWork(null);
      }
      const answer = await publishPinDraft(board);
      onChanged(answer);
      setWork(null);
      setConfirming(false);
      refocus.current = 'heading';
      const redirect = answer.redirect ? ` and the redirect to ${answer.redirect}` : '';
      say(`Published the draft: shoppers get ${itemsCount(answer.pins.length)} pinned${redirect} now.`);
    } catch (failure) {
      setConfirming(false);
      refused(failure);
    } finally {
      setBusy(null);
    }
  }

  async function discard() {
    if (busy !== null) return;
    refocus.current = 'heading';
    if (saved === null) {
      setWork(null);
      say('Discarded the draft.');
      return;
    }
    setBusy('discard');
    say('');
    try {
      onChanged(await discardPinDraft(board));
      setWork(null);
      say('Discarded the draft.');
    } catch (failure) {
      refocus.current = null;
      refused(failure);
    } finally {
      setBusy(null);
    }
  }

  const button = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };
  const preview = storePage && saved ? storeLink(storePage, { prv: 'draft' }) : null;

  return (
    <section className="pin-draft" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={heading} className="pin-board__subtitle" tabIndex={-1}>
        Draft
      </h2>
      <p className="pin-draft__not-live">
        <strong>A draft is not live.</strong> Shoppers get the published pins and redirect until the draft is
        published. A board keeps one draft: all its pins, in order, and its redirect.
      </p>
      <Outcome message={said.message} error={said.error} />
      {shown === null ? (
        <>
          <p>This board has no draft.</p>
          <button type="button" className="button" onClick={start}>
            Start a draft
          </button>
        </>
      ) : (
        <>
          <p className="pin-draft__state">
            {saved === null ? 'Not saved yet.' : dirty ? 'Changes not saved yet.' : 'Saved.'}
          </p>
          <h3 id={`${id}-pins`} className="pin-draft__subheading">
            The draft’s pins, in order
          </h3>
          {shown.pins.length === 0 ? (
            <p>No item is pinned in this draft.</p>
          ) : (
            <ol className="pin-draft__list" aria-labelledby={`${id}-pins`}>
              {shown.pins.map((item, i) => {
                const label = itemLabel(item, names);
                const hidden = <span className="visually-hidden">{label} in the draft</span>;
                return (
                  <li key={item} className="pin-draft__item">
                    <span className="pin-draft__label">{label}</span>
                    <span className="pin-draft__buttons">
                      {i > 0 && (
                        <button type="button" ref={button(`${item}:up`)} onClick={() => move(i, -1)}>
                          Move up {hidden}
                        </button>
                      )}
                      {i < shown.pins.length - 1 && (
                        <button type="button" ref={button(`${item}:down`)} onClick={() => move(i, 1)}>
                          Move down {hidden}
                        </button>
                      )}
                      <button type="button" ref={button(`${item}:remove`)} onClick={() => remove(i)}>
                        Remove <span className="visually-hidden">{label} from the draft</span>
                      </button>
                    </span>
                  </li>
                );
              })}
            </ol>
          )}

          <form
            className="staff-toolbar pin-draft__add"
            aria-label="Add an item to the draft"
            onSubmit={add}
            noValidate
          >
            <div className="staff-field">
              <label htmlFor={`${id}-item`} className="staff-field__label">
                Product number
              </label>
              <input
                id={`${id}-item`}
                ref={addField}
                className="staff-input staff-input--short"
                value={adding}
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                maxLength={64}
                onChange={(e) => setAdding(e.currentTarget.value)}
                aria-invalid={addError ? true : undefined}
                aria-describedby={addError ? `${id}-item-problem` : `${id}-item-hint`}
              />
            </div>
            <button type="submit" className="button button--secondary">
              Add item
            </button>
            <p id={`${id}-item-hint`} className="staff-field__hint pin-draft__hint">
              Added at the end of the draft’s pins; move it up from there.
            </p>
            {addError && (
              <p id={`${id}-item-problem`} className="staff-field__error" role="alert">
                {addError}
              </p>
            )}
          </form>

          {keywordBoard && (
            <div className="staff-field pin-draft__redirect">
              <label htmlFor={`${id}-redirect`} className="staff-field__label">
                Redirect <span className="staff-field__required">(optional)</span>
              </label>
              <p id={`${id}-redirect-hint`} className="staff-field__hint">
                A page of this store, like /store-finder/: shoppers who search the keyword go there instead. Empty: no
                redirect.
              </p>
              <input
                id={`${id}-redirect`}
                className="staff-input"
                value={shown.redirect}
                autoComplete="off"
                spellCheck={false}
                maxLength={500}
                aria-describedby={`${id}-redirect-hint`}
                onChange={(e) => edit({ ...shown, redirect: e.currentTarget.value })}
              />
            </div>
          )}

          {diff && <DraftDiff diff={diff} names={names} />}

          <div className="pin-draft__actions">
            <button
              type="button"
              className="button"
              aria-disabled={busy !== null || undefined}
              onClick={() => void save()}
            >
              {busy === 'save' ? 'Saving…' : 'Save draft'}
            </button>
            <button
              type="button"
              className="button"
              aria-disabled={busy !== null || undefined}
              onClick={() => {
                if (busy === null) setConfirming(true);
              }}
            >
              Publish
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={busy !== null || undefined}
              onClick={() => void discard()}
            >
              {busy === 'discard' ? 'Discarding…' : 'Discard'}
            </button>
          </div>

          {preview && (
            <p className="pin-draft__preview">
              <a href={preview} target="_blank" rel="noopener noreferrer">
                Preview draft on the store <span className="visually-hidden">(opens in a new tab)</span>
              </a>{' '}
              <span className="staff-field__hint">
                Preview mode must be on (“Preview the store”, above) for the store to show you the draft; shoppers never
                see it. It shows the saved draft{dirty ? ': save your changes first' : ''}.
              </span>
            </p>
          )}
          {storePage && !saved && <p className="staff-field__hint">Save the draft to preview it on the store.</p>}
        </>
      )}

      <ConfirmDialog
        open={confirming}
        title="Publish the draft?"
        confirmLabel="Publish"
        busy={busy === 'publish'}
        busyLabel="Publishing…"
        onConfirm={() => void publish()}
        onCancel={() => setConfirming(false)}
      >
        {shown && (
          <p>
            Shoppers will get these pins at once: {pinsText(shown.pins)}; redirect:{' '}
            {(keywordBoard && normalizeRedirect(shown.redirect)) || 'none'}.
            {dirty || saved === null ? ' The changes not saved yet are saved first.' : ''}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

/** What the draft changes in the published board. */
function DraftDiff({ diff, names }: { diff: BoardDiff; names: ReadonlyMap<string, string> }) {
  const id = useId();
  return (
    <div className="pin-diff">
      <h3 id={id} className="pin-draft__subheading">
        Changes from the published board
      </h3>
      <p className="pin-diff__summary">
        {isEmptyBoardDiff(diff) ? 'The same as the published board.' : `${boardDiffSummary(diff)}.`}
      </p>
      <DiffList
        label="Added"
        lines={diff.added.map((p) => `${itemLabel(p.item, names)}, at place ${p.place}`)}
        kind="added"
      />
      <DiffList
        label="Removed"
        lines={diff.removed.map((p) => `${itemLabel(p.item, names)}, was at place ${p.place}`)}
        kind="removed"
      />
      <DiffList
        label="Moved"
        lines={diff.moved.map((m) => `${itemLabel(m.item, names)}: place ${m.from} → place ${m.to}`)}
        kind="moved"
      />
      {diff.redirect && <DiffList label="Redirect" lines={[redirectChangeText(diff.redirect)]} kind="redirect" />}
    </div>
  );
}

function DiffList({ label, lines, kind }: { label: string; lines: string[]; kind: string }) {
  const id = useId();
  if (lines.length === 0) return null;
  return (
    <div className="pin-diff__group" data-kind={kind}>
      <h4 id={id} className="pin-diff__label">
        {label} ({lines.length})
      </h4>
      <ul aria-labelledby={id} className="pin-diff__list">
        {lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
