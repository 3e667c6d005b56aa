/**
 * Changes to a search page's state (the URL contract of `./url`), as the page makes them:
 * every change of a facet, range, sort, page size or search-within goes back to page 1;
 * the compare list (`items`) keeps the page. States are never mutated.
 *
 * Also: the query sent to `GET /api/search` for a page (landing department, search-within),
 * and the landing-page rule (storefront spec §2 "Catalog list pages"): a landing page
 * reverts to its default when its query holds no `mpp`, `sort` or `cref`; the page's own
 * links carry `cref` (the landing's content reference, its department id) whenever they
 * hold a refinement without `sort` or `mpp`, so they are kept.
 */
import { normalizeRange } from '../shared/forms/format';
import { DEFAULT_MPP, emptyState, FIXED, writeSearch, type SearchState } from './url';

export const DEFAULT_PG = 1;
/** Page sizes offered (the server takes 1 to 120; 60 is the default). */
export const PAGE_SIZES: readonly number[] = [24, 60, 120];

/** Parameters that keep a landing page's query (anything else reverts it). */
export const LANDING_KEEP_PARAMS: readonly string[] = ['mpp', 'sort', 'cref'];

type FixedName = (typeof FIXED)[number];

function fixedIndex(name: string): number {
  return FIXED.indexOf(name as FixedName);
}

function copy(state: SearchState): SearchState {
  return {
    keyword: state.keyword,
    params: state.params.map(([k, v]) => [k, v] as [string, string]),
    facets: state.facets.map((f) => ({ name: f.name, values: [...f.values] })),
    ranges: state.ranges.map((r) => ({ ...r })),
    mpp: state.mpp,
    pg: state.pg,
  };
}

/** The value of a fixed parameter, or null. */
export function getParam(state: SearchState, name: string): string | null {
  return state.params.find(([k]) => k === name)?.[1] ?? null;
}

/**
 * Sets (or, with null or '', removes) a fixed parameter, keeping the contract's order.
 * Does not touch the page.
 */
export function setParam(state: SearchState, name: string, value: string | null): SearchState {
  if (fixedIndex(name) < 0) throw new Error(`Not a fixed search parameter: ${name}`);
  const next = copy(state);
  next.params = next.params.filter(([k]) => k !== name);
  if (value !== null && value !== '') next.params.push([name, value]);
  next.params.sort(([a], [b]) => fixedIndex(a) - fixedIndex(b));
  return next;
}

function firstPage(state: SearchState): SearchState {
  return { ...state, pg: DEFAULT_PG };
}

/** The selected values of a facet. */
export function facetValues(state: SearchState, name: string): string[] {
  return state.facets.find((f) => f.name === name)?.values ?? [];
}

/** Replaces a facet's values (none removes the facet); back to page 1. */
export function setFacetValues(state: SearchState, name: string, values: readonly string[]): SearchState {
  const next = copy(state);
  const unique = values.filter((v, i) => v !== '' && values.indexOf(v) === i);
  const at = next.facets.findIndex((f) => f.name === name);
  if (unique.length === 0) {
    if (at >= 0) next.facets.splice(at, 1);
  } else if (at >= 0) {
    next.facets[at] = { name, values: unique };
  } else {
    next.facets.push({ name, values: unique });
  }
  return firstPage(next);
}

/** Checks (or unchecks) one value of a multi-select facet; back to page 1. */
export function toggleFacetValue(state: SearchState, name: string, value: string, on: boolean): SearchState {
  const current = facetValues(state, name);
  const values = on
    ? current.includes(value)
      ? current
      : [...current, value]
    : current.filter((v) => v !== value);
  return setFacetValues(state, name, values);
}

