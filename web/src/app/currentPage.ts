import { useCallback } from 'react';
import { useLocation } from 'react-router';

/** A path without its trailing slashes ('/' stays '/'). */
function trimSlash(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Whether `href` is the page at `location`: same path (a trailing slash
 * doesn't matter), and when the link carries a query, every one of its
 * parameters with the same value (`/s/?keyword=rope` is current on
 * `/s/?keyword=rope&pg=2`, not on `/s/?keyword=twine`). The hash is ignored;
 * absolute URLs (other sites) are never current.
 */
export function isCurrentPage(location: { pathname: string; search: string }, href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return false;
  const url = new URL(href, 'http://local');
  if (trimSlash(url.pathname) !== trimSlash(location.pathname)) return false;
  const current = new URLSearchParams(location.search);
  for (const [name, value] of url.searchParams) {
    if (!current.getAll(name).includes(value)) return false;
  }
  return true;
}

/** The `aria-current` value of a link to `href` at `location`. */
export function ariaCurrent(location: { pathname: string; search: string }, href: string): 'page' | undefined {
  return isCurrentPage(location, href) ? 'page' : undefined;
}

/**
 * `aria-current` for links to site pages: `current(href)` is 'page' for the
 * link to the page on screen, else undefined (no attribute).
 */
export function useAriaCurrent(): (href: string) => 'page' | undefined {
  const location = useLocation();
  return useCallback((href: string) => ariaCurrent(location, href), [location]);
}
