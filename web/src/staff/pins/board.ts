/**
 * A pin board's logic, apart from the page: the board as it is now (the newest version of its
 * history, or a command's answer), what a draft changes in the published board (the items
 * added, removed and moved, the redirect changed), how a schedule reads, what a schedule
 * change was, the schedule form's checks and the store's addresses that preview a board.
 */
import {
  REDIRECT_RULE,
  type PinBoardDraft,
  type PinBoardVersion,
  type PinRuleWindow,
  type Pins,
  type PinSchedules,
} from '../api/merch';
import { fromDateTimeLocal, sameInstant, toDateTimeLocal } from '../synonyms/diff';

/** The server's limit of a board's pins, and its words when a draft breaks it. */
export const MAX_PINS = 60;
export const TOO_MANY_PINS_MESSAGE = `At most ${MAX_PINS} items can be pinned here.`;
export const PINNED_TWICE_MESSAGE = 'An item can be pinned only once.';
export const WINDOW_ORDER_MESSAGE = 'A rule must start before it ends.';

/** A board as it is: what shoppers get (pins, redirect), the draft waiting and the schedules. */
export interface BoardState {
  pins: string[];
  redirect: string | null;
  draft: PinBoardDraft | null;
  schedules: PinSchedules;
}

export const EMPTY_BOARD: BoardState = { pins: [], redirect: null, draft: null, schedules: {} };

/** The board now: the newest version (the first), or an empty board when it has none. */
export function boardNow(versions: readonly PinBoardVersion[]): BoardState {
  const newest = versions[0];
  if (newest === undefined) return EMPTY_BOARD;
  return { pins: newest.pins, redirect: newest.redirect, draft: newest.draft, schedules: newest.schedules };
}

/** The board a command answered. */
export function boardOfAnswer(answer: Pins): BoardState {
  return {
    pins: answer.pins,
    redirect: answer.redirect ?? null,
    draft: answer.draft ?? null,
    schedules: answer.schedules,
  };
}

/** A redirect as kept: trimmed, null when empty. */
export function normalizeRedirect(redirect: string | null | undefined): string | null {
  const text = redirect?.trim() ?? '';
  return text === '' ? null : text;
}

/** The same pins in the same order, and the same redirect. */
export function sameBoard(a: PinBoardDraft, b: PinBoardDraft): boolean {
  return (
    a.pins.length === b.pins.length &&
    a.pins.every((p, i) => p === b.pins[i]) &&
    normalizeRedirect(a.redirect) === normalizeRedirect(b.redirect)
  );
}

// ------------------------------------------------------------------ a draft against the board

/** An item and its place on a board (from 1). */
export interface PinPlace {
  item: string;
  place: number;
}

/** An item on both boards whose place among the others changed. */
export interface PinMove {
  item: string;
  from: number;
  to: number;
}

/** What `after` changes in `before`; the redirect is null when it is the same. */
export interface BoardDiff {
  /** In `after`'s order. */
  added: PinPlace[];
  /** In `before`'s order. */
  removed: PinPlace[];
  /** In `after`'s order. */
  moved: PinMove[];
  redirect: { before: string | null; after: string | null } | null;
}

/**
 * The items of `after` that kept their order: the longest run of items common to both boards
 * in the same order. Those outside it were moved (a pin added above the others moves none).
 */
function keptInOrder(before: readonly string[], after: readonly string[]): Set<string> {
  const inAfter = new Set(after);
  const inBefore = new Set(before);
  const a = before.filter((p) => inAfter.has(p));
  const b = after.filter((p) => inBefore.has(p));
  // lengths[i][j]: the longest common order of a[i…] and b[j…].
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const kept = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      kept.add(a[i]!);
      i++;
      j++;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) {
      i++;
    } else {
      j++;
    }
  }
  return kept;
}

export function diffBoards(before: PinBoardDraft, after: PinBoardDraft): BoardDiff {
  const was = new Map(before.pins.map((p, i) => [p, i + 1]));
  const is = new Set(after.pins);
  const kept = keptInOrder(before.pins, after.pins);
  const added: PinPlace[] = [];
  const moved: PinMove[] = [];
  after.pins.forEach((item, i) => {
    const from = was.get(item);
    if (from === undefined) added.push({ item, place: i + 1 });
    else if (!kept.has(item)) moved.push({ item, from, to: i + 1 });
  });
  const removed = before.pins.flatMap((item, i) => (is.has(item) ? [] : [{ item, place: i + 1 }]));
  const redirectBefore = normalizeRedirect(before.redirect);
  const redirectAfter = normalizeRedirect(after.redirect);
  return {
    added,
    removed,
    moved,
    redirect: redirectBefore === redirectAfter ? null : { before: redirectBefore, after: redirectAfter },
  };
}

