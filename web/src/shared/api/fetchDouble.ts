/**
 * A fetch double for the API-call tests (imported by tests only).
 *
 * ```ts
 * const { fetch: fetchMock, answer, calls: recorded } = fetchDouble();
 * beforeEach(() => {
 *   fetchMock.mockReset();
 *   vi.stubGlobal('fetch', fetchMock);
 * });
 * ```
 *
 * `answer(body, status)` answers the anti-forgery token fetch (a fragment holding the token
 * `tok`) and the error reports (`POST /a/log/`, 204) itself, and `body` to every other call;
 * `calls()` lists the calls made without those two, for each test to map to the fields it
 * asserts.
 */
import { type Mock, vi } from 'vitest';
import { LOG_URL } from '../ui/errors';
import { ANTI_FORGERY_URL } from './antiforgery';

/** The token every double answers the token fetch with. */
export const DOUBLE_TOKEN = 'tok';

/** The URL a fetch was called with, whatever its form. */
export function urlOf(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

/** One call the double was given: the URL, method, body (parsed JSON) and headers. */
export interface RecordedCall {
  url: string;
  method?: string;
  /** The body parsed as JSON when it is a string, else undefined. */
  body?: unknown;
  headers: Headers;
}

/** Neither the token fetch nor an error report: a call the code under test made itself. */
function isOwnCall(url: string): boolean {
  return url !== ANTI_FORGERY_URL && url !== LOG_URL;
}

/**
 * A stand-in for fetch: `fetch` to `vi.stubGlobal('fetch', …)` (a plain mock, so
 * `mockReset`, `mockClear` and `mockRejectedValue` work on it); `answer` to say what every
 * call gets; `calls` for the calls made.
 */
export function fetchDouble(): {
  fetch: Mock<typeof fetch>;
  /**
   * Answers the token fetch and error reports, and `body` to every other call: a Response
   * as it is, a string as text, anything else as JSON; with `status` (200 unless told).
   */
  answer(body: unknown, status?: number): void;
  /** The calls made, without the token fetch and error reports. */
  calls(): RecordedCall[];
} {
  const fetchMock = vi.fn<typeof fetch>();
  return {
    fetch: fetchMock,
    answer(body, status = 200) {
      fetchMock.mockImplementation(async (input) => {
        const url = urlOf(input);
        if (url === ANTI_FORGERY_URL) {
          return new Response(`<input type="hidden" name="__RequestVerificationToken" value="${DOUBLE_TOKEN}" />`);
        }
        if (url === LOG_URL) return new Response(null, { status: 204 });
        if (body instanceof Response) return body;
        return typeof body === 'string' ? new Response(body, { status }) : Response.json(body, { status });
      });
    },
    calls() {
      return fetchMock.mock.calls
        .filter(([input]) => isOwnCall(urlOf(input)))
        .map(([input, init]) => ({
          url: urlOf(input),
          method: init?.method,
          body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
          headers: new Headers(init?.headers),
        }));
    },
  };
}
