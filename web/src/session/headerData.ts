/**
 * The header data (GET /globalresource/header/) as the banner, the footer
 * and the store finder use it. The data lives in the shell's session store
 * (`sessionStore.ts`, one request shared with the header, refreshed with
 * `refreshHeader()` after sign-in, store and cart changes); these are its readers.
 */
import type { CountdownKind, LocalStoreJson, SiteMessage } from '../shared/api/shell';
import { useSession } from './sessionStore';

export type { SiteMessage, LocalStoreJson as LocalStoreRef };
export type CountdownMode = CountdownKind;

const NO_MESSAGES: SiteMessage[] = [];

/** Loads the header data once (shared with the header). */
export function loadHeaderData(): Promise<void> {
  return useSession.getState().load();
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