export function isEmptyBoardDiff(diff: BoardDiff): boolean {
  return diff.added.length === 0 && diff.removed.length === 0 && diff.moved.length === 0 && diff.redirect === null;
}

/** '1 added, 0 removed, 2 moved; the redirect changed'; 'the same pins and redirect'. */
export function boardDiffSummary(diff: BoardDiff): string {
  if (isEmptyBoardDiff(diff)) return 'the same pins and redirect';
  const pins = `${diff.added.length} added, ${diff.removed.length} removed, ${diff.moved.length} moved`;
  return diff.redirect ? `${pins}; the redirect changed` : pins;
}

/** The redirect's change in words: 'Set to /x/', 'Removed (was /x/)', '/x/ → /y/'. */
export function redirectChangeText(change: { before: string | null; after: string | null }): string {
  if (change.before === null) return `Set to ${change.after ?? ''}`;
  if (change.after === null) return `Removed (was ${change.before})`;
  return `${change.before} → ${change.after}`;
}

/** An item in words: 'Product 1 (#1001)', or '#1001' when its name is not known. */
export function itemLabel(item: string, names: ReadonlyMap<string, string>): string {
  const name = names.get(item);
  return name ? `${name} (#${item})` : `#${item}`;
}

/** '1 item', '3 items' */
export function itemsCount(n: number): string {
  return `${n} ${n === 1 ? 'item' : 'items'}`;
}

/** '#1002, #1001'; 'no pins'. */
export function pinsText(pins: readonly string[]): string {
  return pins.length === 0 ? 'no pins' : pins.map((p) => `#${p}`).join(', ');
}

/**
 * What adding `item` to a draft's `pins` would break, in the server's words; null when it may
 * be added.
 */
export function addProblem(pins: readonly string[], item: string): string | null {
  if (item === '') return 'Enter a product number.';
  if (pins.includes(item)) return PINNED_TWICE_MESSAGE;
  if (pins.length >= MAX_PINS) return TOO_MANY_PINS_MESSAGE;
  return null;
}

// ------------------------------------------------------------------ schedules

export interface WindowOptions {
  /** What "this year" is (a date of this year is written without its year). */
  now?: Date;
  /** The time zone written in; this browser's when absent. */
  timeZone?: string;
}

function time(iso: string | undefined): number | null {
  if (iso === undefined) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
}

function yearIn(date: Date, timeZone: string | undefined): number {
  return Number(new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone }).format(date));
}

function isMidnight(date: Date, timeZone: string | undefined): boolean {
  const parts = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: 'numeric', hourCycle: 'h23', timeZone })
    .formatToParts(date)
    .filter((p) => p.type === 'hour' || p.type === 'minute')
    .map((p) => Number(p.value) % 24);
  return parts.every((n) => n === 0);
}

function point(date: Date, withYear: boolean, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
    ...(isMidnight(date, timeZone) ? {} : { hour: 'numeric', minute: '2-digit' }),
    timeZone,
  }).format(date);
}

export function isScheduled(window: PinRuleWindow | undefined): boolean {
  return window?.startsAt !== undefined || window?.endsAt !== undefined;
}

/**
 * When a rule applies: 'always', 'from Dec 20, 9:00 AM until Dec 27', 'from Dec 20', 'until
 * Dec 27' (the end is the first moment it no longer applies). A year is written when it is not
 * this year's or the two ends' years differ; a time when it is not midnight. What is no date
 * is written as sent.
 */
export function formatWindow(window: PinRuleWindow | undefined, options: WindowOptions = {}): string {
  const { now = new Date(), timeZone } = options;
  const startsAt = window?.startsAt ?? undefined;
  const endsAt = window?.endsAt ?? undefined;
  if (startsAt === undefined && endsAt === undefined) return 'always';
  const start = time(startsAt);
  const end = time(endsAt);
  const thisYear = yearIn(now, timeZone);
  const years = [start, end].filter((t): t is number => t !== null).map((t) => yearIn(new Date(t), timeZone));
  const withYear = years.some((y) => y !== thisYear) || new Set(years).size > 1;
  const write = (iso: string, t: number | null) => (t === null ? iso : point(new Date(t), withYear, timeZone));
  const parts: string[] = [];
  if (startsAt !== undefined) parts.push(`from ${write(startsAt, start)}`);
  if (endsAt !== undefined) parts.push(`until ${write(endsAt, end)}`);
  return parts.join(' ');
}

