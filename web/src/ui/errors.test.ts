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
});
