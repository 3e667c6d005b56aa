import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAntiForgeryToken, ROUTE_NOT_FOUND_MESSAGE, TOKEN_HEADER } from './antiforgery';
import { NetworkError } from './client';
import { fetchDouble } from './fetchDouble';
import {
  createRegistry,
  deleteRegistry,
  fetchRegistries,
  fetchRegistry,
  fetchSharedRegistry,
  isRegistryNotFound,
  isSignInNeeded,
  REGISTRIES_URL,
  REGISTRY_CREATE_URL,
  REGISTRY_DELETE_URL,
  REGISTRY_ITEMS_URL,
  REGISTRY_REMOVE_ITEM_URL,
  REGISTRY_SHARE_URL,
  removeRegistryItem,
  setRegistryItem,
  shareRegistry,
} from './registry';
import { productFixture } from './testing';

vi.mock('../tracking/hawk', () => ({ trackEvent: vi.fn() }));

const { fetch: fetchMock, answer, calls: recorded } = fetchDouble();

/** The calls made, without the token fetch and error reports. */
function calls() {
  return recorded().map(({ url, method, body, headers }) => ({ url, method, body, token: headers.get(TOKEN_HEADER) }));
}

const notSignedIn = { success: false, code: 'NotSignedIn', message: 'Please sign in.' };

const WEDDING = {
  id: 'gr_1',
  name: 'Jane & Sam',
  eventType: 'Wedding',
  eventDate: '2026-06-14',
  itemCount: 2,
  shared: true,
  shareUrl: '/gift-registry/view/?key=abc',
  createdAt: '2025-03-01T10:00:00Z',
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  forgetAntiForgeryToken();
});

describe('the account GETs', () => {
  it('lists the registries, leaving out rows without an id and defaulting missing fields', async () => {
    answer({
      registries: [
        WEDDING,
        { name: 'No id' },
        { id: 'gr_2', name: 'Baby Lee', eventType: 'Baby', eventDate: '2025-09-01', shareUrl: 'https://evil.example/' },
      ],
    });

    const registries = await fetchRegistries();

    expect(calls()).toEqual([{ url: REGISTRIES_URL, method: 'GET', body: undefined, token: null }]);
    expect(registries).toEqual([
      WEDDING,
      {
        id: 'gr_2',
        name: 'Baby Lee',
        eventType: 'Baby',
        eventDate: '2025-09-01',
        itemCount: 0,
        shared: false,
        shareUrl: null,
        createdAt: '',
      },
    ]);
  });

  it('answers no registries for an answer without a list', async () => {
    answer({});
    expect(await fetchRegistries()).toEqual([]);
  });

  it('a guest gets a 401 the pages tell by isSignInNeeded', async () => {
    answer(notSignedIn, 401);
    const error = await fetchRegistries().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(isSignInNeeded(error)).toBe(true);
    expect((error as NetworkError).code).toBe('NotSignedIn');
    expect(isSignInNeeded(new NetworkError(500))).toBe(false);
    expect(isSignInNeeded(new Error('x'))).toBe(false);
  });

  it('reads one registry with its items, a gone product as null', async () => {
    const rope = productFixture('4935743', { name: 'Manila Rope' });
    answer({
      id: 'gr_1',
      name: 'Jane & Sam',
      eventType: 'Wedding',
      eventDate: '2026-06-14',
      shared: false,
      shareUrl: null,
      items: [
        { blainNumber: '4935743', quantity: 2, addedAt: '2025-03-02T10:00:00Z', product: rope },
        { blainNumber: '1000001', quantity: 1, addedAt: '2025-03-03T10:00:00Z', product: null },
        { quantity: 3 },
      ],
    });

    const registry = await fetchRegistry('gr/1');

    expect(calls()[0]).toMatchObject({ url: '/api/account/registries/gr%2F1', method: 'GET' });
    expect(registry).toMatchObject({ id: 'gr_1', name: 'Jane & Sam', shared: false, shareUrl: null });
    expect(registry?.items.map((i) => [i.blainNumber, i.quantity, i.addedAt])).toEqual([
      ['4935743', 2, '2025-03-02T10:00:00Z'],
      ['1000001', 1, '2025-03-03T10:00:00Z'],
    ]);
    // The product through the one summary normaliser; a gone product is null.
    expect(registry?.items[0]?.product).toMatchObject(rope);
    expect(registry?.items[1]?.product).toBeNull();
  });

  it('answers null for a registry that is not the caller’s (404)', async () => {
    answer({ success: false, code: 'NotFound', message: 'No such registry.' }, 404);
    expect(await fetchRegistry('gr_9')).toBeNull();
  });

  it('lets other failures through', async () => {
    answer('oops', 500);
    await expect(fetchRegistry('gr_1')).rejects.toMatchObject({ status: 500 });
  });
});

