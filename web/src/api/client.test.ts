import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet, apiRequest, NETWORK_ERROR_MESSAGE, NetworkError } from './client';
import { reloadPage } from './reload';

vi.mock('./reload', () => ({ reloadPage: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

function respond(status: number, body: string | null = null, contentType = 'application/json') {
  fetchMock.mockResolvedValueOnce(
    new Response(body, { status, headers: body === null ? {} : { 'Content-Type': contentType } }),
  );
}

/** Resolves to 'pending' if `promise` hasn't settled after pending work drains. */
async function settledState(promise: Promise<unknown>): Promise<'pending' | 'settled'> {
  const PENDING = Symbol('pending');
  const result = await Promise.race([
    promise.then(
      () => 'settled' as const,
      () => 'settled' as const,
    ),
    new Promise<typeof PENDING>((resolve) => setTimeout(() => resolve(PENDING), 20)),
  ]);
  return result === PENDING ? 'pending' : result;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.mocked(reloadPage).mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('200: resolves to the parsed JSON body', async () => {
    respond(200, JSON.stringify([{ id: 1, name: 'Farm', url: '/farm', children: [] }]));

    await expect(apiGet('/api/catalog/departments')).resolves.toEqual([
      { id: 1, name: 'Farm', url: '/farm', children: [] },
    ]);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('sends a same-origin GET that accepts JSON', async () => {
    respond(200, '{}');

    await apiGet('/api/x');

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/x');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.headers).toMatchObject({ Accept: 'application/json' });
    expect(init?.body).toBeUndefined();
  });

  it('serialises a body as JSON', async () => {
    respond(200, '{"ok":true}');

    await expect(apiRequest('/api/y', { method: 'POST', body: { a: 1 } })).resolves.toEqual({
      ok: true,
    });

    const init = fetchMock.mock.calls[0]![1];
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('204: resolves to undefined', async () => {
    respond(204);

    await expect(apiGet('/api/empty')).resolves.toBeUndefined();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('405: reloads the page and never settles', async () => {
    respond(405, '{"error":"method not allowed"}');

    const promise = apiGet('/api/x');

    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(await settledState(promise)).toBe('pending');
  });

  it('200 with an HTML body: reloads the page and never settles', async () => {
    respond(200, '<!doctype html><html><body>Sign in</body></html>', 'text/html');

    const promise = apiGet('/api/x');

    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(await settledState(promise)).toBe('pending');
  });

  it('200 with leading whitespace before "<": still reloads', async () => {
    respond(200, '\n  <html></html>', 'text/html');

    const promise = apiGet('/api/x');

    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(await settledState(promise)).toBe('pending');
  });

  it.each([400, 401, 403, 404, 500, 502, 503, 201, 302])(
    '%i: rejects with the network error',
    async (status) => {
      respond(status, '{"error":"nope"}');

      const promise = apiGet('/api/x');

      await expect(promise).rejects.toBeInstanceOf(Error);
      await expect(promise).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE, status });
      expect(reloadPage).not.toHaveBeenCalled();
    },
  );

  it('rejects with the network error when fetch itself fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    const promise = apiGet('/api/x');

    await expect(promise).rejects.toBeInstanceOf(NetworkError);
    await expect(promise).rejects.toThrow(NETWORK_ERROR_MESSAGE);
  });

  it('rejects with the network error when a 200 body is not JSON', async () => {
    respond(200, 'not json', 'text/plain');

    await expect(apiGet('/api/x')).rejects.toThrow(NETWORK_ERROR_MESSAGE);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('passes an abort through unchanged', async () => {
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));

    await expect(apiGet('/api/x', new AbortController().signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
