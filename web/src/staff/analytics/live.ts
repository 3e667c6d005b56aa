/**
 * The live events page's shaping, apart from React and the network: the filter (as the form
 * and the URL hold it), the rows kept (newest first, each message once), a message's line of
 * summary, the status sentences and how long to wait before reconnecting.
 */
import { TAIL_TOPICS, TYPE_MAX, TYPES_MAX, type TailEvent, type TailFilter, type TailTopic } from '../api/analytics';
import { isObject, type Json } from '../../shared/api/json';

/** Rows kept on the page; older ones drop off the end. */
export const MAX_ROWS = 200;

export const TOPIC_LABELS: Record<TailTopic, string> = { tracking: 'Tracking', events: 'Domain events' };

// ---------------------------------------------------------------- the filter

/**
 * The types typed into the field ('Search, Cart'): trimmed, each once (without regard to
 * case), with what is wrong in words (null when the server takes them).
 */
export function parseTypes(text: string): { types: string[]; problem: string | null } {
  const seen = new Set<string>();
  const types: string[] = [];
  for (const part of text.split(',')) {
    const type = part.trim();
    if (!type || seen.has(type.toLowerCase())) continue;
    seen.add(type.toLowerCase());
    types.push(type);
  }
  if (types.length > TYPES_MAX) return { types, problem: `Enter at most ${TYPES_MAX} types.` };
  const long = types.find((t) => t.length > TYPE_MAX);
  if (long) return { types, problem: `A type has at most ${TYPE_MAX} characters.` };
  return { types, problem: null };
}

function isTopic(value: string): value is TailTopic {
  return (TAIL_TOPICS as readonly string[]).includes(value);
}

/** The filter of the page's query (`?topics=tracking&types=Search,Cart`); both topics by default. */
export function filterFromParams(params: URLSearchParams): { topics: TailTopic[]; typesText: string } {
  const asked = (params.get('topics') ?? '').split(',').map((t) => t.trim()).filter(isTopic);
  const topics = TAIL_TOPICS.filter((t) => asked.includes(t));
  return { topics: topics.length > 0 ? topics : [...TAIL_TOPICS], typesText: parseTypes(params.get('types') ?? '').types.join(', ') };
}

/** The page's query of a filter: nothing for the default (both topics, every type). */
export function filterToParams(filter: TailFilter): Record<string, string> {
  const params: Record<string, string> = {};
  if (filter.topics.length < TAIL_TOPICS.length) params.topics = filter.topics.join(',');
  if (filter.types.length > 0) params.types = filter.types.join(',');
  return params;
}

// ---------------------------------------------------------------- rows

/** A message's identity: a reconnect may send one again. */
export function eventKey(event: TailEvent): string {
  return `${event.topic}:${event.partition}:${event.offset}`;
}

/** The rows with `incoming` (oldest first, as they came) added: newest first, each once, at most `max`. */
export function addNewest(rows: readonly TailEvent[], incoming: readonly TailEvent[], max = MAX_ROWS): TailEvent[] {
  const seen = new Set(rows.map(eventKey));
  const fresh: TailEvent[] = [];
  for (const event of incoming) {
    const key = eventKey(event);
    if (seen.has(key)) continue;
    seen.add(key);
    fresh.push(event);
  }
  return [...fresh.reverse(), ...rows].slice(0, max);
}

/** 'storefront.tracking.v1' → 'tracking'; 'storefront.events.v1' → 'events'. */
export function topicShortName(topic: string): string {
  return topic.replace(/^storefront\./, '').replace(/\.v\d+$/, '') || topic;
}

const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

/** '4:00:00 PM' in this browser's time zone; what was sent when it is no time. */
export function formatTime(at: string): string {
  const date = new Date(at);
  // A plain space before AM/PM (ICU puts a narrow one).
  return at && !Number.isNaN(date.getTime()) ? TIME.format(date).replace(/[\u2009\u202f]/g, ' ') : at;
}

/** A scalar as a short text ('"dog"' for text, numbers and booleans as they are); null for anything else. */
function scalar(value: unknown, max = 40): string | null {
  if (typeof value === 'string') return value.length > max ? `${value.slice(0, max - 1)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** The first `n` scalar fields of an object as 'key: value, …' (times and ids left out). */
function firstFields(object: Json, n: number, skip: readonly string[] = []): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(object)) {
    if (parts.length >= n) break;
    if (skip.includes(key)) continue;
    const text = scalar(value);
    if (text !== null && text !== '') parts.push(`${key}: ${text}`);
  }
  return parts.join(', ');
}

/** 'results' for counts of a search. */
function results(total: unknown): string {
  if (typeof total !== 'number') return 'results not known';
  if (total === 0) return 'no results';
  return `${total.toLocaleString('en-US')} ${total === 1 ? 'result' : 'results'}`;
}

/**
 * A message in one line. A tracking Search: its keyword and results ('“dog”: 42 results');
 * another tracking event: the first fields of its `data`; a domain event: its aggregate id and
 * the first fields of its payload.
 */
export function summarize(event: TailEvent): string {
  const message = isObject(event.payload) ? event.payload : {};
  // Tracking: the envelope's `data`.
  if (isObject(message.data)) {
    const data = message.data;
    if (event.type.toLowerCase() === 'search' && typeof data.keyword === 'string') {
      return `“${data.keyword}”: ${results(data.total)}`;
    }
    return firstFields(data, 3, ['timestamp', 'version']);
  }
  // A domain event: `payload` is `{"EventType": {…fields}}` (or the fields themselves).
  if ('aggregate_id' in message || 'event_type' in message) {
    let fields: Json = {};
    if (isObject(message.payload)) {
      const inner = Object.values(message.payload);
      fields = inner.length === 1 && isObject(inner[0]) ? inner[0] : message.payload;
    }
    const id = scalar(message.aggregate_id);
    const rest = firstFields(fields, 3);
    return [id ? `id ${id}` : '', rest].filter(Boolean).join('; ');
  }
  return firstFields(message, 3);
}

/** The message as indented JSON. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? 'null';
}

// ---------------------------------------------------------------- status

/** 'a', 'a and b', 'a, b and c' */
function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** 'Listening to storefront.tracking.v1 and storefront.events.v1' (with the types, when only some). */
export function listeningSentence(topics: readonly string[], types: readonly string[]): string {
  const to = topics.length > 0 ? `Listening to ${listed(topics)}` : 'Listening';
  return types.length > 0 ? `${to}, for ${listed(types)} only` : to;
}

/** 'Too many live views are open; try again in 30 seconds' */
export function busySentence(seconds: number): string {
  return `Too many live views are open; try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/** 'The connection was lost; trying again in 4 seconds' */
export function reconnectSentence(seconds: number): string {
  return `The connection was lost; trying again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/** How often, at most, the count of new events is announced. */
export const ANNOUNCE_MS = 5000;

/** What is announced of the events that came since the last announcement ('3 new events'). */
export function newEventsSentence(count: number): string {
  return `${count.toLocaleString('en-US')} new ${count === 1 ? 'event' : 'events'}`;
}

/**
 * The wait before reconnecting after the `attempt`th failure in a row (1, 2, 4 … 30 seconds),
 * or the server's `retry:`, whichever is longer.
 */
export function reconnectDelayMs(attempt: number, serverRetryMs: number | null = null): number {
  const backoff = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.max(backoff, serverRetryMs ?? 0);
}
