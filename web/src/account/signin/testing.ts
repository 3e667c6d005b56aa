/**
 * Test helpers for the sign-in pages (imported by *.test.ts(x) files only): a `fetch` that
 * answers by path, records every call, and serves the anti-forgery token.
 */
import { vi } from 'vitest';

export const TEST_TOKEN = 'token-123';

export interface RecordedCall {
  path: string;
  method: string;
  body: unknown;
  headers: Headers;
}

export type Route = (body: unknown, call: RecordedCall) => Response | Promise<Response>;

export function json(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces `fetch`: `routes` answer by path ('/account/authenticate'); the anti-forgery token
 * call answers {@link TEST_TOKEN}; anything else answers 404. Routes may be changed later.
 */
export function routeFetch(routes: Record<string, Route> = {}) {
  const calls: RecordedCall[] = [];
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    let body: unknown = undefined;
    if (typeof init?.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const call: RecordedCall = {
      path: url.pathname,
      method: init?.method ?? 'GET',
      body,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    if (url.pathname === '/account/getantiforgerytoken') {
      return new Response(`<input name="__RequestVerificationToken" type="hidden" value="${TEST_TOKEN}" />`);
    }
    const route = routes[url.pathname];
    return route ? route(body, call) : new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', mock);
  return {
    mock,
    calls,
    routes,
    /** The calls to `path`, oldest first. */
    to: (path: string) => calls.filter((c) => c.path === path),
    /** The JSON bodies sent to `path`. */
    bodies: (path: string) => calls.filter((c) => c.path === path).map((c) => c.body),
  };
}
