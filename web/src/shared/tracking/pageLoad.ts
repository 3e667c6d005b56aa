import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { PAGE_TYPES } from './codes';
import { trackEvent } from './hawk';

const PRODUCT_PATH = /^\/product\/([^/]+)/;
const CART_PATH = /^\/cart\/?$/;
const ORDER_CONFIRMATION_PATH = /^\/(?:order-confirmation|checkout\/(?:confirmation|receipt))(?:\/|$)/;

/**
 * The page type of a path: product pages (/product/{blainNumber}/…) are
 * itemDetails, /cart/ shoppingCart, order confirmations orderConfirmation,
 * everything else custom.
 */
export function pageTypeFor(pathname: string): number {
  if (PRODUCT_PATH.test(pathname)) return PAGE_TYPES.itemDetails;
  if (CART_PATH.test(pathname)) return PAGE_TYPES.shoppingCart;
  if (ORDER_CONFIRMATION_PATH.test(pathname)) return PAGE_TYPES.orderConfirmation;
  return PAGE_TYPES.custom;
}

/**
 * A PageLoad event for a location: type_id (the page type), request_path,
 * qs (without '?'), url (the full address) and unique_id on product pages.
 */
export function trackPageLoad(location: { pathname: string; search: string }): void {
  const product = PRODUCT_PATH.exec(location.pathname);
  const unique = product?.[1] ? safeDecode(product[1]) : undefined;
  trackEvent('PageLoad', {
    type_id: pageTypeFor(location.pathname),
    request_path: location.pathname,
    qs: location.search.replace(/^\?/, ''),
    url: window.location.href,
    unique_id: unique,
  });
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Tracks a PageLoad for the first location and for every client-side
 * navigation after it: once per location entry (its key), not per render.
 * A replace navigation (the page rewriting its own URL, e.g. to the canonical
 * query) is the same page view and loads nothing new: not tracked.
 */
export function usePageLoadTracking(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const tracked = useRef<string | null>(null);
  useEffect(() => {
    if (tracked.current === location.key) return;
    const first = tracked.current === null;
    tracked.current = location.key;
    if (!first && navigationType === 'REPLACE') return;
    try {
      trackPageLoad(location);
    } catch {
      // Tracking never breaks the page.
    }
  }, [location, navigationType]);
}
