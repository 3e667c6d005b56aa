/**
 * Preview mode's cookie (`sf_preview=1`): set by a merchandiser in the staff console, it asks
 * the server to add the staff preview script (/staff-preview.js) to the shoppers' pages it
 * sends that merchandiser. It is only a flag: the server adds the script for a signed-in
 * merchandiser only, and every call the script makes still needs the staff session. A session
 * cookie (no expiry), for the whole site, sent on top-level navigations (`SameSite=Lax`), and
 * only over HTTPS when the console is on HTTPS.
 */
export const PREVIEW_COOKIE = 'sf_preview';

/** The `document.cookie` assignment that turns preview on (`on`) or off. */
export function previewCookie(on: boolean, secure: boolean): string {
  const attributes = `; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return on ? `${PREVIEW_COOKIE}=1${attributes}` : `${PREVIEW_COOKIE}=${attributes}; Max-Age=0`;
}

/** Whether a cookie header (`document.cookie`) holds `sf_preview=1`. */
export function isPreviewOn(cookies: string): boolean {
  return cookies.split(';').some((pair) => pair.trim() === `${PREVIEW_COOKIE}=1`);
}

/** Whether this browser has preview mode on. */
export function previewIsOn(): boolean {
  return typeof document !== 'undefined' && isPreviewOn(document.cookie);
}

/** Turns preview mode on or off for this browser. */
export function setPreview(on: boolean): void {
  document.cookie = previewCookie(on, window.location.protocol === 'https:');
}
