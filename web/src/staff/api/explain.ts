/**
 * Item details as a merchandiser sees them (`GET /api/staff/search/explain`, the merchandiser
 * role): what every shopper's item details say — the product's searchable fields, each word of
 * the keyword with the fields holding it, whether it matches the search and which filters
 * leave it out — and the staff's part: its score and tantivy's explanation of it, the in-store
 * boost, its pin on the search's board, the rules that applied, and the board.
 *
 * The query string is the search page's own (as it sends `/api/search`) and `docid`, the
 * product number.
 */
import { apiGet, NetworkError } from '../../shared/api/client';
import { isObject, type Json } from '../../shared/api/json';
import type { ExplainWord, ItemExplain } from '../../shared/api/search';
import type { Wire } from '../../shared/api/wire';

export const STAFF_EXPLAIN_URL = '/api/staff/search/explain';

/** A node of tantivy's explanation of a score: its value, what it is, and its parts. */
export interface ScoreNode {
  value: number | null;
  description: string;
  details: ScoreNode[];
  context: string[];
}

/** The staff's part; the explanation read into `ScoreNode`s. */
export type ScoreParts = Omit<Wire<'ScoreParts'>, 'explanation'> & { explanation: ScoreNode | null };

/** Item details with the staff's part (absent when the server leaves it out). */
export type StaffExplain = ItemExplain & { scores: ScoreParts | null; board: string | null };

/** Deepest explanation node read (deeper parts are left out). */
const MAX_DEPTH = 24;

function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : [];
}

function finite(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function objects(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

export function toScoreNode(value: unknown, depth = 0): ScoreNode | null {
  if (!isObject(value) || depth > MAX_DEPTH) return null;
  return {
    value: finite(value.value),
    description: text(value.description),
    details: objects(value.details)
      .map((d) => toScoreNode(d, depth + 1))
      .filter((d): d is ScoreNode => d !== null),
    context: strings(value.context),
  };
}

function toScores(value: unknown): ScoreParts | null {
  if (!isObject(value)) return null;
  const pin = isObject(value.pin) && finite(value.pin.position) !== null
    ? { position: finite(value.pin.position)!, slot: finite(value.pin.slot) }
    : null;
  return {
    score: finite(value.score),
    explanation: toScoreNode(value.explanation),
    rankedByScore: value.rankedByScore === true,
    storeBoost: finite(value.storeBoost) ?? 0,
    storeBoostApplied: value.storeBoostApplied === true,
    pin,
    rules: strings(value.rules),
  };
}

function toWord(w: Json): ExplainWord {
  const word: ExplainWord = {
    word: text(w.word),
    stems: strings(w.stems),
    fields: strings(w.fields),
    typos: objects(w.typos).map((t) => ({ field: text(t.field), word: text(t.word), edits: finite(t.edits) ?? 0 })),
    matched: w.matched === true,
  };
  if (typeof w.synonymOf === 'string') word.synonymOf = w.synonymOf;
  return word;
}

/** Checks a staff item details answer (exported for tests). */
export function toStaffExplain(body: unknown, docid: string): StaffExplain {
  if (!isObject(body) || !isObject(body.fields)) throw new NetworkError(200);
  const f = body.fields;
  return {
    docid: text(body.docid, docid),
    keyword: typeof body.keyword === 'string' ? body.keyword : null,
    fields: {
      number: text(f.number),
      name: text(f.name),
      brand: text(f.brand),
      keywords: strings(f.keywords),
      attributes: objects(f.attributes).map((a) => ({ name: text(a.name), value: text(a.value) })),
      description: text(f.description),
    },
    inIndex: body.inIndex === true,
    matched: body.matched === true,
    keywordMatched: typeof body.keywordMatched === 'boolean' ? body.keywordMatched : null,
    failedFilters: strings(body.failedFilters),
    numberMatched: body.numberMatched === true,
    words: objects(body.words).map(toWord),
    scores: toScores(body.scores),
    board: typeof body.board === 'string' ? body.board : null,
  };
}

/** Item details of `docid` on the search `query` (the page's query string, no leading `?`). */
export async function fetchStaffExplain(query: string, docid: string, signal?: AbortSignal): Promise<StaffExplain> {
  const q = query.replace(/^[?#&]+/, '');
  const body = await apiGet<unknown>(
    `${STAFF_EXPLAIN_URL}?${q ? `${q}&` : ''}docid=${encodeURIComponent(docid)}`,
    signal,
  );
  return toStaffExplain(body, docid);
}
