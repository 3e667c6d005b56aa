import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { NetworkError } from '../../shared/api/client';
import { updatePins, type PinAction } from '../api/merch';
import { fetchStaffMe, staffErrorMessage, type StaffMe } from '../api/staff';
import { signInUrl, STAFF_HOME, STAFF_PATHS } from '../paths';
import {
  boardFromLocation,
  boardKey,
  boardLabel,
  boardRequest,
  hawkIds,
  pageSearchQuery,
  previewParams,
  withParam,
  type PreviewBoard,
} from './board';
import { CardControls, type CardAction, type CardControl, type HandleCommand } from './CardControls';
import { setPreview } from './cookie';
import {
  findCards,
  findWidgets,
  isOwnMutation,
  pageHeading,
  sameCards,
  sameWidgets,
  shownPins,
  type PreviewCard,
  type PreviewWidget,
} from './dom';
import { usePinDrag } from './drag';
import { ExplainDialog } from './ExplainDialog';
import { saveFlash, type Flash } from './flash';
import { droppedOrder, knownPins, movedOrder, rememberPins } from './order';
import { WidgetControls, WidgetRulesDialog } from './WidgetRules';

type Session =
  | { status: 'loading' }
  | { status: 'ready'; me: StaffMe }
  | { status: 'signedOut' }
  | { status: 'error' };

interface Page {
  pathname: string;
  search: string;
  heading: string | null;
  cards: PreviewCard[];
  widgets: PreviewWidget[];
}

function readPage(): Page {
  return {
    pathname: window.location.pathname,
    search: window.location.search,
    heading: pageHeading(),
    cards: findCards(),
    widgets: findWidgets(),
  };
}

function samePage(a: Page, b: Page): boolean {
  return (
    a.pathname === b.pathname &&
    a.search === b.search &&
    a.heading === b.heading &&
    sameCards(a.cards, b.cards) &&
    sameWidgets(a.widgets, b.widgets)
  );
}

/** How the page is loaded again or left (a seam for tests: jsdom does not navigate). */
export interface Navigation {
  reload: () => void;
  assign: (url: string) => void;
}

const BROWSER: Navigation = {
  reload: () => window.location.reload(),
  assign: (url) => window.location.assign(url),
};

function pinsSentence(pins: readonly string[]): string {
  const n = pins.length;
  return n === 0 ? 'No items are pinned.' : `${n} ${n === 1 ? 'item is' : 'items are'} pinned.`;
}

/** The pins page of the console for this board, or null (a landing page by URL: the page lists it). */
function pinsPage(board: PreviewBoard | null): string {
  if (board?.kind === 'keyword') return `${STAFF_PATHS.pins}?keyword=${encodeURIComponent(board.keyword)}`;
  if (board?.kind === 'landing') return `${STAFF_PATHS.pins}?lp=${encodeURIComponent(board.lp)}`;
  if (board?.kind === 'landingUrl') return `${STAFF_PATHS.pins}?lp=${encodeURIComponent(board.url)}`;
  return STAFF_PATHS.pins;
}

/**
 * Preview mode on the shoppers' pages (the staff preview script, /staff-preview.js, which the
 * server adds to the page for a signed-in merchandiser with the preview cookie): a bar at the
 * top of the page — who is previewing, the board pins go to, the synonym rules searched with
 * (the published ones, or with the drafts: `prv=draft`) and the day (`HawkDate`), Turn off
 * preview — in each result card the merchandiser's controls (CardControls) and Explain, and
 * for a merchandiser at the top of each recommendation widget "Why these products?", the
 * strategy and rule behind the widget's products (WidgetRules). Pinned cards are reordered
 * with Move up / Move down, or by dragging a card's handle onto another pinned card (drag.ts).
 *
 * The page is the shoppers' own app, enhanced from outside: a MutationObserver follows its
 * result cards and widgets through loading and the SPA's navigations (dom.ts). A pin change
 * (`POST /api/staff/merch/…` with the session and its anti-forgery token) loads the page
 * again, so its results show the pins as shoppers now get them; the outcome is said once the
 * page is back and the focus returns to the card's controls (flash.ts).
 */
