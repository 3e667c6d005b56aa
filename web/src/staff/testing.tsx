/** Helpers of the staff pages' tests (imported by tests only). */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { ANTI_FORGERY_URL, forgetAntiForgeryToken, TOKEN_HEADER } from '../shared/api/antiforgery';
import { staffRoutes } from './routes';
import { useStaffSession } from './session';

export const TEST_TOKEN = 'test-anti-forgery-token';

export interface Call {
  method: string;
  /** Path and query. */
  path: string;
  body: unknown;
  /** The anti-forgery header sent, if any. */
  token: string | null;
  authorization: string | null;
}

type Answer = unknown | Response | ((call: Call) => unknown);

/**
 * Stubs fetch: `routes` maps 'GET /path' or 'POST /path' (no query) to an answer: JSON, a
 * Response, or a function of the call. Unknown calls answer 204. Answers the calls made (the
 * anti-forgery token's fetch left out).
 */
export function mockStaffApi(routes: Record<string, Answer>) {
  forgetAntiForgeryToken();
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (url.pathname === ANTI_FORGERY_URL) {
      return new Response(`<input name="__RequestVerificationToken" type="hidden" value="${TEST_TOKEN}" />`);
    }
    if (url.pathname === '/a/log/') return new Response(null, { status: 204 });
    const headers = new Headers(init?.headers);
    const call: Call = {
      method,
      path: `${url.pathname}${url.search}`,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      token: headers.get(TOKEN_HEADER),
      authorization: headers.get('Authorization'),
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) return new Response(null, { status: 204 });
    const answer = typeof route === 'function' ? await (route as (c: Call) => unknown)(call) : route;
    return answer instanceof Response ? answer.clone() : Response.json(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** The server's error shape with `status`. */
export function refusal(status: number, code: string, message: string, field?: string): Response {
  return Response.json({ success: false, code, message, ...(field ? { field } : {}) }, { status });
}

export const SIGNED_OUT = () => refusal(401, 'Unauthorized', 'Please sign in as staff.');
export const NO_STAFF_ROLE = () => refusal(403, 'Forbidden', 'Your staff role does not allow this.');

export function me(...roles: string[]) {
  return { staffId: 'cu_123', firstName: 'Amy', roles };
}

/** Fresh state for each test: no session asked yet, no store chosen. */
export function resetStaff() {
  useStaffSession.getState().reset();
  localStorage.clear();
  sessionStorage.clear();
}

/** Renders the staff entry's route tree at `path` in memory. */
export function renderStaff(path: string) {
  window.history.replaceState(null, '', path);
  const router = createMemoryRouter(staffRoutes, { initialEntries: [path] });
  const result = render(<RouterProvider router={router} />);
  return { router, ...result };
}

/** The calls other than reads of the session (`/api/staff/me`). */
export function callsBut(calls: Call[], ...paths: string[]): Call[] {
  return calls.filter((c) => !paths.some((p) => c.path.startsWith(p)));
}

/** A `text/event-stream` answer of these pieces, closed after them unless `open`. */
export function eventStream(pieces: string[], open = false): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      if (!open) controller.close();
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
}
