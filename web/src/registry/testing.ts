/**
 * Test fixtures for the registry pages and Add to Registry (imported by tests only): a fetch
 * stub that answers by method and path, hands out an anti-forgery token, answers the header
 * data, and records the calls; and registries to answer with.
 */
import { vi } from 'vitest';
import { headerFixture, SIGNED_IN } from '../header/testing';
import { ANTI_FORGERY_URL, forgetAntiForgeryToken, TOKEN_HEADER } from '../shared/api/antiforgery';
import { HEADER_URL } from '../shared/api/shell';
import { productFixture } from '../shared/api/testing';

export const TEST_TOKEN = 'registry-token';

export interface Call {
  method: string;
  /** Path and query. */
  path: string;
  body: unknown;
  token: string | null;
}

/** An answer: a JSON body (200), a Response, or a function of the call making either. */
export type Answer = unknown;

/** A 401 as the server answers a guest. */
export function notSignedIn(): Response {
  return Response.json({ success: false, code: 'NotSignedIn', message: 'Please sign in.' }, { status: 401 });
}

/** A 404 as the server answers a registry that is not the caller's. */
export function notFound(): Response {
  return Response.json({ success: false, code: 'NotFound', message: 'No such registry.' }, { status: 404 });
}

/**
 * Stubs fetch: `routes` maps 'GET /path' or 'POST /path' to an answer. The header data
 * answers a signed-in customer with registries unless a route says otherwise; other unknown
 * calls answer 204. Returns the calls made (the token fetch, error reports and the header
 * data left out; `headerCalls()` counts the last).
 */
export function mockRegistryApi(routes: Record<string, Answer>) {
  forgetAntiForgeryToken();
  const calls: Call[] = [];
  let headerCalls = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (url.pathname === ANTI_FORGERY_URL) {
      return new Response(`<input name="__RequestVerificationToken" type="hidden" value="${TEST_TOKEN}" />`);
    }
    if (url.pathname === '/a/log/') return new Response(null, { status: 204 });
    const route = routes[`${method} ${url.pathname}`];
    if (url.pathname === HEADER_URL && route === undefined) {
      headerCalls += 1;
      return Response.json(
        headerFixture({ ...SIGNED_IN, customer: { firstName: 'Jane', customerHasRegistries: true } }),
      );
    }
    const call: Call = {
      method,
      path: `${url.pathname}${url.search}`,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      token: new Headers(init?.headers).get(TOKEN_HEADER),
    };
    calls.push(call);
    if (route === undefined) return new Response(null, { status: 204 });
    const answer = typeof route === 'function' ? await (route as (c: Call) => unknown)(call) : route;
    return answer instanceof Response ? answer : Response.json(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls, headerCalls: () => headerCalls };
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

/** The visitor's date `days` from today, as 'YYYY-MM-DD' (a valid event date for 0 to 730 days). */
export function dateAhead(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export const WEDDING = {
  id: 'gr_1',
  name: 'Jane & Sam',
  eventType: 'Wedding',
  eventDate: '2026-06-14',
  itemCount: 2,
  shared: true,
  shareUrl: '/gift-registry/view/?key=k1',
  createdAt: '2025-03-01T10:00:00Z',
};

export const BIRTHDAY = {
  id: 'gr_2',
  name: "Leo's 5th",
  eventType: 'Birthday',
  eventDate: '2025-11-02',
  itemCount: 0,
  shared: false,
  shareUrl: null,
  createdAt: '2025-03-05T10:00:00Z',
};

export const ROPE = productFixture('4935743', { name: 'Manila Rope, 1/2 in' });
export const BUCKET = productFixture('1000002', { name: 'Galvanized Bucket', price: '$12.99', priceCents: 1299 });

/** GET /api/account/registries/gr_1's answer: two items, one of them gone. */
export function weddingDetails(overrides: Record<string, unknown> = {}) {
  return {
    id: 'gr_1',
    name: 'Jane & Sam',
    eventType: 'Wedding',
    eventDate: '2026-06-14',
    shared: false,
    shareUrl: null,
    items: [
      { blainNumber: ROPE.blainNumber, quantity: 2, addedAt: '2025-03-02T10:00:00Z', product: ROPE },
      { blainNumber: BUCKET.blainNumber, quantity: 1, addedAt: '2025-03-03T10:00:00Z', product: BUCKET },
      { blainNumber: '7777777', quantity: 1, addedAt: '2025-03-04T10:00:00Z', product: null },
    ],
    ...overrides,
  };
}
