import { memo, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { followTail, TAIL_TOPICS, TailRefused, type TailEvent, type TailFilter, type TailTopic } from '../api/analytics';
import { isSignedOut, staffErrorMessage } from '../api/staff';
import {
  addNewest,
  ANNOUNCE_MS,
  busySentence,
  eventKey,
  filterFromParams,
  filterToParams,
  formatTime,
  listeningSentence,
  MAX_ROWS,
  newEventsSentence,
  parseTypes,
  prettyJson,
  reconnectDelayMs,
  reconnectSentence,
  summarize,
  TOPIC_LABELS,
  topicShortName,
} from '../analytics/live';
import { StaffPageTitle } from '../components/StaffLayout';
import { TableWrap } from '../components/TableWrap';
import { useStaffSession } from '../session';

/** Seconds to wait after a 429 that sent no Retry-After. */
const BUSY_DEFAULT_SECONDS = 30;
/** A stream that lasted this long was a good one: the next failure waits from the start again. */
const HEALTHY_MS = 30_000;

/** What the status line says (an error is an alert, and the line says Stopped). */
interface Status {
  kind: 'connecting' | 'listening' | 'paused' | 'busy' | 'reconnecting' | 'error';
  text: string;
}

/** What is being listened to; `run` tells one Start from the next. */
interface Listening {
  filter: TailFilter;
  run: number;
}

/**
 * /staff/analytics/live/ (analysts): the topics' new messages as they are written, newest
 * first (at most 200 kept). The filter (topics, and types as a comma list) is in the URL
 * (`?topics=tracking&types=Search,Cart`); the page listens as soon as it opens. Start
 * listens anew with the filter, Pause stops (the rows stay), Clear empties the list. The
 * status line says what is listened to, a refusal in the server's words, or how long until
 * the next try: a dropped connection is tried again after 1, 2, 4 … 30 s, a busy server (429)
 * after its Retry-After. Screen readers hear the number of new events at most every 5 s, not
 * each row.
 */
export function LiveEventsPage() {
  const [params, setParams] = useSearchParams();
  const [initial] = useState(() => filterFromParams(params));
  const [topics, setTopics] = useState<TailTopic[]>(initial.topics);
  const [typesText, setTypesText] = useState(initial.typesText);
  const [problem, setProblem] = useState<string | null>(null);
  const [listening, setListening] = useState<Listening | null>(() => ({
    filter: { topics: initial.topics, types: parseTypes(initial.typesText).types },
    run: 0,
  }));
  const [status, setStatus] = useState<Status>({ kind: 'connecting', text: 'Connecting…' });
  const [rows, setRows] = useState<TailEvent[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const unannounced = useRef(0);
  const signedOut = useStaffSession((s) => s.signedOut);
  const id = useId();

  // Listens while `listening` is set: reconnects after a drop, waits out a busy server.
  useEffect(() => {
    if (!listening) return;
    const { filter } = listening;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;

    const tryAgain = (ms: number, text: string, kind: 'busy' | 'reconnecting') => {
      setStatus({ kind, text });
      timer = setTimeout(connect, ms);
    };

    function connect() {
      setStatus({ kind: 'connecting', text: 'Connecting…' });
      const started = Date.now();
      followTail(
        filter,
        {
          onReady: (names) => setStatus({ kind: 'listening', text: listeningSentence(names, filter.types) }),
          onEvent: (event) => {
            unannounced.current += 1;
            setRows((previous) => addNewest(previous, [event]));
          },
        },
        controller.signal,
      ).then(
        () => {
          if (controller.signal.aborted) return;
          // The server ended the stream (a restart, a deploy): listen again.
          failures = Date.now() - started >= HEALTHY_MS ? 1 : failures + 1;
          const ms = reconnectDelayMs(failures);
          tryAgain(ms, reconnectSentence(ms / 1000), 'reconnecting');
        },
        (failure: unknown) => {
          if (controller.signal.aborted) return;
          if (isSignedOut(failure)) {
            signedOut();
            return;
          }
          if (failure instanceof TailRefused && failure.status === 429) {
            const seconds = Math.max(1, failure.retryAfterSeconds ?? BUSY_DEFAULT_SECONDS);
            tryAgain(seconds * 1000, busySentence(seconds), 'busy');
            return;
          }
          if (failure instanceof TailRefused && failure.status !== undefined && failure.status < 500) {
            // A refused filter or role: trying again would be refused again.
            setStatus({ kind: 'error', text: staffErrorMessage(failure) });
            setListening(null);
            return;
          }
          failures = Date.now() - started >= HEALTHY_MS ? 1 : failures + 1;
          const ms = reconnectDelayMs(failures);
          tryAgain(ms, reconnectSentence(ms / 1000), 'reconnecting');
        },
      );
    }

    connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [listening, signedOut]);

  // The number of new events, at most every ANNOUNCE_MS.
  useEffect(() => {
    const timer = setInterval(() => {
      if (unannounced.current === 0) return;
      setAnnouncement(newEventsSentence(unannounced.current));
      unannounced.current = 0;
    }, ANNOUNCE_MS);
    return () => clearInterval(timer);
  }, []);

  function toggleTopic(topic: TailTopic, on: boolean) {
    setTopics((previous) => TAIL_TOPICS.filter((t) => (t === topic ? on : previous.includes(t))));
  }

  function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { types, problem: typesProblem } = parseTypes(typesText);
    const found = topics.length === 0 ? 'Choose at least one topic.' : typesProblem;
    setProblem(found);
    if (found) return;
    const filter: TailFilter = { topics, types };
    setParams(filterToParams(filter), { replace: true });
    setListening((previous) => ({ filter, run: (previous?.run ?? 0) + 1 }));
  }

  function pause() {
    setListening(null);
    setStatus({ kind: 'paused', text: 'Paused' });
  }

  function clear() {
    setRows([]);
    unannounced.current = 0;
    setAnnouncement('');
  }

  return (
    <div className="live-events">
      <StaffPageTitle title="Live events" />
      <form className="live-events__filter" aria-label="What to listen to" onSubmit={start} noValidate>
        <fieldset className="live-events__topics">
          <legend className="staff-field__label">Topics</legend>
          {TAIL_TOPICS.map((topic) => (
            <label key={topic} className="live-events__topic">
              <input
                type="checkbox"
                checked={topics.includes(topic)}
                onChange={(e) => toggleTopic(topic, e.currentTarget.checked)}
              />{' '}
              {TOPIC_LABELS[topic]}
            </label>
          ))}
        </fieldset>
        <div className="staff-field live-events__types">
          <label htmlFor={`${id}-types`} className="staff-field__label">
            Types
          </label>
          <p id={`${id}-hint`} className="staff-field__hint">
            A comma list, like Search, Cart (Cart matches Cart.ItemAdded). Empty: every type.
          </p>
          <input
            id={`${id}-types`}
            type="text"
            className="staff-input"
            value={typesText}
            onChange={(e) => setTypesText(e.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
          />
        </div>
        <div className="live-events__buttons">
          <button type="submit" className="button">
            Start
          </button>
          <button type="button" className="button button--secondary" disabled={!listening} onClick={pause}>
            Pause
          </button>
          <button type="button" className="button button--secondary" onClick={clear}>
            Clear
          </button>
        </div>
        {problem && (
          <p id={`${id}-problem`} role="alert" className="staff-field__error">
            {problem}
          </p>
        )}
      </form>

      <p role="status" className={`live-events__status live-events__status--${status.kind}`}>
        {status.kind === 'error' ? 'Stopped' : status.text}
      </p>
      {status.kind === 'error' && (
        <p role="alert" className="staff-error">
          {status.text}
        </p>
      )}
      {/* Counts only, at most every few seconds: each row would drown a screen reader. */}
      <p role="log" aria-live="polite" aria-atomic="true" className="visually-hidden">
        {announcement}
      </p>

      {rows.length === 0 ? (
        <p className="live-events__empty">No events yet.</p>
      ) : (
        <TableWrap label="Events, scrollable">
          <table className="staff-table live-events__table">
            <caption className="staff-table__caption">
              Events, newest first: {rows.length} shown (at most {MAX_ROWS} kept)
            </caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Topic</th>
                <th scope="col">Type</th>
                <th scope="col">Summary</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((event) => (
                <LiveRow key={eventKey(event)} event={event} />
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </div>
  );
}

/** One message: its time, topic, type and summary, and the message itself under JSON. Drawn once. */
const LiveRow = memo(function LiveRow({ event }: { event: TailEvent }) {
  return (
    <tr>
      <th scope="row">
        <time dateTime={event.at}>{formatTime(event.at)}</time>
      </th>
      <td>{topicShortName(event.topic)}</td>
      <td className="live-events__type">{event.type}</td>
      <td className="live-events__summary">
        <span>{summarize(event)}</span>
        <details className="live-events__details">
          <summary>
            JSON <span className="visually-hidden">of this {event.type} event</span>
          </summary>
          <pre className="live-events__json">{prettyJson(event.payload)}</pre>
        </details>
      </td>
    </tr>
  );
});
