/**
 * Test helpers for the account pages (imported by tests only): a fetch stub that answers by
 * method and path, hands out an anti-forgery token, and records the calls.
 */
import { vi } from 'vitest';
import { ANTI_FORGERY_URL, forgetAntiForgeryToken, TOKEN_HEADER } from '../../shared/api/antiforgery';

export const TEST_TOKEN = 'test-token';

/** An answer: a JSON body (200), a Response, or a function of the request making either. */
export type Answer = unknown | ((call: Call) => unknown);

export interface Call {
  method: string;
  path: string;
  body: unknown;
  token: string | null;
}

/** A 401 as the server answers a guest. */
export function notSignedIn(): Response {
  return Response.json({ success: false, code: 'NotSignedIn', message: 'Please sign in.' }, { status: 401 });
}

/**
 * Stubs fetch: `routes` maps 'GET /path' or 'POST /path' to an answer (a queue when an array
 * of several is given with `queue`). Unknown calls answer 204. Returns the calls made (the
 * token fetch and error reports left out).
 */
export function mockAccountApi(routes: Record<string, Answer>) {
  forgetAntiForgeryToken();
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (url.pathname === ANTI_FORGERY_URL) {
      return new Response(`<input name="__RequestVerificationToken" type="hidden" value="${TEST_TOKEN}" />`, {
        status: 200,
      });
    }
    if (url.pathname === '/a/log/') return new Response(null, { status: 204 });
    const headers = new Headers(init?.headers);
    const call: Call = {
      method,
      path: `${url.pathname}${url.search}`,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      token: headers.get(TOKEN_HEADER),
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) return new Response(null, { status: 204 });
    const answer = typeof route === 'function' ? await (route as (c: Call) => unknown)(call) : route;
    return answer instanceof Response ? answer : Response.json(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** The answers of `list` one after the other (the last one again when they run out). */
export function inTurn(...list: unknown[]): () => unknown {
  let i = 0;
  return () => {
    const answer = list[Math.min(i, list.length - 1)];
    i += 1;
    return answer instanceof Response ? answer.clone() : answer;
  };
}