/** The same window, however each time is written. */
export function sameWindow(a: PinRuleWindow | undefined, b: PinRuleWindow | undefined): boolean {
  return sameInstant(a?.startsAt ?? null, b?.startsAt ?? null) && sameInstant(a?.endsAt ?? null, b?.endsAt ?? null);
}

/** What the schedule form holds: `datetime-local` values ('' when empty). */
export interface WindowInput {
  startsAt: string;
  endsAt: string;
}

export type WindowProblems = Partial<Record<keyof WindowInput, string>>;

/** The form's fields of a window (this browser's time zone). */
export function windowInput(window: PinRuleWindow | undefined): WindowInput {
  return { startsAt: toDateTimeLocal(window?.startsAt ?? null), endsAt: toDateTimeLocal(window?.endsAt ?? null) };
}

/** What is wrong with the form's fields, field by field (empty when nothing is). */
export function windowProblems(input: WindowInput): WindowProblems {
  const problems: WindowProblems = {};
  const start = fromDateTimeLocal(input.startsAt);
  const end = fromDateTimeLocal(input.endsAt);
  if (input.startsAt.trim() !== '' && start === null) problems.startsAt = 'Enter a date and time.';
  if (input.endsAt.trim() !== '' && end === null) problems.endsAt = 'Enter a date and time.';
  else if (start !== null && end !== null && Date.parse(start) >= Date.parse(end)) {
    problems.endsAt = WINDOW_ORDER_MESSAGE;
  }
  return problems;
}

/** The window the form's fields ask for, in UTC (RFC 3339); an empty field is an open side. */
export function windowOf(input: WindowInput): PinRuleWindow {
  const window: PinRuleWindow = {};
  const startsAt = fromDateTimeLocal(input.startsAt);
  const endsAt = fromDateTimeLocal(input.endsAt);
  if (startsAt) window.startsAt = startsAt;
  if (endsAt) window.endsAt = endsAt;
  return window;
}

/** A rule's name in words: 'pin:100234' → '100234', 'redirect' → 'the redirect'. */
export function ruleName(rule: string): string {
  if (rule === REDIRECT_RULE) return 'the redirect';
  return rule.startsWith('pin:') ? rule.slice(4) : rule;
}

/**
 * The rule a `RuleScheduled` version scheduled and its window (undefined: always), found by
 * comparing its schedules with the version before; when that is not known, its only schedule.
 * Null when it cannot be told.
 */
export function scheduledRule(
  version: Pick<PinBoardVersion, 'schedules'>,
  previous: Pick<PinBoardVersion, 'schedules'> | null | undefined,
): { rule: string; window: PinRuleWindow | undefined } | null {
  if (previous) {
    const rules = new Set([...Object.keys(previous.schedules), ...Object.keys(version.schedules)]);
    for (const rule of rules) {
      if (!sameWindow(previous.schedules[rule], version.schedules[rule])) {
        return { rule, window: version.schedules[rule] };
      }
    }
    return null;
  }
  const rules = Object.keys(version.schedules);
  return rules.length === 1 ? { rule: rules[0]!, window: version.schedules[rules[0]!] } : null;
}

// ------------------------------------------------------------------ the store's addresses

/**
 * The store's page of a board (`/s/?keyword=dog%20food`, or a landing page's own address) with
 * `params` added: `prv=draft` shows a merchandiser the draft, `prv=pins-4` the board as it was
 * at version 4, `HawkDate=2026-12-24` the schedules as of a day (or a time). Only a signed-in
 * merchandiser with preview mode on gets any of it.
 */
export function storeLink(page: string, params: Record<string, string>): string {
  const at = page.indexOf('?');
  const path = at < 0 ? page : page.slice(0, at);
  const search = new URLSearchParams(at < 0 ? '' : page.slice(at + 1));
  for (const [name, value] of Object.entries(params)) search.set(name, value);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** The shoppers' search of a keyword: '/s/?keyword=dog+food'. */
export function keywordPage(keyword: string): string {
  return `/s/?${new URLSearchParams({ keyword }).toString()}`;
}

/** A day (`YYYY-MM-DD`) in this browser's time zone: today's when absent. */
export function localDay(date: Date = new Date()): string {
  return toDateTimeLocal(date.toISOString()).slice(0, 10);
}
