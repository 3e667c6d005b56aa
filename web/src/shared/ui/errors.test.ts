import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GENERIC_ERROR_TITLE } from './Modal';
import { reportError, showGenericError, useGenericErrorStore } from './errors';

beforeEach(() => {
  useGenericErrorStore.getState().dismiss();
});

describe('showGenericError', () => {
  it('defaults to the generic failure message; the modal title is the spec one', () => {
    showGenericError();
    expect(useGenericErrorStore.getState().message).toBe('Something went wrong. Please try again later.');
    showGenericError('URL route not found');
    expect(useGenericErrorStore.getState().message).toBe('URL route not found');
    expect(GENERIC_ERROR_TITLE).toBe('Uh oh, something unexpected happened.');
  });
});

describe('reportError', () => {
  it('posts url and error to /a/log/ and never throws', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockRejectedValue(new Error('offline'));
    vi.stubGlobal('fetch', fetchMock);
    expect(() => reportError(new TypeError('boom'), '/faq/')).not.toThrow();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/a/log/');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ url: '/faq/', error: 'TypeError: boom' });
    await Promise.resolve();
  });

  it('sends a fresh Idempotency-Key with each report', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    reportError(new Error('one'), '/a/');
    reportError(new Error('two'), '/b/');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const keys = fetchMock.mock.calls.map(([, init]) =>
      new Headers(init?.headers).get('Idempotency-Key'),
    );
    for (const key of keys) expect(key).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(keys[0]).not.toBe(keys[1]);
    await Promise.resolve();
  });
});
