/**
 * The synonym rules' logic, apart from the page: what differs between two lists of rules (two
 * versions), what each draft changes in the published rules, how a schedule and a version's
 * change read, the rule form's checks (the server's own, so most mistakes are said before a
 * round trip) and the form's date and time fields.
 */
import type { SynonymDraft, SynonymRule, SynonymVersion } from '../api/synonyms';

/** The server's limits of each side of a rule. */
export const MAX_SIDE_CHARS = 100;
export const MAX_SIDE_WORDS = 8;

/** As the server keeps a side: lower case, spaces collapsed. */
export function normalizeSide(text: string): string {
  return text.split(/\s+/).filter(Boolean).join(' ').toLowerCase();
}

/** 'zapper → fence charger' */
export function ruleText(rule: Pick<SynonymRule, 'words' | 'replacement'>): string {
  return `${rule.words} → ${rule.replacement}`;
}

function time(iso: string | null): number | null {
  if (iso === null) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
}

/** The same moment (or both absent), however each is written ('Z' or '+00:00', fractions). */
export function sameInstant(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  const ta = time(a);
  const tb = time(b);
  return ta !== null && tb !== null ? ta === tb : a === b;
}

export type RulePart = 'words' | 'replacement' | 'schedule';

/** What differs between two states of a rule (its id aside). */
export function changedParts(before: SynonymRule, after: SynonymRule): RulePart[] {
  const parts: RulePart[] = [];
  if (before.words !== after.words) parts.push('words');
  if (before.replacement !== after.replacement) parts.push('replacement');
  if (!sameInstant(before.startsAt, after.startsAt) || !sameInstant(before.endsAt, after.endsAt)) {
    parts.push('schedule');
  }
  return parts;
}

export function sameRule(a: SynonymRule, b: SynonymRule): boolean {
  return changedParts(a, b).length === 0;
}

export interface RuleChange {
  before: SynonymRule;
  after: SynonymRule;
  parts: RulePart[];
}

/** What `after` changes in `before`, rule by rule (by id); unchanged rules are left out. */
export interface RulesDiff {
  /** In `after`'s order. */
  added: SynonymRule[];
  /** In `before`'s order. */
  removed: SynonymRule[];
  /** In `after`'s order. */
  changed: RuleChange[];
}

export function diffRules(before: readonly SynonymRule[], after: readonly SynonymRule[]): RulesDiff {
  const was = new Map(before.map((r) => [r.id, r]));
  const is = new Set(after.map((r) => r.id));
  const added: SynonymRule[] = [];
  const changed: RuleChange[] = [];
  for (const rule of after) {
    const old = was.get(rule.id);
    if (old === undefined) {
      added.push(rule);
      continue;
    }
    const parts = changedParts(old, rule);
    if (parts.length > 0) changed.push({ before: old, after: rule, parts });
  }
  return { added, removed: before.filter((r) => !is.has(r.id)), changed };
}

export function isEmptyDiff(diff: RulesDiff): boolean {
  return diff.added.length === 0 && diff.removed.length === 0 && diff.changed.length === 0;
}

/** '1 added, 0 removed, 2 changed'; 'the same rules'. */
export function diffSummary(diff: RulesDiff): string {
  if (isEmptyDiff(diff)) return 'the same rules';
  return `${diff.added.length} added, ${diff.removed.length} removed, ${diff.changed.length} changed`;
}

