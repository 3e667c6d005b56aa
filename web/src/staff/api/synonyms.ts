/**
 * The merchandisers' search synonyms: one versioned set of rules (`words` → `replacement`: a
 * search for the words finds the replacement too), changed through drafts that shoppers do not
 * see until each is published.
 *
 * | call                                                  | answer                                          |
 * |-------------------------------------------------------|-------------------------------------------------|
 * | GET  /api/staff/merch/synonyms                         | `{version, rules, drafts}` (drafts with who, when) |
 * | GET  /api/staff/merch/synonyms/versions                | every version, newest first                     |
 * | GET  /api/staff/merch/synonyms/versions/{n}            | one version with its rules; 404 'Version not found.' |
 * | POST /api/staff/merch/synonyms/draft `{ruleId?, words, replacement, startsAt?, endsAt?}` | the set |
 * | POST /api/staff/merch/synonyms/draft-removal `{ruleId}` | the set                                       |
 * | POST /api/staff/merch/synonyms/discard `{ruleId}`      | the set                                         |
 * | POST /api/staff/merch/synonyms/publish `{ruleId}`      | the set (that rule's draft only: a new version) |
 * | POST /api/staff/merch/synonyms/rollback `{version}`    | the set (that version's rules again: a new version) |
 * | GET  /api/search?keyword=K&prv=draft\|N&HawkDate=D     | a search as previewed, with `preview`           |
 *
 * All of them need the merchandiser role (the staff session, whose POSTs carry the anti-forgery
 * token, or a staff bearer token): 401 and 403 otherwise. A refused change is 422 or 404
 * `SynonymRefused` (400 `InvalidRule` / `InvalidVersion`) with a sentence for people, which
 * rejects with the client's `NetworkError` (`serverMessage`). A search previews only for a
 * merchandiser; a shopper's answer never has `preview`.
 *
 * The shapes are declared here until docs/openapi.json's types hold them.
 */
import { apiGet, NetworkError } from '../../shared/api/client';
import { isObject, num, str, strOrNull } from '../../shared/api/json';
import { SEARCH_URL, toSearchAnswer, type SearchAnswer } from '../../shared/api/search';
import { MERCH_URL } from './merch';
import { staffPost } from './staff';

export const SYNONYMS_URL = `${MERCH_URL}/synonyms`;
export const SYNONYM_VERSIONS_URL = `${SYNONYMS_URL}/versions`;

/** A rule: a search for `words` finds `replacement` too, from `startsAt` until `endsAt`. */
export interface SynonymRule {
  id: string;
  /** Lower case, spaces collapsed; at most 100 characters and 8 words. */
  words: string;
  replacement: string;
  /** RFC 3339; null: from the start. */
  startsAt: string | null;
  /** RFC 3339, the first moment it no longer applies; null: for good. */
  endsAt: string | null;
}

/** A change waiting to be published: the rule as it will be, or null for its removal. */
export interface SynonymDraft {
  ruleId: string;
  rule: SynonymRule | null;
  /** Who drafted it; null when not known (a change's answer does not say). */
  staffId: string | null;
  /** When (RFC 3339); null when not known. */
  draftedAt: string | null;
}

/** The set now: the published version, its rules and the drafts waiting. */
export interface SynonymSet {
  /** 0 before the starter list is loaded. */
  version: number;
  rules: SynonymRule[];
  drafts: SynonymDraft[];
}

/** How a version came to be. */
export type SynonymVersionChange = 'seeded' | 'published' | 'removed' | 'rolled-back';

export interface SynonymVersion {
  version: number;
  /** `seeded`, `published`, `removed`, `rolled-back` (another word as sent). */
  change: string;
  /** The rule published or removed. */
  ruleId: string | null;
  /** The version a rollback published again. */
  toVersion: number | null;
  /** Who made it: a staff id, 'storefront migrate' for the starter list. */
  staffId: string | null;
  publishedAt: string | null;
  ruleCount: number;
}

export interface SynonymVersionWithRules extends SynonymVersion {
  rules: SynonymRule[];
}

/** A rule as drafted: no `ruleId` for a new rule (the server issues one). */
export interface SynonymRuleDraft {
  ruleId?: string;
  words: string;
  replacement: string;
  startsAt?: string;
  endsAt?: string;
}

// ------------------------------------------------------------------ checks

function toRule(value: unknown): SynonymRule | null {
  if (!isObject(value) || typeof value.id !== 'string' || value.id === '') return null;
  return {
    id: value.id,
    words: str(value.words),
    replacement: str(value.replacement),
    startsAt: strOrNull(value.startsAt),
    endsAt: strOrNull(value.endsAt),
  };
}

function toRules(value: unknown): SynonymRule[] {
  return Array.isArray(value) ? value.map(toRule).filter((r): r is SynonymRule => r !== null) : [];
}

function toDrafts(value: unknown): SynonymDraft[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isObject)
    .filter((d) => typeof d.ruleId === 'string' && d.ruleId !== '')
    .map((d) => ({
      ruleId: str(d.ruleId),
      rule: toRule(d.rule),
      staffId: strOrNull(d.staffId),
      draftedAt: strOrNull(d.draftedAt),
    }));
}

/** Checks a set (the read's answer, or a change's). */
export function toSynonymSet(value: unknown): SynonymSet {
  if (!isObject(value) || typeof value.version !== 'number' || !Array.isArray(value.rules)) {
    throw new NetworkError(200);
  }
  return { version: num(value.version), rules: toRules(value.rules), drafts: toDrafts(value.drafts) };
}

