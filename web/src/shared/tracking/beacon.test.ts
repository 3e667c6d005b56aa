import { describe, expect, it, vi } from 'vitest';
import { BEACON_CONTENT_TYPE, sendJsonBeacon } from './beacon';

function stubSendBeacon(impl: ((url: string, data?: BodyInit | null) => boolean) | undefined) {
  Object.defineProperty(window.navigator, 'sendBeacon', { configurable: true, writable: true, value: impl });
}

describe('sendJsonBeacon', () => {
  it('uses navigator.sendBeacon with the JSON text', () => {
    const sendBeacon = vi.fn(() => true);
    stubSendBeacon(sendBeacon);
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);

    expect(sendJsonBeacon('/event/a/analytics', { event: 'x', n: 1 })).toBe(true);
    expect(sendBeacon).toHaveBeenCalledWith('/event/a/analytics', '{"event":"x","n":1}');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['missing', undefined],
    ['refusing the data', () => false],
    [
      'throwing',
      () => {
        throw new TypeError('Illegal invocation');
      },
    ],
  ])('falls back to fetch with keepalive when sendBeacon is %s', (_label, impl) => {
    stubSendBeacon(impl);
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);

    expect(sendJsonBeacon('/event/a/analytics', { event: 'menu_click', link_text: 'Pet' })).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/event/a/analytics');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, body: '{"event":"menu_click","link_text":"Pet"}' });
    const headers = init!.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe(BEACON_CONTENT_TYPE);
    expect(headers['Idempotency-Key']).toMatch(/^[\x21-\x7e]{1,255}$/);
  });

  it('a failing fetch is swallowed', async () => {
    stubSendBeacon(undefined);
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')));
    expect(sendJsonBeacon('/event/a/analytics', { event: 'x' })).toBe(true);
    await Promise.resolve();
  });

  it('sends arrays and plain values as JSON', () => {
    const sendBeacon = vi.fn(() => true);
    stubSendBeacon(sendBeacon);
    sendJsonBeacon('/event/a/sponsored-ad-impression', ['a', 'b']);
    sendJsonBeacon('/event/a/sponsored-ad-click', 'a');
    expect(sendBeacon.mock.calls).toEqual([
      ['/event/a/sponsored-ad-impression', '["a","b"]'],
      ['/event/a/sponsored-ad-click', '"a"'],
    ]);
  });
});
