import { useEffect, useId, useState, type FormEvent } from 'react';
import { fetchSearch, isNotFound, type SearchAnswer, type SearchItem } from '../../shared/api/search';
import { GENERIC_ERROR_MESSAGE } from '../../shared/ui/errors';
import { pinRule, type PinAction, type PinBoardRef, type Pins } from '../api/merch';
import { MerchPanel, PinControls, runPinAction, useMerchToken } from '../components/MerchTools';
import { PinHistory } from '../components/PinHistory';
import { PreviewSwitch } from '../components/PreviewSwitch';
import { boardNow, boardOfAnswer, isScheduled, type BoardState } from '../pins/board';
import { DraftPanel } from '../pins/DraftPanel';
import { SchedulesPanel, windowText } from '../pins/SchedulesPanel';

/**
 * The board the page shows, all of it in the address: `?keyword=rope`, or a landing page
 * `?lp=` (a department's id or URL), and the hawk ids a pin carries (`hawkb`, `hawkaid`,
 * `hawkp`).
 */
export interface BoardQuery {
  keyword: string | null;
  lp: string | null;
  hawkb: string | null;
  hawkaid: string | null;
  hawkp: string | null;
}

const HAWK_PARAMS = ['hawkb', 'hawkaid', 'hawkp'] as const;

function param(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value ? value : null;
}

export function readBoardQuery(search: string): BoardQuery {
  const params = new URLSearchParams(search);
  return {
    keyword: param(params, 'keyword'),
    lp: param(params, 'lp'),
    hawkb: param(params, 'hawkb'),
    hawkaid: param(params, 'hawkaid'),
    hawkp: param(params, 'hawkp'),
  };
}

/** The query string of a board: this page's address and the search it asks for. */
export function boardQueryString(query: BoardQuery): string {
  const parts: string[] = [];
  const add = (name: string, value: string | null) => {
    if (value !== null) parts.push(`${name}=${encodeURIComponent(value)}`);
  };
  add('keyword', query.keyword);
  add('lp', query.lp);
  for (const name of HAWK_PARAMS) add(name, query[name]);
  return parts.join('&');
}

/** Where a shopper sees these results. */
function shopperUrl(query: BoardQuery, answer: SearchAnswer | null): string | null {
  if (query.lp !== null) return answer?.landing?.url || null;
  return query.keyword === null ? null : `/s/?keyword=${encodeURIComponent(query.keyword)}`;
}

interface Loaded {
  request: string;
  attempt: number;
  status: 'ready' | 'error' | 'notfound';
  /** Null when the server answers 204 (nothing to list). */
  answer: SearchAnswer | null;
}

/** The board as read: the key of the board it is of, and it (or 'error' when it could not be read). */
interface BoardRead {
  key: string;
  state: BoardState | 'error';
}

/**
 * /staff/merch/pins/?keyword=… (and /staff.html?keyword=…) — a merchandiser's pins for a
 * keyword (or a landing page, `?lp=`): the first page of its results as shoppers get them (best
 * match first, pins on top) and pin to the top, unpin and move pins up or down
 * (`POST /api/staff/merch/…`). In the console (`session`) the signed-in merchandiser's session
 * pins, "Preview the store" turns preview mode on (the same controls on the store's own
 * pages), and the board has a draft (a whole board shoppers do not get until it is
 * published), schedules (when each pin and the redirect apply) and its history, all read from
 * the board's versions (the newest is the board now); on /staff.html a pasted staff token pins.
 */
