import { createStore } from 'zustand/vanilla';
import { isObject, str } from '../shared/api/json';
import { fromPrefetched } from '../shared/api/prefetched';
import { withRenderedState } from '../shared/state/renderedStore';
import {
  EMPTY_HEADER,
  fetchHeader,
  normalizeHeader,
  fetchDeptMenu,
  prefetchedHeader,
  prefetchedMenuVersion,
  type CustomerJson,
  type HeaderData,
  type HeaderLink,
  type LocalStoreJson,
  type MenuItem,
  type SiteMessage,
} from '../shared/api/shell';

export type SessionStatus = 'idle' | 'loading' | 'success' | 'error';

/** The header data the shell shares (spec §3 "Header data"). */
export interface SessionData {
  loggedIn: boolean;
  greeting: string | null;
  customer: CustomerJson | null;
  /** 'Janesville, WI', or null when no store is set. */
  localStoreName: string | null;
  localStore: LocalStoreJson | null;
  cartQty: number;
  deptMenu: MenuItem[];
  headerLinks: HeaderLink[];
  siteMessages: SiteMessage[];
  serverTime: string | null;
  /** Footer data (see shell/components/FooterData.ts). */
  isMobileDevice: boolean | null;
  assetCdnBaseUrl: string | null;
}

export interface SessionState extends SessionData {
  status: SessionStatus;
  /** Loads the header data once; later calls share it (or the request in flight). */
  load: () => Promise<void>;
  /**
   * Refetches the header data (page show, sign-in, store change, cart change).
   * A refresh supersedes any request still in flight: only the newest answer
   * is applied. On failure the data already shown is kept.
   */
  refresh: () => Promise<void>;
  /**
   * Takes header data the server sent with another answer (a sign-in's `headerJson`: what
   * `GET /globalresource/header/?deptMenu=omit` answers) in place of fetching it: it
   * supersedes any request in flight and keeps the department menu already held. False, and
   * nothing changes, when `header` is not an object (the caller refreshes instead).
   */
  applyHeader: (header: unknown) => boolean;
  /** Sets the cart count at once, e.g. from an add-to-cart answer. */
  setCartQty: (qty: number) => void;
  /** Back to the initial state (tests). */
  reset: () => void;
}

export function toSessionData(header: HeaderData): SessionData {
  return {
    loggedIn: header.loggedIn,
    greeting: header.greeting,
    customer: header.customer,
    localStoreName: header.localStoreName,
    localStore: header.localStoreJson,
    cartQty: header.cartSummaryJson.cartQty,
    deptMenu: header.deptMenu,
    headerLinks: header.headerLinks,
    siteMessages: header.siteMessages,
    serverTime: header.serverTime,
    isMobileDevice: header.isMobileDevice,
    assetCdnBaseUrl: header.assetCdnBaseUrl,
  };
}

const initialState: SessionData & { status: SessionStatus } = {
  status: 'idle',
  ...toSessionData(EMPTY_HEADER),
};

let inFlight: Promise<void> | null = null;
let generation = 0;

const store = createStore<SessionState>()((set, get) => {
  function request(): Promise<void> {
    const mine = ++generation;
    if (get().status !== 'success') set({ status: 'loading' });
    const promise = fetchHeader()
      .then((header) => {
        if (mine === generation) set({ status: 'success', ...toSessionData(header) });
      })
      .catch(() => {
        // Keep what is shown; a guest header is the fallback before any success.
        if (mine === generation && get().status !== 'success') set({ status: 'error' });
      })
      .finally(() => {
        if (inFlight === promise) inFlight = null;
      });
    inFlight = promise;
    return promise;
  }

  return {
    ...initialState,
    load: () => {
      if (inFlight) return inFlight;
      if (get().status === 'success') return Promise.resolve();
      return request();
    },
    refresh: () => request(),
    applyHeader: (header) => {
      if (!isObject(header)) return false;
      generation++;
      const data = normalizeHeader(header);
      const menuOmitted = header.deptMenu === undefined;
      const heldMenu = get().deptMenu;
      set({ status: 'success', ...toSessionData(data), ...(menuOmitted ? { deptMenu: heldMenu } : {}) });
      // No menu held yet (the first header fetch failed or was superseded): fetch it with the header.
      if (menuOmitted && heldMenu.length === 0 && str(header.deptMenuVersion)) void request();
      return true;
    },
    setCartQty: (qty) => set({ cartQty: Math.max(0, Math.trunc(qty)) }),
    reset: () => {
      generation++;
      inFlight = null;
      set(initialState);
    },
  };
});

/**
 * The session the page was rendered with on the server: the header data the renderer fetched
 * with the visitor's cookie (`prefetchedHeader`), else the initial state. React renders the
 * server's markup from it and hydrates the browser's first render from the same answers, so the
 * header, the footer's store and a product's stock at the visitor's store are in the page's
 * first HTML and nothing changes as it hydrates.
 */
function renderedState(): SessionState {
  return fromPrefetched('session', () => {
    const header = prefetchedHeader();
    const initial = store.getInitialState();
    return header ? { ...initial, status: 'success', ...toSessionData(header) } : initial;
  });
}

/** The header data the shell shares (zustand; the server snapshot is `renderedState`). */
export const useSession = withRenderedState(store, renderedState);

/**
 * Before hydration (browser): the session becomes the one the page was rendered with, so the
 * first render matches it and the header data is not fetched again (`load` finds it loaded);
 * the department menu, which the page does not carry, is fetched by its version meanwhile.
 * Nothing changes when the page carries no header.
 */
export function adoptRenderedSession(): void {
  const rendered = renderedState();
  if (rendered.status !== 'success' || store.getState().status !== 'idle') return;
  store.setState(rendered);
  const version = prefetchedMenuVersion();
  if (!version) return;
  const mine = generation;
  fetchDeptMenu(version)
    .then((deptMenu) => {
      // A newer header (a refresh, a sign-in) brought its own menu.
      if (mine === generation && store.getState().deptMenu.length === 0) store.setState({ deptMenu });
    })
    .catch(() => {
      // The menu stays empty until the next header refresh.
    });
}

/**
 * The one way to bring the header up to date after anything that changes it (sign-in, a store
 * change, a cart command, the page shown again from the back/forward cache): the cart badge at
 * once when the caller knows the new count, then the header data from the server. Resolves
 * when the header data is in (a failure keeps what is shown).
 *
 * `header`: header data the answer of the call carried (a sign-in's `headerJson`); when it is
 * an object it is taken as it is and nothing is fetched, else (null, absent) the header is
 * fetched.
 */
export function refreshHeader(options: { cartQty?: number; header?: unknown } = {}): Promise<void> {
  const session = useSession.getState();
  if (options.cartQty !== undefined) session.setCartQty(options.cartQty);
  if (session.applyHeader(options.header)) return Promise.resolve();
  return session.refresh();
}
