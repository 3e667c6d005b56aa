/**
 * The search page's URL contract (spec 2.4), the same rules as the server's parser and writer
 * (search-indexer/src/url.rs); both are checked against search-indexer/url-cases.json.
 *
 * - Fixed parameters: the keyword (its name configurable), then FIXED in order; `mpp` omitted
 *   when 60, `pg` when 1.
 * - Any other parameter is a facet `name=v1,v2`: a comma inside a value is `\,`, a backslash
 *   `\\`, then the value is percent-encoded (the separating commas are not).
 * - Range facets (`price` by default) `name=from,to`, left out at the facet's bounds; reversed
 *   ends are read in order.
 */

export const DEFAULT_MPP = 60;
export const MAX_MPP = 120;
export const MAX_PG = 10_000;
export const MAX_QUERY_CHARS = 4096;
export const MAX_FACET_VALUES = 50;

export const FIXED = [
  'prv',
  'lp',
  'cref',
  'adv',
  'searchWithin',
  'sort',
  'it',
  'items',
  'operator',
  'expand',
  'hawkb',
  'HawkDate',
  'hawkflags',
  'hawkaid',
  'hawkp',
] as const;

const RESERVED = ['mpp', 'pg', 'ajax', 'json', 'docid', 'fn'];

export interface FacetSelection {
  name: string;
  values: string[];
}

export interface RangeSelection {
  name: string;
  from: number;
  to: number;
}

export interface SearchState {
  keyword: string | null;
  /** Fixed parameters present, [name, value], in FIXED order. */
  params: [string, string][];
  facets: FacetSelection[];
  ranges: RangeSelection[];
  mpp: number;
  pg: number;
}

export interface Contract {
  keywordParam: string;
  rangeFacets: string[];
}

export const DEFAULT_CONTRACT: Contract = { keywordParam: 'keyword', rangeFacets: ['price'] };

export function emptyState(): SearchState {
  return { keyword: null, params: [], facets: [], ranges: [], mpp: DEFAULT_MPP, pg: 1 };
}

export class UrlError extends Error {}

const RANGE_MESSAGE = (name: string) => `The range '${name}' must be two numbers, from and to.`;

/** Percent-decoding as the server does it: `+` is a space, a malformed escape stays as is. */
function percentDecode(text: string): string {
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '+') {
      bytes.push(0x20);
    } else if (c === '%' && i + 2 < text.length && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...encoder.encode(c));
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

function percentEncode(text: string, keep = ''): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(ch)) out += ch;
    else if (byte === 0x20) out += '+';
    else if (keep.includes(ch)) out += ch;
    else out += '%' + byte.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

/** Splits a decoded facet value list on unescaped commas, unescaping `\,` and `\\`. */
export function splitValues(text: string): string[] {
  const values: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') {
      if (i + 1 < text.length) {
        current += text[i + 1];
        i++;
      } else {
        current += '\\';
      }
    } else if (c === ',') {
      values.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  values.push(current);
  return values.filter((v) => v !== '');
}

function escapeValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/,/g, '\\,');
}

function toNumber(text: string): number | null {
  const t = text.trim();
  if (t === '' || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

/** Reads a query string (with or without a leading `?` or `#`). */
export function parseSearch(query: string, contract: Contract = DEFAULT_CONTRACT): SearchState {
  const q = query.replace(/^[?#]+/, '');
  if (q.length > MAX_QUERY_CHARS) throw new UrlError('The search address is too long.');
  const state = emptyState();
  const fixed: [string, string][] = [];
  for (const pair of q.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const name = percentDecode(at < 0 ? pair : pair.slice(0, at));
    const value = percentDecode(at < 0 ? '' : pair.slice(at + 1));
    if (name === contract.keywordParam) {
      const keyword = value.trim();
      state.keyword = keyword === '' ? null : keyword;
    } else if ((FIXED as readonly string[]).includes(name)) {
      if (value !== '') {
        const existing = fixed.findIndex(([k]) => k === name);
        if (existing >= 0) fixed.splice(existing, 1);
        fixed.push([name, value]);
      }
    } else if (name === 'mpp') {
      const n = wholeNumber(value, 1, MAX_MPP);
      if (n === null) throw new UrlError(`The page size (mpp) must be between 1 and ${MAX_MPP}.`);
      state.mpp = n;
    } else if (name === 'pg') {
      const n = wholeNumber(value, 1, MAX_PG);
      if (n === null) throw new UrlError(`The page number (pg) must be between 1 and ${MAX_PG}.`);
      state.pg = n;
    } else if (RESERVED.includes(name) || name === '') {
      continue;
    } else if (contract.rangeFacets.includes(name)) {
      const values = splitValues(value);
      const a = values.length === 2 ? toNumber(values[0]!) : null;
      const b = values.length === 2 ? toNumber(values[1]!) : null;
      if (a === null || b === null) throw new UrlError(RANGE_MESSAGE(name));
      state.ranges = state.ranges.filter((r) => r.name !== name);
      state.ranges.push({ name, from: Math.min(a, b), to: Math.max(a, b) });
    } else {
      const values = splitValues(value);
      if (values.length === 0) continue;
      let facet = state.facets.find((f) => f.name === name);
      if (!facet) {
        facet = { name, values: [] };
        state.facets.push(facet);
      }
      for (const v of values) {
        if (!facet.values.includes(v) && facet.values.length < MAX_FACET_VALUES) facet.values.push(v);
      }
    }
  }
  fixed.sort(([a], [b]) => FIXED.indexOf(a as never) - FIXED.indexOf(b as never));
  state.params = fixed;
  return state;
}

/** Writes the canonical query string; `bounds(name)` gives a range facet's [min, max]. */
export function writeSearch(
  state: SearchState,
  contract: Contract = DEFAULT_CONTRACT,
  bounds: (name: string) => [number, number] | undefined = () => undefined,
): string {
  const parts: string[] = [];
  if (state.keyword !== null) {
    parts.push(`${percentEncode(contract.keywordParam)}=${percentEncode(state.keyword)}`);
  }
  for (const name of FIXED) {
    const found = state.params.find(([k]) => k === name);
    if (found) parts.push(`${name}=${percentEncode(found[1], ',')}`);
  }
  for (const f of state.facets) {
    if (f.values.length === 0) continue;
    const values = f.values.map((v) => percentEncode(escapeValue(v), ','));
    parts.push(`${percentEncode(f.name)}=${values.join(',')}`);
  }
  for (const r of state.ranges) {
    const b = bounds(r.name);
    if (b && r.from <= b[0] && r.to >= b[1]) continue;
    parts.push(`${percentEncode(r.name)}=${String(r.from)},${String(r.to)}`);
  }
  if (state.mpp !== DEFAULT_MPP) parts.push(`mpp=${state.mpp}`);
  if (state.pg !== 1) parts.push(`pg=${state.pg}`);
  return parts.join('&');
}
