import { useEffect } from 'react';
import { useSession } from '../session';
import { LOGIN_PATH, LOGOUT_PATH } from '../content/siteLinks';
import { isLocalUrl } from './destination';
import { isSignInPage, openSignIn, SIGN_IN_PAGES, type SignInPage } from './signInPanelStore';

/**
 * Sign-in and create-account links anywhere on the page open the sign-in
 * panel unless the visitor is signed in (accounts-rewards-search §2.2).
 *
 * A link opts in with one of:
 * - `href="/account/login/…"` (page 0, or page 1 with `create=1`);
 * - `data-sign-in="login" | "create" | "0"…"4"` (the page);
 * - `data-requires-sign-in` (an account link: guests get page 0 and the
 *   link's own href becomes the remembered destination).
 * Optional: `data-destination="/path/"` and `data-skip-cart-merge="true"`.
 */
export { LOGIN_PATH, LOGOUT_PATH };
export const SIGN_IN_ATTR = 'data-sign-in';
export const REQUIRES_SIGN_IN_ATTR = 'data-requires-sign-in';
export const DESTINATION_ATTR = 'data-destination';
export const SKIP_CART_MERGE_ATTR = 'data-skip-cart-merge';

/** `path` as a refUrl, or null on the home page (spec §2: omitted there). */
function refUrlFor(path: string): string | null {
  return path === '/' || path === '' ? null : path;
}

/** Fallback href of a Sign In link: /account/login/?refUrl={current path}. */
export function loginHref(currentPath: string, create = false): string {
  const params = new URLSearchParams();
  if (create) params.set('create', '1');
  const ref = refUrlFor(currentPath);
  if (ref) params.set('refUrl', ref);
  const query = params.toString();
  return query ? `${LOGIN_PATH}?${query}` : LOGIN_PATH;
}

/** /account/logout/?refUrl={current path}, without refUrl on the home page. */
export function logoutHref(currentPath: string): string {
  const ref = refUrlFor(currentPath);
  return ref ? `${LOGOUT_PATH}?${new URLSearchParams({ refUrl: ref })}` : LOGOUT_PATH;
}

export interface SignInIntent {
  page: SignInPage;
  destination: string | null;
  skipCartMerge: boolean;
}

function flag(value: string | null): boolean {
  return value !== null && value !== 'false' && value !== '0';
}

function pageFromAttr(value: string): SignInPage {
  if (value === 'create') return SIGN_IN_PAGES.create;
  const n = Number(value);
  return isSignInPage(n) ? n : SIGN_IN_PAGES.login;
}

/** What a click on `element` asks of the sign-in panel, or null when nothing. */
export function signInIntent(element: Element): SignInIntent | null {
  const explicit = element.getAttribute(DESTINATION_ATTR);
  const skipCartMerge = flag(element.getAttribute(SKIP_CART_MERGE_ATTR));
  const destination = isLocalUrl(explicit) ? explicit : null;

  const pageAttr = element.getAttribute(SIGN_IN_ATTR);
  if (pageAttr !== null) return { page: pageFromAttr(pageAttr), destination, skipCartMerge };

  if (element.hasAttribute(REQUIRES_SIGN_IN_ATTR)) {
    const href = element.getAttribute('href');
    return {
      page: SIGN_IN_PAGES.login,
      destination: destination ?? (isLocalUrl(href) ? href : null),
      skipCartMerge,
    };
  }

  if (element instanceof HTMLAnchorElement && element.getAttribute('href')) {
    let url: URL;
    try {
      url = new URL(element.href, window.location.href);
    } catch {
      return null;
    }
    if (url.origin !== window.location.origin || url.pathname !== LOGIN_PATH) return null;
    const page = url.searchParams.get('create') === '1' ? SIGN_IN_PAGES.create : SIGN_IN_PAGES.login;
    return { page, destination, skipCartMerge };
  }
  return null;
}

const SELECTOR = `a[href], [${SIGN_IN_ATTR}], [${REQUIRES_SIGN_IN_ATTR}]`;

/**
 * Installs the page-wide click handler. It runs in the capture phase so it
 * decides before a router link navigates (`<Link>` skips prevented clicks).
 */
export function useSignInLinks(): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target.closest(SELECTOR) : null;
      if (!target) return;
      if (target instanceof HTMLAnchorElement && target.target && target.target !== '_self') return;
      const intent = signInIntent(target);
      if (!intent || useSession.getState().loggedIn) return;
      event.preventDefault();
      openSignIn(intent.page, {
        destination: intent.destination,
        skipCartMerge: intent.skipCartMerge,
      });
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
}