function roundCents(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * Sets a range facet (rounded to cents); a range that covers `bounds` is removed, as
 * the writer would leave it out anyway. Back to page 1.
 */
export function setRange(
  state: SearchState,
  name: string,
  from: number,
  to: number,
  bounds?: readonly [number, number],
): SearchState {
  const next = copy(state);
  next.ranges = next.ranges.filter((r) => r.name !== name);
  const lo = roundCents(Math.min(from, to));
  const hi = roundCents(Math.max(from, to));
  if (!(bounds && lo <= bounds[0] && hi >= bounds[1])) next.ranges.push({ name, from: lo, to: hi });
  return firstPage(next);
}

export function removeRange(state: SearchState, name: string): SearchState {
  const next = copy(state);
  next.ranges = next.ranges.filter((r) => r.name !== name);
  return firstPage(next);
}

/** The chosen range of a facet, or null. */
export function getRange(state: SearchState, name: string): { from: number; to: number } | null {
  const r = state.ranges.find((x) => x.name === name);
  return r ? { from: r.from, to: r.to } : null;
}

/** Reads a number typed in a range box ('$1,200.50' → 1200.5); null when it is none. */
export function parseAmount(text: string): number | null {
  const t = text.replace(/[$,\s]/g, '');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/**
 * The range typed in the from/to boxes of a range facet (spec §5: numeric range inputs
 * fall back to min and max if the range is invalid): a box that is empty, not a number
 * or outside [min, max] takes its bound; a reversed range takes both.
 */
export function rangeFromInputs(fromText: string, toText: string, min: number, max: number): [number, number] {
  return normalizeRange(parseAmount(fromText), parseAmount(toText), min, max);
}

export function withSort(state: SearchState, sort: string | null): SearchState {
  return firstPage(setParam(state, 'sort', sort === 'relevance' ? null : sort));
}

export function withPageSize(state: SearchState, mpp: number): SearchState {
  return { ...copy(state), mpp, pg: DEFAULT_PG };
}

export function withPage(state: SearchState, pg: number): SearchState {
  return { ...copy(state), pg: Math.max(DEFAULT_PG, Math.trunc(pg)) };
}

/** Search within these results: a second keyword that narrows them; back to page 1. */
export function withSearchWithin(state: SearchState, text: string | null): SearchState {
  const t = text?.trim() ?? '';
  return firstPage(setParam(state, 'searchWithin', t === '' ? null : t));
}

/** Removes the facets, ranges and search-within (keyword, sort, page size stay); page 1. */
export function clearRefinements(state: SearchState): SearchState {
  const next = setParam(copy(state), 'searchWithin', null);
  next.facets = [];
  next.ranges = [];
  return firstPage(next);
}

/** Whether the state filters the results (facets, ranges or search-within). */
export function hasRefinements(state: SearchState): boolean {
  return state.facets.length > 0 || state.ranges.length > 0 || getParam(state, 'searchWithin') !== null;
}

// ------------------------------------------------------------------ compare list

/** The compare list (`items`, a comma list of product numbers). */
export function compareItems(state: SearchState): string[] {
  const raw = getParam(state, 'items');
  if (!raw) return [];
  const out: string[] = [];
  for (const id of raw.split(',')) {
    const t = id.trim();
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

/** Sets the compare list; the page stays. */
export function withCompareItems(state: SearchState, items: readonly string[]): SearchState {
  return setParam(state, 'items', items.length ? items.join(',') : null);
}

// ------------------------------------------------------------------ the API's query

/**
 * The query string for `GET /api/search`: the page's state, plus `lp` for a landing page.
 * `searchWithin` goes as is (the server narrows the results to items that also match its
 * words and answers the typed keyword); `items` (the compare list) and `cref` do not change
 * the results and are left out, so checking an item refetches nothing.
 */
export function apiQuery(state: SearchState, landing?: string | number | null): string {
  let next = copy(state);
  next = setParam(next, 'items', null);
  next = setParam(next, 'cref', null);
  if (landing !== undefined && landing !== null && landing !== '') next = setParam(next, 'lp', String(landing));
  return writeSearch(next);
}

/** What makes two result sets the same search (a change of anything else is a refinement). */
export function searchIdentity(state: SearchState, landing?: string | number | null): string {
  return JSON.stringify([state.keyword?.toLowerCase() ?? null, landing ?? null]);
}

// ------------------------------------------------------------------ landing pages

/** The names of the parameters of a raw query string. */
export function queryParamNames(query: string): string[] {
  return query
    .replace(/^[?#]+/, '')
    .split('&')
    .filter((p) => p !== '')
    .map((p) => {
      const at = p.indexOf('=');
      try {
        return decodeURIComponent((at < 0 ? p : p.slice(0, at)).replace(/\+/g, ' '));
      } catch {
        return at < 0 ? p : p.slice(0, at);
      }
    });
}

/** A landing page's query reverts to the default when it holds no mpp, sort or cref. */
export function landingReverts(query: string): boolean {
  const names = queryParamNames(query);
  return names.length > 0 && !names.some((n) => LANDING_KEEP_PARAMS.includes(n));
}

/** Whether a state is a landing page's default (nothing chosen). */
export function isDefaultState(state: SearchState): boolean {
  return (
    state.keyword === null &&
    state.params.length === 0 &&
    state.facets.length === 0 &&
    state.ranges.length === 0 &&
    state.mpp === DEFAULT_MPP &&
    state.pg === DEFAULT_PG
  );
}

/**
 * The query string of a landing page's state: empty for its default; otherwise `cref`
 * (the landing's id) is added when neither sort nor mpp would keep the query.
 */
export function writeLanding(
  state: SearchState,
  landingId: string | number,
  bounds?: (name: string) => [number, number] | undefined,
): string {
  let next = setParam(copy(state), 'cref', null);
  next.keyword = null;
  next = setParam(next, 'lp', null);
  if (isDefaultState(next)) return '';
  if (getParam(next, 'sort') === null && next.mpp === DEFAULT_MPP) {
    next = setParam(next, 'cref', String(landingId));
  }
  return writeSearch(next, undefined, bounds);
}

/** A fresh default state (re-exported for the pages). */
export function defaultState(): SearchState {
  return emptyState();
}
