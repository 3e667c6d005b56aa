/**
 * A redirect destination is local only when it starts with a single slash,
 * not '//' (protocol-relative) and not '/\' (which browsers treat alike).
 */
export function isLocalUrl(url: string | null | undefined): url is string {
  if (!url) return false;
  if (!url.startsWith('/')) return false;
  if (url.startsWith('//') || url.startsWith('/\\')) return false;
  // Browsers drop tabs and newlines inside URLs ('/\t/evil' → '//evil').
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  return !url.includes('\\') && !/[\u0000-\u001f\u007f]/.test(url);
}

/** `url` when it is local, otherwise `fallback`. */
export function safeLocalRedirect(url: string | null | undefined, fallback = '/'): string {
  return isLocalUrl(url) ? url : fallback;
}
