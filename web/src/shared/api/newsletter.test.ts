import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from './client';
import {
  INVALID_UNSUBSCRIBE_LINK_MESSAGE,
  InvalidUnsubscribeLinkError,
  SUBSCRIBE_URL,
  subscribeToNewsletter,
  UNSUBSCRIBE_URL,
  unsubscribeFromNewsletter,
} from './newsletter';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

function sentKey(index: number): string | null {
  return new Headers(fetchMock.mock.calls[index]![1]?.headers).get('Idempotency-Key');
}

describe('subscribeToNewsletter', () => {
  it('posts the address with a fresh Idempotency-Key per sign-up', async () => {
    fetchMock.mockImplementation(async () => new Response('{"success":true}', { status: 200 }));

    await expect(subscribeToNewsletter('a@example.com')).resolves.toBe(true);
    await expect(subscribeToNewsletter('a@example.com')).resolves.toBe(true);

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(SUBSCRIBE_URL);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ EmailAddress: 'a@example.com' });
    expect(sentKey(0)).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(sentKey(1)).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(sentKey(0)).not.toBe(sentKey(1));
  });

  it('sends the caller key as given', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"success":true}', { status: 200 }));

    await subscribeToNewsletter('a@example.com', { idempotencyKey: 'signup-1' });

    expect(sentKey(0)).toBe('signup-1');
  });
});

describe('unsubscribeFromNewsletter', () => {
  it('posts the token with a fresh Idempotency-Key per call', async () => {
    fetchMock.mockImplementation(async () => new Response('{"success":true}', { status: 200 }));

    await expect(unsubscribeFromNewsletter('tok.123')).resolves.toBe(true);
    await expect(unsubscribeFromNewsletter('tok.123')).resolves.toBe(true);

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(UNSUBSCRIBE_URL);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'tok.123' });
    expect(sentKey(0)).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(sentKey(1)).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(sentKey(0)).not.toBe(sentKey(1));
  });

  it('sends the caller key as given', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"success":true}', { status: 200 }));

    await unsubscribeFromNewsletter('tok.123', { idempotencyKey: 'unsub-1' });

    expect(sentKey(0)).toBe('unsub-1');
  });

  it('400: rejects with the server message', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json(
        { success: false, code: 'InvalidToken', message: 'That link has expired.' },
        { status: 400 },
      ),
    );

    const promise = unsubscribeFromNewsletter('forged.0000');

    await expect(promise).rejects.toBeInstanceOf(InvalidUnsubscribeLinkError);
    await expect(promise).rejects.toThrow('That link has expired.');
  });

  it('400 without the error shape: rejects with the invalid-link message', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Bad Request', { status: 400 }));

    const promise = unsubscribeFromNewsletter('forged.0000');

    await expect(promise).rejects.toBeInstanceOf(InvalidUnsubscribeLinkError);
    await expect(promise).rejects.toThrow(INVALID_UNSUBSCRIBE_LINK_MESSAGE);
  });

  it.each([500, 503])('%i: rejects with the network error', async (status) => {
    fetchMock.mockResolvedValueOnce(
      Response.json({ success: false, code: 'Unavailable', message: 'Try again later.' }, { status }),
    );

    const promise = unsubscribeFromNewsletter('tok.123');

    await expect(promise).rejects.toBeInstanceOf(NetworkError);
    await expect(promise).rejects.toMatchObject({ status, code: 'Unavailable', serverMessage: 'Try again later.' });
  });

  it('rejects with the network error when fetch fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    await expect(unsubscribeFromNewsletter('tok.123')).rejects.toBeInstanceOf(NetworkError);
  });
});
