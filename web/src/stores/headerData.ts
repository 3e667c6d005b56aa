/**
 * The header data (GET /globalresource/header/) as the banner, the footer
 * and the store finder use it. The data lives in the shell's session store
 * (`src/session`, one request shared with the header, refreshed after
 * sign-in and store changes); this module is the one place that reads it.
 */
import type { CountdownKind, LocalStoreJson, SiteMessage } from '../api/shell';
import { useSession } from '../session';

export type { SiteMessage, LocalStoreJson as LocalStoreRef };
export type CountdownMode = CountdownKind;

/** A sponsored ad shown with the site messages (same shape as the mega menu ad). */
export interface SponsoredAd {
  adId: string | number;
  desktopImage?: string | null;
  mobileImage?: string | null;
  ctaLink?: string | null;
  bannerImageAccessibleText?: string | null;
  ctaAccessibleText?: string | null;
  text?: string | null;
}

const NO_MESSAGES: SiteMessage[] = [];

/** Loads the header data once (shared with the header). */
export function loadHeaderData(): Promise<void> {
  return useSession.getState().load();
}

/** Refetches the header data, e.g. after the visitor's store changed. */
export function refreshHeaderData(): Promise<void> {
  return useSession.getState().refresh();
}

export function useHeaderDataStatus() {
  return useSession((s) => s.status);
}

/** The visitor's store, or null. */
export function useCurrentStore(): LocalStoreJson | null {
  return useSession((s) => s.localStore);
}

export function useCurrentStoreNum(): number | null {
  return useSession((s) => s.localStore?.storeNum ?? null);
}

export function useLoggedIn(): boolean {
  return useSession((s) => s.loggedIn);
}

export function useHasRegistries(): boolean {
  return useSession((s) => s.customer?.customerHasRegistries === true);
}

export function useSiteMessages(): SiteMessage[] {
  return useSession((s) => (s.siteMessages.length ? s.siteMessages : NO_MESSAGES));
}

export function useServerTime(): string | null {
  return useSession((s) => s.serverTime);
}

function isAd(value: unknown): value is SponsoredAd {
  return (
    typeof value === 'object' &&
    value !== null &&
    (typeof (value as SponsoredAd).adId === 'string' || typeof (value as SponsoredAd).adId === 'number')
  );
}

/**
 * The sponsored ad, when the header data carries one (`sponsoredAd`, or the
 * first of `sponsoredAds`). None is served today.
 */
export function useSponsoredAd(): SponsoredAd | null {
  return useSession((s) => {
    const extra = s as unknown as { sponsoredAd?: unknown; sponsoredAds?: unknown };
    if (isAd(extra.sponsoredAd)) return extra.sponsoredAd;
    if (Array.isArray(extra.sponsoredAds) && isAd(extra.sponsoredAds[0])) return extra.sponsoredAds[0];
    return null;
  });
}