export function PreviewApp({ flash = null, navigation = BROWSER }: { flash?: Flash | null; navigation?: Navigation }) {
  const bar = useRef<HTMLDivElement>(null);
  const [session, setSession] = useState<Session>({ status: 'loading' });
  const [page, setPage] = useState<Page>(readPage);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [explaining, setExplaining] = useState<PreviewCard | null>(null);
  const [explainingWidget, setExplainingWidget] = useState<PreviewWidget | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const pendingFocus = useRef(flash?.blainNumber ? flash : null);

  useEffect(() => {
    const controller = new AbortController();
    fetchStaffMe(controller.signal).then(
      (me) => !controller.signal.aborted && setSession({ status: 'ready', me }),
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setSession({ status: failure instanceof NetworkError && failure.status === 401 ? 'signedOut' : 'error' });
      },
    );
    return () => controller.abort();
  }, []);

  // The page's cards, heading and address, read again whenever the page changes.
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = readPage();
      setPage((previous) => (samePage(previous, next) ? previous : next));
    };
    const schedule = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    const observer = new MutationObserver((records) => {
      if (records.some((record) => !isOwnMutation(record, bar.current))) schedule();
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-pinned', 'data-blain-number', 'data-widget-guid'],
    });
    window.addEventListener('popstate', schedule);
    schedule();
    return () => {
      observer.disconnect();
      window.removeEventListener('popstate', schedule);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, []);

  // The bar is fixed at the top: the page keeps its height free (preview.css).
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const set = () => root.style.setProperty('--staff-preview-height', `${element.offsetHeight}px`);
    set();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(set);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The last change's outcome, said once the page is back (a live region says what changes in it).
  useEffect(() => {
    if (!flash) return;
    const timer = window.setTimeout(() => setMessage(flash.message), 300);
    return () => window.clearTimeout(timer);
  }, [flash]);

  const merchandiser = session.status === 'ready' && session.me.roles.includes('merchandiser');
  const board = boardFromLocation(page.pathname, page.search, page.cards.length > 0);
  const shown = shownPins(page.cards);
  const canPin = merchandiser && board !== null;

  // The focus back on the changed card's controls, once the page lists it again.
  useEffect(() => {
    const wanted = pendingFocus.current;
    if (!wanted || !merchandiser || page.cards.length === 0) return;
    pendingFocus.current = null;
    const card = page.cards.find((c) => c.blainNumber === wanted.blainNumber);
    if (!card) return;
    // A card moved to an end has lost the button it was moved with: the other move button.
    const tried = wanted.action === 'up' ? ['up', 'down'] : wanted.action === 'down' ? ['down', 'up'] : [wanted.action ?? ''];
    const target =
      tried
        .map((action) => card.host.querySelector<HTMLElement>(`[data-preview-action="${action}"]`))
        .find((found) => found !== null) ?? card.host.querySelector<HTMLElement>('button');
    target?.focus();
  }, [page.cards, merchandiser]);

  const runChange = useCallback(
    async (card: PreviewCard, action: PinAction, change: { itemId?: string; itemList?: string[] }, done: string, focus: CardControl) => {
      if (!board) return;
      const key = boardKey(board);
      setBusy(true);
      setMessage('');
      setError(null);
      try {
        const pins = await updatePins(
          action,
          { ...boardRequest(board), ...hawkIds(page.search) },
          null,
          change,
        );
        rememberPins(key, pins);
        saveFlash({ message: `${done} ${pinsSentence(pins)}`, blainNumber: card.blainNumber, action: focus });
        setMessage(`${done} Loading the results again…`);
        navigation.reload();
      } catch (failure) {
        // A refused order may come from pins this tab no longer knows: the next one is built afresh.
        if (failure instanceof NetworkError && failure.status !== undefined && failure.status < 500) rememberPins(key, null);
        if (failure instanceof NetworkError && failure.status === 401) setSession({ status: 'signedOut' });
        setError(staffErrorMessage(failure));
        setBusy(false);
      }
    },
    [board, page.search, navigation],
  );

  function onAction(card: PreviewCard, action: CardAction) {
    if (action === 'explain') {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setExplaining(card);
      return;
    }
    if (busy || !board) return;
    const name = `“${card.name}”`;
    switch (action) {
      case 'pin':
        void runChange(card, 'AddItemToTop', { itemId: card.blainNumber }, `Pinned ${name} to the top.`, 'unpin');
        break;
      case 'unpin':
        void runChange(card, 'UnpinItem', { itemId: card.blainNumber }, `Unpinned ${name}.`, 'pin');
        break;
      case 'up':
      case 'down': {
        const order = movedOrder(knownPins(boardKey(board)), shown, card.blainNumber, action === 'up' ? -1 : 1);
        if (order === null) return;
        void runChange(
          card,
          'UpdateItemPinOrder',
          { itemList: order },
          `Moved ${name} ${action === 'up' ? 'up' : 'down'}.`,
          action,
        );
        break;
      }
    }
  }

  /**
   * The pinned card dropped at `gap` among the shown pins (a drag of its handle, or Home / End
   * on it): the board's whole new order, as Move up / Move down send; the focus comes back to
   * the handle.
   */
  function drop(card: PreviewCard, gap: number) {
    if (busy || !board) return;
    const moved = droppedOrder(knownPins(boardKey(board)), shown, card.blainNumber, gap);
    if (moved === null) return;
    void runChange(
      card,
      'UpdateItemPinOrder',
      { itemList: moved.order },
      `Moved “${card.name}” to pin ${moved.place + 1} of ${shown.length}.`,
      'drag',
    );
  }

  const pinDrag = usePinDrag({ cards: page.cards, shown, disabled: busy || !canPin, onDrop: drop });

  /** The drag handle from the keyboard (CardControls): a move, or how to move the card, said in the bar. */
  function onHandle(card: PreviewCard, command: HandleCommand) {
    if (!board) return;
    const name = `“${card.name}”`;
    const at = shown.indexOf(card.blainNumber);
    if (command === 'help') {
      setMessage(
        `To move ${name}, drag it onto another pinned card, or press the Up or Down arrow key (Home or End: to the first or last pin).`,
      );
      return;
    }
    if (busy || at < 0) return;
    const gap = { up: at - 1, down: at + 2, first: 0, last: shown.length }[command];
    if (gap < 0 || gap > shown.length || (gap >= at && gap <= at + 1)) {
      setMessage(`${name} is already pin ${at + 1} of ${shown.length}.`);
      return;
    }
    if (command === 'up' || command === 'down') {
      const order = movedOrder(knownPins(boardKey(board)), shown, card.blainNumber, command === 'up' ? -1 : 1);
      if (order === null) return;
      void runChange(card, 'UpdateItemPinOrder', { itemList: order }, `Moved ${name} ${command}.`, 'drag');
      return;
    }
    drop(card, gap);
  }

  function closeExplain() {
    setExplaining(null);
    const target = opener.current;
    opener.current = null;
    if (target && document.contains(target)) target.focus();
  }

  function openWidgetRules(widget: PreviewWidget, button: HTMLElement) {
    opener.current = button;
    setExplainingWidget(widget);
  }

  function closeWidgetRules() {
    const widget = explainingWidget;
    setExplainingWidget(null);
    const target = opener.current;
    opener.current = null;
    if (target && document.contains(target)) {
      target.focus();
      return;
    }
    // The widget drawn anew meanwhile: its button now.
    const again = page.widgets.find((w) => w.guid === widget?.guid);
    again?.host.querySelector<HTMLElement>('[data-preview-action="rules"]')?.focus();
  }

  function turnOff() {
    setPreview(false);
    navigation.reload();
  }

  function go(search: string) {
    navigation.assign(`${page.pathname}${search}${window.location.hash}`);
  }

  const params = previewParams(page.search);
  const label = board ? boardLabel(board, page.heading) : null;
  const here = `${page.pathname}${page.search}`;

  return (
    <>
      <div ref={bar} className="staff-preview-bar" role="region" aria-label="Store preview">
        <div className="staff-preview-bar__row">
          <p className="staff-preview-bar__who">
            <strong>Preview</strong> —{' '}
            {session.status === 'loading' && 'checking who is signed in…'}
            {session.status === 'ready' && (
              <>
                signed in as {session.me.firstName ?? session.me.staffId}
                {merchandiser ? ' (merchandiser)' : ', without the merchandiser role: no pin controls'}
              </>
            )}
            {session.status === 'signedOut' && (
              <>
                your staff session has ended. <a href={signInUrl(here)}>Sign in</a>
              </>
            )}
            {session.status === 'error' && 'who is signed in could not be checked: no pin controls.'}
          </p>
          {merchandiser && (
            <p className="staff-preview-bar__board">
              {label ? (
                <>
                  Pins for <strong>{label}</strong> · <a href={pinsPage(board)}>Pins page</a>
                </>
              ) : (
                'Search for a keyword or open a department to pin results.'
              )}
            </p>
          )}
          <a className="staff-preview-bar__console" href={STAFF_HOME}>
            Staff console
          </a>
          <button type="button" className="staff-preview-button" onClick={turnOff}>
            Turn off preview
          </button>
        </div>
        {merchandiser && (
          <div className="staff-preview-bar__row">
            <SynonymsSwitch
              drafts={params.drafts}
              version={params.version}
              onChange={(prv) => go(withParam(page.search, 'prv', prv))}
            />
            <DayForm key={params.day ?? ''} day={params.day} onApply={(day) => go(withParam(page.search, 'HawkDate', day))} />
          </div>
        )}
        <p role="status" className="staff-preview-bar__status">
          {message}
        </p>
        {error && (
          <p role="alert" className="staff-preview-error">
            {error}
          </p>
        )}
      </div>
      {session.status === 'ready' &&
        page.cards.map((card) =>
          createPortal(
            <CardControls
              card={card}
              shown={shown}
              canPin={canPin}
              busy={busy}
              drag={pinDrag.drag}
              dragHandle={pinDrag.handle}
              onAction={onAction}
              onHandle={onHandle}
            />,
            card.host,
            card.blainNumber,
          ),
        )}
      {merchandiser &&
        page.widgets.map((widget, i) =>
          createPortal(<WidgetControls widget={widget} onOpen={openWidgetRules} />, widget.host, `${i}:${widget.guid}`),
        )}
      {explaining && (
        <ExplainDialog card={explaining} query={pageSearchQuery(page.pathname, page.search)} onClose={closeExplain} />
      )}
      {explainingWidget && <WidgetRulesDialog widget={explainingWidget} onClose={closeWidgetRules} />}
    </>
  );
}

