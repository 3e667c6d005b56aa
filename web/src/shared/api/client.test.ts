import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiGet,
  apiRequest,
  isValidIdempotencyKey,
  NETWORK_ERROR_MESSAGE,
  NetworkError,
  newIdempotencyKey,
} from './client';
import { reloadPage } from './reload';

vi.mock('./reload', () => ({ reloadPage: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

function respond(status: number, body: string | null = null, contentType = 'application/json') {
  fetchMock.mockResolvedValueOnce(
    new Response(body, { status, headers: body === null ? {} : { 'Content-Type': contentType } }),
  );
}

/** The server's rule: 1 to 255 visible ASCII characters. */
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

/** Every value sent for `name` (any spelling) in fetch call `index`. */
function sentHeader(name: string, index = 0): string[] {
  const headers = (fetchMock.mock.calls[index]![1]?.headers ?? {}) as Record<string, string>;
  return Object.entries(headers)
    .filter(([key]) => key.toLowerCase() === name.toLowerCase())
    .map(([, value]) => value);
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

  it('a status the caller names in okStatuses (202) reads as a 200; others still reject', async () => {
    respond(202, '{"success":true,"running":true}');
    await expect(apiRequest('/api/x', { method: 'POST', okStatuses: [202] })).resolves.toEqual({
      success: true,
      running: true,
    });
    respond(409, '{"success":false,"code":"Busy","message":"Busy."}');
    await expect(apiRequest('/api/x', { method: 'POST', okStatuses: [202] })).rejects.toMatchObject({
      status: 409,
      code: 'Busy',
    });
  });

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

describe('Idempotency-Key', () => {
  it('a POST carries one key of 1 to 255 visible ASCII characters', async () => {
    respond(200, '{}');

    await apiRequest('/email/marketing/subscribe', { method: 'POST', body: { a: 1 } });

    const keys = sentHeader('Idempotency-Key');
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(VALID_KEY);
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('Idempotency-Key')).toBe(keys[0]);
  });

  it('a POST without a body carries one too', async () => {
    respond(204);

    await apiRequest('/api/y', { method: 'POST' });

    expect(sentHeader('Idempotency-Key')[0]).toMatch(VALID_KEY);
  });

  it('two separate calls get different keys', async () => {
    respond(200, '{}');
    respond(200, '{}');

    await apiRequest('/api/y', { method: 'POST', body: { a: 1 } });
    await apiRequest('/api/y', { method: 'POST', body: { a: 1 } });

    const [first] = sentHeader('Idempotency-Key', 0);
    const [second] = sentHeader('Idempotency-Key', 1);
    expect(first).toMatch(VALID_KEY);
    expect(second).toMatch(VALID_KEY);
    expect(first).not.toBe(second);
  });

  it('a fresh key comes from crypto.randomUUID()', async () => {
    const randomUUID = vi
      .spyOn(crypto, 'randomUUID')
      .mockReturnValue('11111111-2222-4333-8444-555555555555');
    respond(200, '{}');

    await apiRequest('/api/y', { method: 'POST', body: {} });

    expect(randomUUID).toHaveBeenCalledTimes(1);
    expect(sentHeader('Idempotency-Key')).toEqual(['11111111-2222-4333-8444-555555555555']);
  });

  it('sends a caller-supplied key as given, so a retry of one action repeats it', async () => {
    const key = newIdempotencyKey();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    respond(200, '{}');

    await expect(
      apiRequest('/api/y', { method: 'POST', body: { a: 1 }, idempotencyKey: key }),
    ).rejects.toBeInstanceOf(NetworkError);
    await apiRequest('/api/y', { method: 'POST', body: { a: 1 }, idempotencyKey: key });

    expect(sentHeader('Idempotency-Key', 0)).toEqual([key]);
    expect(sentHeader('Idempotency-Key', 1)).toEqual([key]);
  });

  it('sends any valid caller key unchanged, up to 255 characters', async () => {
    const long = '!'.repeat(127) + 'k'.repeat(127) + '~';
    respond(200, '{}');
    respond(200, '{}');

    await apiRequest('/api/y', { method: 'POST', body: {}, idempotencyKey: 'order#42:try' });
    await apiRequest('/api/y', { method: 'POST', body: {}, idempotencyKey: long });

    expect(sentHeader('Idempotency-Key', 0)).toEqual(['order#42:try']);
    expect(sentHeader('Idempotency-Key', 1)).toEqual([long]);
  });

  it('a key passed in headers (any spelling) is used, and sent once', async () => {
    respond(200, '{}');

    await apiRequest('/api/y', {
      method: 'POST',
      body: {},
      headers: { 'idempotency-key': 'from-headers' },
    });

    expect(sentHeader('Idempotency-Key')).toEqual(['from-headers']);
  });

  it.each(['', 'has space', 'tab\there', 'caf\u00e9', 'x'.repeat(256)])(
    'rejects the invalid caller key %j without sending',
    async (key) => {
      await expect(
        apiRequest('/api/y', { method: 'POST', body: {}, idempotencyKey: key }),
      ).rejects.toBeInstanceOf(TypeError);
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('GET requests carry none', async () => {
    respond(200, '{}');
    respond(200, '{}');

    await apiGet('/api/x');
    await apiRequest('/api/x', { method: 'GET', idempotencyKey: 'ignored' });

    expect(sentHeader('Idempotency-Key', 0)).toEqual([]);
    expect(sentHeader('Idempotency-Key', 1)).toEqual([]);
  });
});

describe('newIdempotencyKey', () => {
  it('gives valid, distinct keys', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(isValidIdempotencyKey(key)).toBe(true);
  });

  it('falls back to getRandomValues where randomUUID is missing (plain http)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', {
      getRandomValues: (array: Uint8Array<ArrayBuffer>) => real.getRandomValues(array),
    });
    expect(newIdempotencyKey()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe('isValidIdempotencyKey', () => {
  it('accepts 1 to 255 visible ASCII characters only', () => {
    expect(isValidIdempotencyKey('a')).toBe(true);
    expect(isValidIdempotencyKey('!~'.repeat(127) + 'x')).toBe(true);
    expect(isValidIdempotencyKey('')).toBe(false);
    expect(isValidIdempotencyKey('a'.repeat(256))).toBe(false);
    expect(isValidIdempotencyKey('a b')).toBe(false);
    expect(isValidIdempotencyKey('a\u007f')).toBe(false);
  });
});