function toVersion(value: unknown): SynonymVersion | null {
  if (!isObject(value) || typeof value.version !== 'number') return null;
  return {
    version: value.version,
    change: str(value.change),
    ruleId: strOrNull(value.ruleId),
    toVersion: typeof value.toVersion === 'number' ? value.toVersion : null,
    staffId: strOrNull(value.staffId),
    publishedAt: strOrNull(value.publishedAt),
    ruleCount: num(value.ruleCount),
  };
}

// ------------------------------------------------------------------ reads

/** The published version, its rules and the drafts. */
export async function fetchSynonymSet(signal?: AbortSignal): Promise<SynonymSet> {
  return toSynonymSet(await apiGet<unknown>(SYNONYMS_URL, signal));
}

/** Every version, newest first. */
export async function fetchSynonymVersions(signal?: AbortSignal): Promise<SynonymVersion[]> {
  const body = await apiGet<unknown>(SYNONYM_VERSIONS_URL, signal);
  if (!Array.isArray(body)) throw new NetworkError(200);
  return body
    .map(toVersion)
    .filter((v): v is SynonymVersion => v !== null)
    .sort((a, b) => b.version - a.version);
}

/** One version with its rules; 404 'Version not found.' rejects. */
export async function fetchSynonymVersion(version: number, signal?: AbortSignal): Promise<SynonymVersionWithRules> {
  const body = await apiGet<unknown>(`${SYNONYM_VERSIONS_URL}/${encodeURIComponent(String(version))}`, signal);
  const read = toVersion(body);
  if (read === null || !isObject(body) || !Array.isArray(body.rules)) throw new NetworkError(200);
  return { ...read, rules: toRules(body.rules) };
}

// ------------------------------------------------------------------ changes

async function change(action: string, body: unknown): Promise<SynonymSet> {
  return toSynonymSet(await staffPost<unknown>(`${SYNONYMS_URL}/${action}`, body));
}

/** Drafts a new rule (no `ruleId`) or a change to one. */
export function draftSynonymRule(draft: SynonymRuleDraft): Promise<SynonymSet> {
  const body: SynonymRuleDraft = { words: draft.words, replacement: draft.replacement };
  if (draft.ruleId !== undefined) body.ruleId = draft.ruleId;
  if (draft.startsAt !== undefined) body.startsAt = draft.startsAt;
  if (draft.endsAt !== undefined) body.endsAt = draft.endsAt;
  return change('draft', body);
}

/** Drafts a published rule's removal. */
export function draftSynonymRemoval(ruleId: string): Promise<SynonymSet> {
  return change('draft-removal', { ruleId });
}

/** Drops a rule's draft. */
export function discardSynonymDraft(ruleId: string): Promise<SynonymSet> {
  return change('discard', { ruleId });
}

/** Publishes that rule's draft, and only it: a new version. */
export function publishSynonymDraft(ruleId: string): Promise<SynonymSet> {
  return change('publish', { ruleId });
}

/** Publishes the rules of `version` again: a new version. */
export function rollBackSynonyms(version: number): Promise<SynonymSet> {
  return change('rollback', { version });
}

// ------------------------------------------------------------------ preview

/** What a search is previewed with: the shoppers' rules, the drafts, or a version. */
export type PreviewRules = 'now' | 'draft' | number;

export interface PreviewQuery {
  keyword: string;
  rules: PreviewRules;
  /** `YYYY-MM-DD`: the scheduled rules as of that day; null: now. */
  day: string | null;
}

/** What the server says it searched with (a merchandiser's answer only). */
export interface SearchPreview {
  synonymsVersion: number;
  drafts: boolean;
  at: string | null;
}

export interface PreviewAnswer {
  /** Null when the server answers 204. */
  answer: SearchAnswer | null;
  /** Null when the search was no preview (the shoppers' search, or not a merchandiser's). */
  preview: SearchPreview | null;
}

/** How many products a preview lists. */
export const PREVIEW_SIZE = 10;

/** 'keyword=zapper&prv=draft&HawkDate=2026-12-24&mpp=10' */
export function previewQueryString(query: PreviewQuery): string {
  const parts = [`keyword=${encodeURIComponent(query.keyword)}`];
  if (query.rules !== 'now') parts.push(`prv=${encodeURIComponent(String(query.rules))}`);
  if (query.day) parts.push(`HawkDate=${encodeURIComponent(query.day)}`);
  parts.push(`mpp=${PREVIEW_SIZE}`);
  return parts.join('&');
}

function toPreview(value: unknown): SearchPreview | null {
  if (!isObject(value) || typeof value.synonymsVersion !== 'number') return null;
  return { synonymsVersion: value.synonymsVersion, drafts: value.drafts === true, at: strOrNull(value.at) };
}

/** The first results of a keyword's search, as shoppers get it or as previewed. */
export async function fetchPreview(query: PreviewQuery, signal?: AbortSignal): Promise<PreviewAnswer> {
  const body = await apiGet<unknown>(`${SEARCH_URL}?${previewQueryString(query)}`, signal);
  if (body === undefined) return { answer: null, preview: null };
  return { answer: toSearchAnswer(body), preview: isObject(body) ? toPreview(body.preview) : null };
}
