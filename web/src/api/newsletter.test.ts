import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SUBSCRIBE_URL, subscribeToNewsletter } from './newsletter';

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
