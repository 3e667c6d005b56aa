/**
 * The state of a result list page, all of it in the URL (the search page's query string,
 * read and written by the shared URL contract, `../search/url`): reads the state, asks
 * `GET /api/search` for it, tracks each result set, and changes the URL (client-side, no
 * reload) when the shopper refines.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fetchSearch, isNotFound, prefetchedSearch, type SearchAnswer } from '../shared/api/search';
import { isLocalUrl } from '../shared/forms/redirect';
import {
  apiQuery,
  defaultState,
  getParam,
  landingReverts,
  searchIdentity,
  writeLanding,
} from '../search/state';
import { queryIdFor, searchTypeFor, trackSearch } from '../search/tracking';
import { parseSearch, UrlError, writeSearch, type SearchState } from '../search/url';
import { rememberProducts } from './productCache';

export type ListingKind = 'search' | 'landing';
export type ListingStatus = 'idle' | 'loading' | 'ready' | 'error' | 'notfound';

/**
 * Changes are client-side (history API). Without it (the spec's "ajax disabled") the page
 * loads the new address in full.
 */
export function ajaxEnabled(): boolean {
  return typeof window !== 'undefined' && typeof window.history?.pushState === 'function';
}

export interface GoOptions {
  /** Replace the history entry (the compare list), instead of adding one. */
  replace?: boolean;
  /** Scroll to the top (a new page of results); facet changes keep the scroll. */
  scroll?: boolean;
}

export interface Listing {
  kind: ListingKind;
  /** The state in the URL. */
  state: SearchState;
  /** Why the URL could not be read (the page then shows its default). */
  urlError: string | null;
  /**
   * Whether there is anything to ask for: a search page needs a keyword, a filter or a
   * chosen sort ('/s/?sort=newest' lists every product, newest first).
   */
  searchable: boolean;
  status: ListingStatus;
  /** The newest answer (kept on screen while the next one loads). */
  answer: SearchAnswer | null;
  /** The state `answer` is for. */
  answerState: SearchState | null;
  /** The tracking id of `answer`'s result set. */
  queryId: string | null;
  /** The query sent for the current state (Item details reuses it). */
  request: string | null;
  loading: boolean;
  /** Navigates to a new state. */
  go: (next: SearchState, options?: GoOptions) => void;
  /** The address of a state (for links). */
  href: (next: SearchState) => string;
  retry: () => void;
}

interface Loaded {
  request: string;
  attempt: number;
  state: SearchState;
  answer: SearchAnswer | null;
  queryId: string | null;
  status: 'ready' | 'error' | 'notfound';
}

/** A landing page the server does not answer (204) is no page. */
function answerStatus(answer: SearchAnswer | null, kind: ListingKind): Loaded['status'] {
  return answer ? 'ready' : kind === 'landing' ? 'notfound' : 'error';
}

export interface ListingOptions {
  kind: ListingKind;
  /** A landing page's department URL (its path). */
  landingPath?: string;
  /** The landing's department id, when known (written as `cref`). */
  landingId?: number | null;
}

/** A listing's address read: its state, why it could not be read, and whether it reverts. */
function readAddress(kind: ListingKind, raw: string): { state: SearchState; urlError: string | null; reverts: boolean } {
  const reverts = kind === 'landing' && landingReverts(raw);
  if (reverts) return { state: defaultState(), urlError: null, reverts };
  try {
    return { state: parseSearch(raw), urlError: null, reverts };
  } catch (error) {
    const message = error instanceof UrlError ? error.message : 'This search address can’t be read.';
    return { state: defaultState(), urlError: message, reverts };
  }
}

/** The contract's hash form (`#keyword=rope&pg=2`), which moves to the query string. */
function hashQueryOf(raw: string, hash: string): string | null {
  return raw === '' && /^#[^=&]+=/.test(hash) ? hash.slice(1) : null;
}

/**
 * Whether there is anything to ask for: a search page needs a keyword, a filter or a chosen
 * sort ('/s/?sort=newest' lists every product, newest first).
 */
function isSearchable(kind: ListingKind, state: SearchState): boolean {
  return (
    kind === 'landing' ||
    state.keyword !== null ||
    state.facets.length > 0 ||
    state.ranges.length > 0 ||
    getParam(state, 'searchWithin') !== null ||
    getParam(state, 'sort') !== null
  );
}

function requestOf(
  kind: ListingKind,
  landingPath: string | undefined,
  address: { state: SearchState; reverts: boolean },
  hashQuery: string | null,
): string | null {
  const landingParam = kind === 'landing' ? (landingPath ?? null) : null;
  return isSearchable(kind, address.state) && !address.reverts && hashQuery === null
    ? apiQuery(address.state, landingParam)
    : null;
}

/**
 * The API query a listing page sends for an address (`search`: its query string), or null when
 * it sends none. The web renderer asks it ahead of rendering the page (`src/ssr/prefetch.ts`).
 */
export function listingRequest(kind: ListingKind, landingPath: string | undefined, search: string): string | null {
  return requestOf(kind, landingPath, readAddress(kind, search), null);
}

