/**
 * The anti-forgery token of the account calls (accounts-rewards-search §7): calls the spec
 * marks "token header" carry it in `RequestVerificationToken`.
 *
 * `POST /account/getantiforgerytoken` answers an HTML fragment (a hidden input holding the
 * token), so it is fetched here and not through `apiRequest` (which reloads the page for a
 * 200 body starting with '<'). It waits 400 ms at most (spec §7, §9 "Loading waits"); a
 * failure is reported as 'Failed to retrieve anti-forgery token' and the call goes out
 * without the header (the server then answers 403, shown as the legacy cookie message).
 *
 * The token is bound to the browser's session, so it changes at sign-in and sign-out:
 * `forgetAntiForgeryToken()` after either, and the next call fetches a new one.
 */
import { apiRequest, NetworkError, type RequestOptions } from './client';
import { reportError } from '../ui/errors';

export const ANTI_FORGERY_URL = '/account/getantiforgerytoken';
export const TOKEN_HEADER = 'RequestVerificationToken';
export const ANTI_FORGERY_TIMEOUT_MS = 400;
export const ANTI_FORGERY_FAILED_MESSAGE = 'Failed to retrieve anti-forgery token';

/** Legacy ajax texts (spec §8): a 404, and a 403 (our words, docs/decisions.md). */
export const ROUTE_NOT_FOUND_MESSAGE = 'URL route not found';
export const FORBIDDEN_MESSAGE =
  'Your session may have expired, or your browser may be blocking cookies. Please allow cookies and refresh the page. If this keeps happening, call Customer Service at 1-800-210-2370.';

let cached: Promise<string | null> | null = null;

/** The hidden input's value in the fragment, or null. */
export function tokenFromFragment(html: string): string | null {
  const template = document.createElement('template');
  template.innerHTML = html;
  const input = template.content.querySelector('input[type="hidden"]');
  const value = input?.getAttribute('value');
  return value ? value : null;
}

async function fetchToken(): Promise<string | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ANTI_FORGERY_TIMEOUT_MS);
  try {
    const response = await fetch(ANTI_FORGERY_URL, {
      method: 'POST',
      credentials: 'same-origin',
      signal: controller.signal,
    });
    const token = response.status === 200 ? tokenFromFragment(await response.text()) : null;
    if (token === null) throw new Error(`status ${response.status}`);
    return token;
  } catch {
    reportError(new Error(ANTI_FORGERY_FAILED_MESSAGE));
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** This browser's token (fetched once, then shared), or null when it could not be had. */
export function antiForgeryToken(): Promise<string | null> {
  if (!cached) {
    const mine = fetchToken().then((token) => {
      if (token === null && cached === mine) cached = null; // try again next time
      return token;
    });
    cached = mine;
  }
  return cached;
}

/** The session changed (sign-in, sign-out): the next token call fetches a new token. */
export function forgetAntiForgeryToken(): void {
  cached = null;
}

/**
 * A JSON POST with the token header (the spec's "legacy secure POST"). Answers as
 * `apiRequest` does, except that a 404 rejects with 'URL route not found' and a 403 with the
 * cookie message (both as the `NetworkError`'s `serverMessage`, so callers that show the
 * server's words show these).
 */
export async function postWithToken<T>(
  url: string,
  body?: unknown,
  options: Pick<RequestOptions, 'idempotencyKey' | 'signal'> = {},
): Promise<T | undefined> {
  const token = await antiForgeryToken();
  try {
    return await apiRequest<T>(url, {
      method: 'POST',
      body,
      headers: token ? { [TOKEN_HEADER]: token } : {},
      ...options,
    });
  } catch (error) {
    if (error instanceof NetworkError && error.status === 404) {
      throw new NetworkError(404, { cause: error, serverMessage: ROUTE_NOT_FOUND_MESSAGE });
    }
    if (error instanceof NetworkError && error.status === 403) {
      // The token may be stale (the session changed in another tab): fetch anew next time.
      forgetAntiForgeryToken();
      throw new NetworkError(403, { cause: error, code: error.code, serverMessage: FORBIDDEN_MESSAGE });
    }
    throw error;
  }
}
