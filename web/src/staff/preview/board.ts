/**
 * What the preview script reads from the shoppers' page address: the merchandising board a pin
 * changes, the search the page shows (for Explain), and the preview's own parameters.
 *
 * The board follows the server's rule: the keyword's board when the search has a keyword,
 * else the landing page's. On the search page (`/s/?keyword=…`) the keyword is the `keyword`
 * parameter, the landing page its `lp` parameter (a department id, or a department's URL). A
 * department page (any other page listing result cards) is the landing page of its own path:
 * pins name it by URL (`lpurl`), which the server turns into the department's id with the same
 * lookup it gives the page's own search (`/api/search?lp=<path>`), so the script needs neither
 * the id nor a call of its own to find it, and it holds through the SPA's navigations.
 */

export type PreviewBoard =
  | { kind: 'keyword'; keyword: string }
  /** A landing page by department id (`/s/?lp=12`). */
  | { kind: 'landing'; lp: string }
  /** A landing page by URL: a department page's path, or `/s/?lp=/farm/fencing/`. */
  | { kind: 'landingUrl'; url: string };

/** The search page's paths. */
export function isSearchPath(pathname: string): boolean {
  return pathname === '/s' || pathname === '/s/';
}

function param(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value ? value : null;
}

/**
 * The board of the page at `pathname` + `search`; `listing` says whether the page lists result
 * cards (a department page does). Null: nothing to pin for (a search without a keyword or a
 * landing page, a page of another kind).
 */
export function boardFromLocation(pathname: string, search: string, listing: boolean): PreviewBoard | null {
  const params = new URLSearchParams(search);
  if (isSearchPath(pathname)) {
    const keyword = param(params, 'keyword');
    if (keyword !== null) return { kind: 'keyword', keyword };
    const lp = param(params, 'lp');
    if (lp === null) return null;
    return /^\d+$/.test(lp) ? { kind: 'landing', lp } : { kind: 'landingUrl', url: lp };
  }
  return listing ? { kind: 'landingUrl', url: pathname } : null;
}

/** The board's fields of a pin request (`PinRequest`: keyword, else lp, else lpurl). */
export function boardRequest(board: PreviewBoard): { keyword: string | null; lp: string | null; lpurl?: string } {
  switch (board.kind) {
    case 'keyword':
      return { keyword: board.keyword, lp: null };
    case 'landing':
      return { keyword: null, lp: board.lp };
    case 'landingUrl':
      return { keyword: null, lp: null, lpurl: board.url };
  }
}

/** The hawk ids of the address a pin carries (they do not choose the board). */
export function hawkIds(search: string): { hawkb: string | null; hawkaid: string | null; hawkp: string | null } {
  const params = new URLSearchParams(search);
  return { hawkb: param(params, 'hawkb'), hawkaid: param(params, 'hawkaid'), hawkp: param(params, 'hawkp') };
}

/**
 * A board as a key (to remember its pins by): `kw:dog food` (lower case, spaces collapsed, as
 * the server names it), `lp:12`, `lpurl:/farm/fencing/`.
 */
export function boardKey(board: PreviewBoard): string {
  switch (board.kind) {
    case 'keyword':
      return `kw:${board.keyword.split(/\s+/).filter(Boolean).join(' ').toLowerCase()}`;
    case 'landing':
      return `lp:${board.lp}`;
    case 'landingUrl':
      return `lpurl:/${board.url.trim().replace(/^\/+|\/+$/g, '').toLowerCase()}/`;
  }
}

/**
 * The board in words, for the preview bar: '“dog food”', 'the “Fencing” department page'
 * (`heading`: the page's heading, when it has one), 'department page 12'.
 */
export function boardLabel(board: PreviewBoard, heading: string | null): string {
  switch (board.kind) {
    case 'keyword':
      return `“${board.keyword}”`;
    case 'landing':
      return heading ? `the “${heading}” department page` : `department page ${board.lp}`;
    case 'landingUrl':
      return heading ? `the “${heading}” department page` : `the department page ${board.url}`;
  }
}

/** The raw `name=value` pairs of a query string, without the leading `?`. */
function pairs(search: string): string[] {
  return search
    .replace(/^[?#]+/, '')
    .split('&')
    .filter((p) => p !== '');
}

function pairName(pair: string): string {
  const at = pair.indexOf('=');
  const name = at < 0 ? pair : pair.slice(0, at);
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** What the page's own search leaves out of its `/api/search` query (and explain's `docid`). */
const NOT_SEARCHED = new Set(['items', 'cref', 'docid']);

/**
 * The query string of the search the page shows, as the page sends it to `/api/search` and as
 * item details take it (`/api/staff/search/explain?…&docid=`): the search page's own query
 * string; for a department page `lp=<its path>` and its query string. Pairs are kept as written.
 */
export function pageSearchQuery(pathname: string, search: string): string {
  const kept = pairs(search).filter((p) => !NOT_SEARCHED.has(pairName(p)));
  if (!isSearchPath(pathname)) kept.unshift(`lp=${encodeURIComponent(pathname)}`);
  return kept.join('&');
}

/**
 * The query string with `name` set to `value` (replacing it where it was, else added at the
 * end) or, with `value` null, without it; the other pairs as written. '' or '?…'.
 */
export function withParam(search: string, name: string, value: string | null): string {
  const list = pairs(search);
  const next: string[] = [];
  let placed = false;
  for (const pair of list) {
    if (pairName(pair) !== name) {
      next.push(pair);
    } else if (value !== null && !placed) {
      next.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
      placed = true;
    }
  }
  if (value !== null && !placed) next.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  return next.length > 0 ? `?${next.join('&')}` : '';
}

/** What the page previews: the synonym rules with drafts (`prv=draft`) and the day (`HawkDate`). */
export interface PreviewParams {
  drafts: boolean;
  /** `prv=N`: a version of the rules; null when not asked. */
  version: string | null;
  /** `YYYY-MM-DD`, or null for now. */
  day: string | null;
}

export function previewParams(search: string): PreviewParams {
  const params = new URLSearchParams(search);
  const prv = param(params, 'prv');
  const day = param(params, 'HawkDate');
  return {
    drafts: prv === 'draft',
    version: prv !== null && /^\d+$/.test(prv) ? prv : null,
    day: day !== null && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null,
  };
}