/** '1 rule', '22 rules', '1,000 rules' */
export function rulesCount(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'rule' : 'rules'}`;
}

/** Who made a change: 'You', 'storefront migrate', a staff id; '—' when not known. */
export function who(staffId: string | null, meId: string | null): string {
  if (staffId === null) return '—';
  return staffId === meId ? 'You' : staffId;
}

/**
 * A draft against the published rules: a new rule, a change (before and after), a removal,
 * or a draft the same as the published rule (`unchanged`).
 */
export type DraftKind = 'new' | 'changed' | 'removal' | 'unchanged';

export interface DraftChange {
  ruleId: string;
  kind: DraftKind;
  /** The published rule; null for a new one. */
  before: SynonymRule | null;
  /** The rule as drafted; null for a removal. */
  after: SynonymRule | null;
  /** What a change changes (empty for the other kinds). */
  parts: RulePart[];
  staffId: string | null;
  draftedAt: string | null;
}

/** Each draft as what it changes in `published`, in the drafts' order. */
export function draftChanges(published: readonly SynonymRule[], drafts: readonly SynonymDraft[]): DraftChange[] {
  const byId = new Map(published.map((r) => [r.id, r]));
  return drafts.map((draft) => {
    const before = byId.get(draft.ruleId) ?? null;
    const after = draft.rule;
    const parts = before && after ? changedParts(before, after) : [];
    const kind: DraftKind =
      after === null ? 'removal' : before === null ? 'new' : parts.length > 0 ? 'changed' : 'unchanged';
    return { ruleId: draft.ruleId, kind, before, after, parts, staffId: draft.staffId, draftedAt: draft.draftedAt };
  });
}

// ------------------------------------------------------------------ schedules

export interface ScheduleOptions {
  /** What "this year" is (a date of this year is written without its year). */
  now?: Date;
  /** The time zone written in; this browser's when absent. */
  timeZone?: string;
}

interface Parts {
  year: number;
  hour: number;
  minute: number;
}

function partsIn(date: Date, timeZone: string | undefined): Parts {
  const parts = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(date);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: part('year'), hour: part('hour') % 24, minute: part('minute') };
}

function point(date: Date, withYear: boolean, timeZone: string | undefined): string {
  const { hour, minute } = partsIn(date, timeZone);
  const withTime = hour !== 0 || minute !== 0;
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
    ...(withTime ? { hour: 'numeric', minute: '2-digit' } : {}),
    timeZone,
  }).format(date);
}

/**
 * When a rule applies: 'always', 'Dec 1 – Dec 26', 'from Dec 1', 'until Dec 26'. A year is
 * written when it is not this year's or the two ends' years differ; a time when it is not
 * midnight. What is no date is written as sent.
 */
export function formatSchedule(startsAt: string | null, endsAt: string | null, options: ScheduleOptions = {}): string {
  const { now = new Date(), timeZone } = options;
  const start = time(startsAt);
  const end = time(endsAt);
  if (startsAt === null && endsAt === null) return 'always';
  const thisYear = partsIn(now, timeZone).year;
  const years = [start, end].filter((t): t is number => t !== null).map((t) => partsIn(new Date(t), timeZone).year);
  const withYear = years.some((y) => y !== thisYear) || new Set(years).size > 1;
  const write = (iso: string | null, t: number | null) => (t === null ? (iso ?? '') : point(new Date(t), withYear, timeZone));
  if (startsAt !== null && endsAt !== null) return `${write(startsAt, start)} – ${write(endsAt, end)}`;
  return startsAt !== null ? `from ${write(startsAt, start)}` : `until ${write(endsAt, end)}`;
}

// ------------------------------------------------------------------ versions

/** The version whose rules hold the rule a version published or removed (to name it). */
export function versionNaming(version: SynonymVersion): number | null {
  if (version.ruleId === null) return null;
  if (version.change === 'published') return version.version;
  if (version.change === 'removed' && version.version > 1) return version.version - 1;
  return null;
}

/**
 * What made a version: 'Starter list', 'Published rule “zapper → fence charger”', 'Removed
 * rule “…”', 'Rolled back to version 2'. `rule` is the rule published or removed when known
 * (else its id is written).
 */
export function versionChangeText(version: SynonymVersion, rule: SynonymRule | null): string {
  const named = rule ? `“${ruleText(rule)}”` : (version.ruleId ?? '');
  switch (version.change) {
    case 'seeded':
      return 'Starter list';
    case 'published':
      return `Published rule ${named}`.trim();
    case 'removed':
      return `Removed rule ${named}`.trim();
    case 'rolled-back':
      return version.toVersion !== null ? `Rolled back to version ${version.toVersion}` : 'Rolled back';
    default:
      return version.change || 'Changed';
  }
}

// ------------------------------------------------------------------ the rule form

/** What the rule form holds: the schedule as `datetime-local` values ('' when empty). */
export interface RuleInput {
  words: string;
  replacement: string;
  startsAt: string;
  endsAt: string;
}

export type RuleProblems = Partial<Record<keyof RuleInput, string>>;

function sideProblem(side: string, empty: string): string | undefined {
  if (side === '') return empty;
  if (side.length > MAX_SIDE_CHARS || side.split(' ').length > MAX_SIDE_WORDS) {
    return `At most ${MAX_SIDE_CHARS} characters and ${MAX_SIDE_WORDS} words.`;
  }
  return undefined;
}

/** What is wrong with the form's fields, field by field (empty when nothing is). */
export function ruleProblems(input: RuleInput): RuleProblems {
  const problems: RuleProblems = {};
  const words = normalizeSide(input.words);
  const replacement = normalizeSide(input.replacement);
  const wordsProblem = sideProblem(words, 'Please give the words shoppers search.');
  if (wordsProblem) problems.words = wordsProblem;
  const replacementProblem = sideProblem(replacement, 'Please give what the words also mean.');
  if (replacementProblem) problems.replacement = replacementProblem;
  else if (words !== '' && words === replacement) problems.replacement = 'The words and their replacement must differ.';
  const start = fromDateTimeLocal(input.startsAt);
  const end = fromDateTimeLocal(input.endsAt);
  if (input.startsAt.trim() !== '' && start === null) problems.startsAt = 'Enter a date and time.';
  if (input.endsAt.trim() !== '' && end === null) problems.endsAt = 'Enter a date and time.';
  else if (start !== null && end !== null && Date.parse(start) >= Date.parse(end)) {
    problems.endsAt = 'A rule must start before it ends.';
  }
  return problems;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** An RFC 3339 time as a `datetime-local` value in this browser's time zone ('' for none). */
export function toDateTimeLocal(iso: string | null): string {
  const t = time(iso);
  if (t === null) return '';
  const d = new Date(t);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (this browser's time zone) as RFC 3339 in UTC; null when empty or no time. */
export function fromDateTimeLocal(value: string): string | null {
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().replace(/\.000Z$/, 'Z');
}

/** The form's fields of a rule (an edit starts from them). */
export function ruleInput(rule: SynonymRule | null): RuleInput {
  return {
    words: rule?.words ?? '',
    replacement: rule?.replacement ?? '',
    startsAt: toDateTimeLocal(rule?.startsAt ?? null),
    endsAt: toDateTimeLocal(rule?.endsAt ?? null),
  };
}