describe('the shared registry', () => {
  it('is a public GET by key', async () => {
    answer({ name: 'Jane & Sam', eventType: 'Wedding', eventDate: '2026-06-14', items: [] });

    const registry = await fetchSharedRegistry('a b&c');

    expect(calls()).toEqual([
      { url: '/api/registry/shared?key=a%20b%26c', method: 'GET', body: undefined, token: null },
    ]);
    expect(registry).toEqual({ name: 'Jane & Sam', eventType: 'Wedding', eventDate: '2026-06-14', items: [] });
  });

  it('answers null for an unknown or unshared key (404)', async () => {
    answer({ success: false, code: 'NotFound', message: 'No such registry.' }, 404);
    expect(await fetchSharedRegistry('nope')).toBeNull();
  });
});

describe('the commands', () => {
  it('create sends the form with the token header and answers the new id', async () => {
    answer({ success: true, errorMessage: null, registryId: 'gr_3' });

    const result = await createRegistry({ name: 'Our Wedding', eventType: 'Wedding', eventDate: '2026-06-14' });

    expect(calls()).toEqual([
      {
        url: REGISTRY_CREATE_URL,
        method: 'POST',
        body: { name: 'Our Wedding', eventType: 'Wedding', eventDate: '2026-06-14' },
        token: 'tok',
      },
    ]);
    expect(result).toEqual({ success: true, errorMessage: null, registryId: 'gr_3' });
  });

  it('a refusal answers the server’s words', async () => {
    answer({ success: false, errorMessage: 'The event date must be within 2 years.', registryId: null });
    expect(await createRegistry({ name: 'x', eventType: 'Other', eventDate: '2030-01-01' })).toEqual({
      success: false,
      errorMessage: 'The event date must be within 2 years.',
      registryId: null,
    });
  });

  it('set and remove an item answer the item count', async () => {
    answer({ success: true, errorMessage: null, itemCount: 3 });
    expect(await setRegistryItem({ registryId: 'gr_1', blainNumber: '4935743', quantity: 4 })).toEqual({
      success: true,
      errorMessage: null,
      itemCount: 3,
    });
    answer({ success: true, errorMessage: null, itemCount: 2 });
    expect((await removeRegistryItem('gr_1', '4935743')).itemCount).toBe(2);

    expect(calls()).toEqual([
      { url: REGISTRY_ITEMS_URL, method: 'POST', body: { registryId: 'gr_1', blainNumber: '4935743', quantity: 4 }, token: 'tok' },
      { url: REGISTRY_REMOVE_ITEM_URL, method: 'POST', body: { registryId: 'gr_1', blainNumber: '4935743' }, token: 'tok' },
    ]);
  });

  it('share answers the local link; delete its outcome', async () => {
    answer({ success: true, errorMessage: null, shareUrl: '/gift-registry/view/?key=k1' });
    expect(await shareRegistry('gr_1')).toEqual({ success: true, errorMessage: null, shareUrl: '/gift-registry/view/?key=k1' });
    answer({ success: true, errorMessage: null });
    expect(await deleteRegistry('gr_1')).toEqual({ success: true, errorMessage: null });

    expect(calls()).toEqual([
      { url: REGISTRY_SHARE_URL, method: 'POST', body: { registryId: 'gr_1' }, token: 'tok' },
      { url: REGISTRY_DELETE_URL, method: 'POST', body: { registryId: 'gr_1' }, token: 'tok' },
    ]);
  });

  it('a registry that is not the caller’s rejects with a 404', async () => {
    answer({ success: false, code: 'NotFound', message: 'No such registry.' }, 404);
    const error = await deleteRegistry('gr_9').catch((e: unknown) => e);
    expect(isRegistryNotFound(error)).toBe(true);
    expect((error as NetworkError).serverMessage).toBe(ROUTE_NOT_FOUND_MESSAGE);
  });

  it('a guest rejects with a 401', async () => {
    answer(notSignedIn, 401);
    expect(isSignInNeeded(await shareRegistry('gr_1').catch((e: unknown) => e))).toBe(true);
  });

  it('an answer without a body is no success', async () => {
    answer(new Response(null, { status: 204 }));
    expect(await setRegistryItem({ registryId: 'gr_1', blainNumber: '1', quantity: 1 })).toEqual({
      success: false,
      errorMessage: null,
      itemCount: 0,
    });
  });
});
