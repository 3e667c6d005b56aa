import { isLocalUrl } from '../shared/forms/redirect';

export { isLocalUrl };

/**
 * The remembered destination of the sign-in panel (spec: guests who click
 * Account Home, Orders, Rewards or Registries get the sign-in panel "and the
 * destination is remembered"). Kept in sessionStorage so it survives a reload
 * within the tab; used and forgotten by the next successful sign-in.
 */
export const DESTINATION_KEY = 'storefront:sign-in-destination';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled
  }
}

export function rememberDestination(url: string | null | undefined): void {
  if (!isLocalUrl(url)) return;
  try {
    storage()?.setItem(DESTINATION_KEY, url);
  } catch {
    // quota or privacy mode: the destination is just not remembered
  }
}

export function rememberedDestination(): string | null {
  let value: string | null;
  try {
    value = storage()?.getItem(DESTINATION_KEY) ?? null;
  } catch {
    value = null;
  }
  return isLocalUrl(value) ? value : null;
}

export function forgetDestination(): void {
  try {
    storage()?.removeItem(DESTINATION_KEY);
  } catch {
    // ignore
  }
}
