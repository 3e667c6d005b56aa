/**
 * The header data (GET /globalresource/header/) as the banner, the footer
 * and the store finder use it. The data lives in the shell's session store
 * (`src/session`, one request shared with the header, refreshed after
 * sign-in and store changes); this module is the one place that reads it.
 */
import type { CountdownKind, LocalStoreJson, SiteMessage } from '../api/shell';
import { loadSponsoredAd, useSponsoredAdStore } from '../banner/sponsoredAd';
import { useSession } from '../session';

export type { SiteMessage, LocalStoreJson as LocalStoreRef };
export type CountdownMode = CountdownKind;

/**
 * A sponsored ad shown with the site messages (the mega-menu ad's shape;
 * the optional `text` is shown when there is no image).
 */
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

/**
 * The banner's sponsored ad. It comes from site content
 * (GET /globalresource/sponsored-ad/, fetched once per page load by
 * `loadSponsoredAd`), not from the header data.
 */
export function useSponsoredAd(): SponsoredAd | null {
  return useSponsoredAdStore((s) => s.ad);
}

export { loadSponsoredAd };
