/**
 * The single HTTP layer for the storefront API.
 *
 * Response handling (shared by every API call):
 * - 200 → the body parsed as JSON;
 * - 200 whose body starts with `<` (an HTML page, e.g. a login or maintenance
 *   page served in place of JSON) → reload the page;
 * - 204 → `undefined`;
 * - 405 → reload the page;
 * - anything else, a failed fetch or an unparseable body → rejects with
 *   `Error('A network error has occurred')`.
 *
 * When the page is reloaded the returned promise never settles, so callers
 * don't flash an error state while the browser navigates away.
 */

import { reloadPage } from './reload';

export const NETWORK_ERROR_MESSAGE = 'A network error has occurred';

export class NetworkError extends Error {
  /** HTTP status, when a response was received. */
  readonly status: number | undefined;

  constructor(status?: number, options?: { cause?: unknown }) {
    super(NETWORK_ERROR_MESSAGE, options);
    this.name = 'NetworkError';
    this.status = status;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Serialised as JSON when given. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function never<T>(): Promise<T> {
  return new Promise<T>(() => {});
}

/**
 * Sends a request and applies the shared response handling.
 * Resolves to `undefined` only for 204 No Content.
 */
export async function apiRequest<T>(
  url: string,
  options: RequestOptions = {},
): Promise<T | undefined> {
  const { method = 'GET', body, headers = {}, signal } = options;
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    signal,
  };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    // Let callers tell a deliberate abort from a failure.
    if (cause instanceof DOMException && cause.name === 'AbortError') {
      throw cause;
    }
    throw new NetworkError(undefined, { cause });
  }

  switch (response.status) {
    case 200: {
      let text: string;
      try {
        text = await response.text();
      } catch (cause) {
        throw new NetworkError(200, { cause });
      }
      if (text.trimStart().startsWith('<')) {
        reloadPage();
        return never();
      }
      try {
        return JSON.parse(text) as T;
      } catch (cause) {
        throw new NetworkError(200, { cause });
      }
    }
    case 204:
      return undefined;
    case 405:
      reloadPage();
      return never();
    default:
      throw new NetworkError(response.status);
  }
}

/** GET `url` and return its JSON body (`undefined` on 204). */
export function apiGet<T>(url: string, signal?: AbortSignal): Promise<T | undefined> {
  return apiRequest<T>(url, { method: 'GET', signal });
}