/** Synonyms: the published rules, or with the drafts (`prv=draft`); a version asked in the address shows too. */
function SynonymsSwitch({
  drafts,
  version,
  onChange,
}: {
  drafts: boolean;
  version: string | null;
  onChange: (prv: string | null) => void;
}) {
  const name = useId();
  const current = drafts ? 'draft' : (version ?? '');
  const option = (value: string, text: string) => (
    <label className="staff-preview-bar__option">
      <input
        type="radio"
        name={name}
        value={value}
        checked={current === value}
        onChange={() => onChange(value === '' ? null : value)}
      />{' '}
      {text}
    </label>
  );
  return (
    <fieldset className="staff-preview-bar__rules">
      <legend>Synonyms</legend>
      {option('', 'Published')}
      {option('draft', 'With drafts')}
      {version !== null && option(version, `Version ${version}`)}
    </fieldset>
  );
}

/** The day the scheduled synonym rules are taken at (`HawkDate`); none: now. */
function DayForm({ day, onApply }: { day: string | null; onApply: (day: string | null) => void }) {
  const id = useId();
  const [value, setValue] = useState(day ?? '');
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply(/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);
  }
  return (
    <form className="staff-preview-bar__day" aria-label="Preview day" onSubmit={onSubmit}>
      <label htmlFor={id}>Rules as of</label>
      <input id={id} type="date" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
      <button type="submit" className="staff-preview-button">
        Apply
      </button>
      {day && (
        <button type="button" className="staff-preview-button" onClick={() => onApply(null)}>
          Now
        </button>
      )}
    </form>
  );
}