export function useListing({ kind, landingPath, landingId }: ListingOptions): Listing {
  const location = useLocation();
  const navigate = useNavigate();
  const raw = location.search;

  const address = useMemo(() => readAddress(kind, raw), [kind, raw]);
  const { state, urlError, reverts } = address;

  const hashQuery = hashQueryOf(raw, location.hash);
  useEffect(() => {
    if (hashQuery !== null) {
      void navigate({ pathname: location.pathname, search: `?${hashQuery}`, hash: '' }, { replace: true });
    }
  }, [hashQuery, location.pathname, navigate]);

  // A landing page whose query holds no mpp, sort or cref reverts to its default.
  useEffect(() => {
    if (reverts) {
      void navigate({ pathname: location.pathname, search: '', hash: location.hash }, {
        replace: true,
        preventScrollReset: true,
      });
    }
  }, [reverts, location.pathname, location.hash, navigate]);

  const searchable = isSearchable(kind, state);
  const landingParam = kind === 'landing' ? (landingPath ?? null) : null;
  const request = requestOf(kind, landingPath, address, hashQuery);

  // A page rendered on the server starts from the answer it was rendered with.
  const [loaded, setLoaded] = useState<Loaded | null>(() => {
    const answer = request === null ? undefined : prefetchedSearch(request);
    if (request === null || answer === undefined) return null;
    return { request, attempt: 0, state, answer, queryId: answer ? queryIdFor(answer.queryId) : null, status: answerStatus(answer, kind) };
  });
  const [attempt, setAttempt] = useState(0);
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => {
    if (request === null) return;
    const rendered = attempt === 0 ? prefetchedSearch(request) : undefined;
    if (rendered !== undefined) {
      if (rendered) rememberProducts(rendered.items);
      return;
    }
    const controller = new AbortController();
    const forState = stateRef.current;
    fetchSearch(request, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        if (answer) rememberProducts(answer.items);
        setLoaded({
          request,
          attempt,
          state: forState,
          answer,
          queryId: answer ? queryIdFor(answer.queryId) : null,
          status: answerStatus(answer, kind),
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded((previous) => ({
          request,
          attempt,
          state: forState,
          answer: isNotFound(error) ? null : (previous?.answer ?? null),
          queryId: previous?.queryId ?? null,
          status: isNotFound(error) ? 'notfound' : 'error',
        }));
      },
    );
    return () => controller.abort();
  }, [request, attempt, kind]);

  // One Search event per result set: a new keyword or landing is a search, the same one
  // again (other facets, sort, page size or page) a refinement.
  const lastIdentity = useRef<string | null>(null);
  const tracked = useRef<Loaded | null>(null);
  useEffect(() => {
    if (!loaded || loaded.status !== 'ready' || !loaded.answer || tracked.current === loaded) return;
    tracked.current = loaded;
    const identity = searchIdentity(loaded.state, landingParam);
    const typeId = searchTypeFor(lastIdentity.current, identity);
    lastIdentity.current = identity;
    trackSearch({
      keyword: loaded.state.keyword,
      typeId,
      queryId: loaded.queryId!,
      total: loaded.answer.total,
      items: loaded.answer.items.map((i) => i.blainNumber),
    });
  }, [loaded, landingParam]);

  // A keyword a merchandiser sends elsewhere.
  const redirect = loaded?.status === 'ready' ? loaded.answer?.redirect : null;
  useEffect(() => {
    if (redirect && isLocalUrl(redirect)) void navigate(redirect, { replace: true });
  }, [redirect, navigate]);

  const answer = loaded?.answer ?? null;
  const bounds = useCallback(
    (name: string): [number, number] | undefined => {
      const facet = answer?.facets.find((f) => f.name === name && f.kind === 'range');
      return facet && facet.min !== undefined && facet.max !== undefined ? [facet.min, facet.max] : undefined;
    },
    [answer],
  );

  const queryOf = useCallback(
    (next: SearchState): string =>
      kind === 'landing'
        ? writeLanding(next, landingId ?? answer?.landing?.id ?? landingPath ?? '', bounds)
        : writeSearch(next, undefined, bounds),
    [kind, landingId, answer, landingPath, bounds],
  );

  const href = useCallback(
    (next: SearchState): string => {
      const q = queryOf(next);
      return `${location.pathname}${q ? `?${q}` : ''}`;
    },
    [queryOf, location.pathname],
  );

  const go = useCallback(
    (next: SearchState, options: GoOptions = {}) => {
      const q = queryOf(next);
      if (!ajaxEnabled()) {
        window.location.assign(`${location.pathname}${q ? `?${q}` : ''}`);
        return;
      }
      void navigate(
        { pathname: location.pathname, search: q ? `?${q}` : '' },
        { replace: options.replace, preventScrollReset: !options.scroll },
      );
    },
    [queryOf, navigate, location.pathname],
  );

  const current = loaded !== null && loaded.request === request && loaded.attempt === attempt;
  const status: ListingStatus =
    request === null ? 'idle' : current ? loaded.status : 'loading';

  return {
    kind,
    state,
    urlError,
    searchable,
    status,
    answer: request === null ? null : answer,
    answerState: loaded?.state ?? null,
    queryId: loaded?.queryId ?? null,
    request,
    loading: status === 'loading',
    go,
    href,
    retry: () => setAttempt((n) => n + 1),
  };
}