export function PinBoardPage({ session = false }: { session?: boolean }) {
  const keywordId = useId();
  const headingId = useId();
  const [query, setQuery] = useState(() => readBoardQuery(window.location.search));
  const [text, setText] = useState(query.keyword ?? '');
  const [token, setToken] = useMerchToken();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [boardRead, setBoardRead] = useState<BoardRead | null>(null);

  // Back and Forward show the board of that address.
  useEffect(() => {
    const onPopState = () => {
      const next = readBoardQuery(window.location.search);
      setQuery(next);
      setText(next.keyword ?? '');
      setMessage(null);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const request = query.keyword !== null || query.lp !== null ? boardQueryString(query) : null;

  useEffect(() => {
    if (request === null) return;
    const controller = new AbortController();
    fetchSearch(request, controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setLoaded({ request, attempt, status: 'ready', answer });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded((previous) => ({
          request,
          attempt,
          status: isNotFound(error) ? 'notfound' : 'error',
          answer: previous?.request === request ? previous.answer : null,
        }));
      },
    );
    return () => controller.abort();
  }, [request, attempt]);

  // The answer for this board, kept on screen while it is read again after a pin.
  const answer = loaded !== null && loaded.request === request ? loaded.answer : null;
  const current = loaded !== null && loaded.request === request && loaded.attempt === attempt;
  const status = request === null ? 'idle' : current ? loaded.status : 'loading';
  const items: SearchItem[] = answer?.items ?? [];
  const pinnedOrder = items.filter((i) => i.pinned).map((i) => i.blainNumber);
  const shopper = shopperUrl(query, answer);
  const title = query.lp !== null ? answer?.landing?.name || `Landing page ${query.lp}` : query.keyword;
  const canPin = session || token !== '';
  // The board whose versions the console lists: the keyword's, else the landing page's.
  const landingId = answer?.landing?.id;
  const historyBoard =
    request === null || status === 'notfound'
      ? null
      : query.keyword !== null
        ? { keyword: answer?.keyword ?? query.keyword }
        : landingId !== undefined
          ? { lp: String(landingId) }
          : null;
  const historyKey =
    historyBoard === null ? null : 'keyword' in historyBoard ? `kw:${historyBoard.keyword}` : `lp:${historyBoard.lp}`;
  const boardState = boardRead !== null && boardRead.key === historyKey ? boardRead.state : null;
  const known = boardState !== null && boardState !== 'error' ? boardState : null;
  const names = new Map(items.map((i) => [i.blainNumber, i.name]));

  /** A draft or schedule changed: the board as answered, the results and the history read again. */
  function onBoardChanged(answer: Pins) {
    if (historyKey !== null) setBoardRead({ key: historyKey, state: boardOfAnswer(answer) });
    setAttempt((n) => n + 1);
  }

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const keyword = text.trim();
    const next: BoardQuery = { keyword: keyword || null, lp: null, hawkb: null, hawkaid: null, hawkp: null };
    const search = boardQueryString(next);
    setMessage(null);
    // The same board again: read it again.
    if (search === request) {
      setAttempt((n) => n + 1);
      return;
    }
    window.history.pushState(null, '', `${window.location.pathname}${search ? `?${search}` : ''}`);
    setQuery(next);
  }

  async function onPinAction(action: PinAction, change: { itemId?: string; itemList?: string[] }) {
    setBusy(true);
    const landingId = answer?.landing?.id;
    const board: PinBoardRef = {
      keyword: answer?.keyword ?? query.keyword,
      lp: query.lp !== null && landingId !== undefined ? String(landingId) : null,
      hawkb: query.hawkb,
      hawkaid: query.hawkaid,
      hawkp: query.hawkp,
    };
    const outcome = await runPinAction(action, board, session ? null : token, change);
    setBusy(false);
    setMessage(outcome);
    // The results again, with the pins as they are now.
    setAttempt((n) => n + 1);
  }

  return (
    <div className="pin-board">
      <title>{title ? `Pins: ${title} | Storefront staff` : 'Pins | Storefront staff'}</title>
      <h1 className="pin-board__title">Pins</h1>
      {session && <PreviewSwitch />}
      <MerchPanel token={token} onToken={setToken} message={message} session={session} />

      <form className="pin-board__search" role="search" aria-label="Board" onSubmit={onSearch}>
        <label htmlFor={keywordId}>Keyword</label>
        <input
          id={keywordId}
          type="search"
          name="keyword"
          value={text}
          maxLength={150}
          autoComplete="off"
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <button type="submit" className="button">
          Show results
        </button>
      </form>

      {status === 'idle' && <p>Enter a keyword to see its results and pins.</p>}
      {status === 'loading' && !answer && (
        <p role="status" className="page-loading">
          Loading results…
        </p>
      )}
      {status === 'notfound' && <p role="alert">There is no such landing page.</p>}
      {status === 'error' && (
        <div role="alert" className="pin-board__error">
          <p>{GENERIC_ERROR_MESSAGE}</p>
          <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}

      {request !== null && (status === 'ready' || answer) && (
        <section className="pin-board__results" aria-labelledby={headingId} aria-busy={status === 'loading' || undefined}>
          <h2 id={headingId} className="pin-board__subtitle">
            Results for {query.lp !== null ? title : `“${query.keyword}”`}
          </h2>
          <p className="pin-board__count">
            {items.length === 0
              ? 'No results.'
              : `The first ${items.length} of ${answer?.total ?? items.length} results; ${pinnedOrder.length} pinned.`}
            {shopper && (
              <>
                {' '}
                <a href={shopper}>See the shoppers’ page</a>
              </>
            )}
          </p>
          {!canPin && items.length > 0 && <p>Enter a merchandiser token above to pin, unpin and move results.</p>}
          <ol className="pin-board__list">
            {items.map((item) => (
              <li key={item.blainNumber} className="pin-board__item" data-pinned={item.pinned || undefined}>
                {item.thumbnail ? (
                  <img src={item.thumbnail} alt="" width={48} height={48} loading="lazy" className="pin-board__image" />
                ) : (
                  <span className="pin-board__image" aria-hidden="true" />
                )}
                <div className="pin-board__text">
                  <a href={item.url}>{item.name}</a>
                  <span className="pin-board__meta">
                    #{item.blainNumber} · {item.price}
                    {item.pinned && <strong className="pin-board__pinned"> · Pinned</strong>}
                    {known && isScheduled(known.schedules[pinRule(item.blainNumber)]) && (
                      <span className="pin-board__window">
                        {' '}
                        · Pin applies {windowText(known.schedules[pinRule(item.blainNumber)])}
                      </span>
                    )}
                  </span>
                </div>
                {canPin && (
                  <PinControls
                    item={item}
                    pinnedOrder={pinnedOrder}
                    busy={busy}
                    onAction={(action, change) => void onPinAction(action, change)}
                  />
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
      {session && historyBoard && historyKey !== null && (
        <>
          {boardState === null && (
            <p role="status" className="page-loading">
              Loading the draft and schedules…
            </p>
          )}
          {boardState === 'error' && <p>The draft and schedules show once the board’s history (below) is read.</p>}
          {known && (
            <>
              <DraftPanel
                key={historyKey}
                board={historyBoard}
                state={known}
                keywordBoard={'keyword' in historyBoard}
                names={names}
                storePage={shopper}
                onChanged={onBoardChanged}
              />
              <SchedulesPanel
                key={historyKey}
                board={historyBoard}
                state={known}
                names={names}
                storePage={shopper}
                onChanged={onBoardChanged}
              />
            </>
          )}
          <PinHistory
            board={historyBoard}
            reload={attempt}
            storePage={shopper}
            onLoaded={(versions) =>
              setBoardRead({ key: historyKey, state: versions === null ? 'error' : boardNow(versions) })
            }
            onRestored={(restored) => {
              setMessage(restored);
              setAttempt((n) => n + 1);
            }}
          />
        </>
      )}
    </div>
  );
}
