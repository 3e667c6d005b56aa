import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANTI_FORGERY_FAILED_MESSAGE,
  ANTI_FORGERY_TIMEOUT_MS,
  ANTI_FORGERY_URL,
  antiForgeryToken,
  FORBIDDEN_MESSAGE,
  forgetAntiForgeryToken,
  postWithToken,
  ROUTE_NOT_FOUND_MESSAGE,
  TOKEN_HEADER,
  tokenFromFragment,
} from './antiforgery';
import { NetworkError } from './client';
import { LOG_URL } from '../ui/errors';

const FRAGMENT = '<input name="__RequestVerificationToken" type="hidden" value="tok-1">';

type Handler = (url: string, init: RequestInit) => Promise<Response> | Response;

function serve(handler: Handler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) =>
    Promise.resolve(handler(String(input), init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function reports(fetchMock: ReturnType<typeof serve>): string[] {
  return fetchMock.mock.calls
    .filter(([url]) => String(url) === LOG_URL)
    .map(([, init]) => String((JSON.parse(String(init?.body)) as { error: string }).error));
}

beforeEach(() => forgetAntiForgeryToken());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('anti-forgery token', () => {
  it('reads the hidden input of the fragment', () => {
    expect(tokenFromFragment(FRAGMENT)).toBe('tok-1');
    expect(tokenFromFragment('<p>no input</p>')).toBeNull();
  });

  it('is fetched once and sent in the token header of every token-header call', async () => {
    const fetchMock = serve((url) =>
      url === ANTI_FORGERY_URL ? new Response(FRAGMENT) : new Response('{"success":true}'),
    );
    await postWithToken('/account/recover', { emailAddress: 'a@example.com' });
    await postWithToken('/account/recover', { emailAddress: 'a@example.com' });
    const tokenCalls = fetchMock.mock.calls.filter(([url]) => String(url) === ANTI_FORGERY_URL);
    expect(tokenCalls).toHaveLength(1);
    const sent = fetchMock.mock.calls.filter(([url]) => String(url) === '/account/recover');
    expect(sent).toHaveLength(2);
    for (const [, init] of sent) {
      expect((init?.headers as Record<string, string>)[TOKEN_HEADER]).toBe('tok-1');
    }
  });

  it('gives up after 400 ms and reports it; the next call asks again', async () => {
    vi.useFakeTimers();
    const fetchMock = serve((url, init) => {
      if (url !== ANTI_FORGERY_URL) return new Response('{}');
      return new Promise<Response>((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    });
    const token = antiForgeryToken();
    await vi.advanceTimersByTimeAsync(ANTI_FORGERY_TIMEOUT_MS - 1);
    let settled = false;
    void token.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(token).resolves.toBeNull();
    expect(reports(fetchMock)).toEqual([`Error: ${ANTI_FORGERY_FAILED_MESSAGE}`]);
    void antiForgeryToken();
    const tokenCalls = fetchMock.mock.calls.filter(([url]) => String(url) === ANTI_FORGERY_URL);
    expect(tokenCalls).toHaveLength(2);
  });

  it('words a 404 and a 403 as the legacy ajax texts, and fetches a new token after a 403', async () => {
    let status = 404;
    const fetchMock = serve((url) =>
      url === ANTI_FORGERY_URL ? new Response(FRAGMENT) : new Response('{}', { status }),
    );
    const notFound = await postWithToken('/account/nowhere', {}).catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(NetworkError);
    expect((notFound as NetworkError).serverMessage).toBe(ROUTE_NOT_FOUND_MESSAGE);
    status = 403;
    const forbidden = await postWithToken('/account/register', {}).catch((e: unknown) => e);
    expect((forbidden as NetworkError).status).toBe(403);
    expect((forbidden as NetworkError).serverMessage).toBe(FORBIDDEN_MESSAGE);
    expect(FORBIDDEN_MESSAGE).toContain('1-800-210-2370');
    status = 200;
    await postWithToken('/account/register', {});
    const tokenCalls = fetchMock.mock.calls.filter(([url]) => String(url) === ANTI_FORGERY_URL);
    expect(tokenCalls).toHaveLength(2);
  });
});
