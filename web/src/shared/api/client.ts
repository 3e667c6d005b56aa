/**
 * The single HTTP layer for the storefront API.
 *
 * Response handling (shared by every API call):
 * - 200 → the body parsed as JSON;
 * - 200 whose body starts with `<` (an HTML page, e.g. a login or maintenance
 *   page served in place of JSON) → reload the page;
 * - 204 → `undefined`;
 * - a status the caller names in `okStatuses` (202 of a POST that starts a job) → as 200;
 * - 405 → reload the page;
 * - anything else, a failed fetch or an unparseable body → rejects with
 *   `Error('A network error has occurred')`. When an error status comes with
 *   the server's one error shape (`{"success":false,"code":…,"message":…}`),
 *   the rejection carries its `code` and `serverMessage` too.
 *
 * When the page is reloaded the returned promise never settles, so callers
 * don't flash an error state while the browser navigates away.
 *
 * Every POST carries an `Idempotency-Key` header: a fresh key per call unless
 * the caller passes one (`idempotencyKey`, or the header itself in `headers`).
 * The server answers a repeat of a key with the stored answer, so a caller that
 * retries one user action must pass the same key to every attempt (get one with
 * `newIdempotencyKey()`); a new user action gets a new key. This layer itself
 * never retries.
 */

import { isObject } from './json';
import { reloadPage } from './reload';

export const NETWORK_ERROR_MESSAGE = 'A network error has occurred';

export class NetworkError extends Error {
  /** HTTP status, when a response was received. */
  readonly status: number | undefined;
  /** `code` of the server's error shape (e.g. 'InvalidToken'), when the answer had one. */
  readonly code: string | undefined;
  /** `message` of the server's error shape (a sentence for people), when the answer had one. */
  readonly serverMessage: string | undefined;
  /** `field` of a 422 `InvalidField`: the request field refused (`card.number`). */
  readonly field: string | undefined;

  constructor(
    status?: number,
    options?: { cause?: unknown; code?: string; serverMessage?: string; field?: string },
  ) {
    const { code, serverMessage, field, ...errorOptions } = options ?? {};
    super(NETWORK_ERROR_MESSAGE, errorOptions);
    this.name = 'NetworkError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.field = field;
  }
}

/**
 * `code` and `message` of an error answer in the server's one error shape
 * (`{"success":false,"code":…,"message":…}`); nothing for any other body.
 */
async function errorDetails(
  response: Response,
): Promise<{ code?: string; serverMessage?: string; field?: string }> {
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    return {};
  }
  if (!isObject(body)) return {};
  return {
    ...(typeof body.code === 'string' && body.code ? { code: body.code } : {}),
    ...(typeof body.message === 'string' && body.message.trim() ? { serverMessage: body.message } : {}),
    ...(typeof body.field === 'string' && body.field ? { field: body.field } : {}),
  };
}

/** The request header that makes a POST safe to repeat. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The server's rule for a key: 1 to 255 visible ASCII characters (0x21–0x7E). */
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export function isValidIdempotencyKey(key: string): boolean {
  return IDEMPOTENCY_KEY_PATTERN.test(key);
}

/**
 * A fresh idempotency key (a random UUID) for one user action. Reuse it for
 * every attempt of that action; never for another one.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // `randomUUID` exists only in secure contexts (https, localhost); a page
  // served over plain http still has `getRandomValues`. Same format (v4).
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Serialised as JSON when given. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * POST only: the `Idempotency-Key` to send. Omit it for a fresh key per
   * call; pass the same key to every retry of one user action. Must be 1 to
   * 255 visible ASCII characters, or the call rejects with a `TypeError`
   * without sending anything. Ignored for other methods.
   */
  idempotencyKey?: string;
  /**
   * Statuses besides 200 whose answer is read as a 200's (the body parsed as JSON): `[202]`
   * for a call that starts a job. Any other status rejects as usual.
   */
  okStatuses?: readonly number[];
}

/**
 * The key a POST sends: `explicit`, else one the caller put in `headers` (any
 * spelling; removed from `headers` so the header is sent once), else a fresh one.
 */
function postIdempotencyKey(headers: Record<string, string>, explicit: string | undefined): string {
  let key = explicit;
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() === IDEMPOTENCY_KEY_HEADER.toLowerCase()) {
      key ??= headers[name];
      delete headers[name];
    }
  }
  key ??= newIdempotencyKey();
  if (!isValidIdempotencyKey(key)) {
    throw new TypeError('An Idempotency-Key must be 1 to 255 visible ASCII characters');
  }
  return key;
}

function never<T>(): Promise<T> {
  return new Promise<T>(() => {});
}

type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

let serverFetch: Fetcher | null = null;

/**
 * The web renderer's fetch (`src/ssr/`, server only): it sends a page's API calls to the store
 * with the visitor's cookie. There is no page to reload there, so an answer that would reload
 * one is an error.
 */
export function setServerFetch(fetcher: Fetcher): void {
  serverFetch = fetcher;
}

/** Reloads the page (and never settles); on the server, an error. */
function reloadOr<T>(status: number): Promise<T> {
  if (serverFetch) throw new NetworkError(status);
  reloadPage();
  return never();
}

/**
 * Sends a request and applies the shared response handling.
 * Resolves to `undefined` only for 204 No Content.
 */
export async function apiRequest<T>(
  url: string,
  options: RequestOptions = {},
): Promise<T | undefined> {
  const { method = 'GET', body, headers = {}, signal, idempotencyKey, okStatuses = [] } = options;
  const requestHeaders: Record<string, string> = {
    Accept: 'application/json',
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...headers,
  };
  if (method === 'POST') {
    requestHeaders[IDEMPOTENCY_KEY_HEADER] = postIdempotencyKey(requestHeaders, idempotencyKey);
  }
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: requestHeaders,
    signal,
  };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await (serverFetch ?? fetch)(url, init);
  } catch (cause) {
    // Let callers tell a deliberate abort from a failure.
    if (cause instanceof DOMException && cause.name === 'AbortError') {
      throw cause;
    }
    throw new NetworkError(undefined, { cause });
  }

  switch (okStatuses.includes(response.status) ? 200 : response.status) {
    case 200: {
      let text: string;
      try {
        text = await response.text();
      } catch (cause) {
        throw new NetworkError(200, { cause });
      }
      if (text.trimStart().startsWith('<')) return reloadOr(200);
      try {
        return JSON.parse(text) as T;
      } catch (cause) {
        throw new NetworkError(200, { cause });
      }
    }
    case 204:
      return undefined;
    case 405:
      return reloadOr(405);
    default:
      throw new NetworkError(response.status, await errorDetails(response));
  }
}

/** GET `url` and return its JSON body (`undefined` on 204). */
export function apiGet<T>(url: string, signal?: AbortSignal): Promise<T | undefined> {
  return apiRequest<T>(url, { method: 'GET', signal });
}
