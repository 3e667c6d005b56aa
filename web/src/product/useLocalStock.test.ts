import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPrefetched, postKey, primePrefetched } from '../shared/api/prefetched';
import { searchResult, storeFixture } from '../storefinder/testing';
import { useLocalStock } from './useLocalStock';

const fetchMock = vi.fn<typeof fetch>();
let answer: () => Response;

function urlOf(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

function logged(): Array<{ url: string; error: string }> {
  return fetchMock.mock.calls
    .filter(([input]) => urlOf(input) === '/a/log/')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) =>
    urlOf(input) === '/products/a/stockstatus-json' ? answer() : new Response(null, { status: 204 }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

const JANESVILLE = storeFixture(1, 'Janesville');

describe('useLocalStock', () => {
  it('the stock at the visitor’s store; nothing reported', async () => {
    const inventory = { isStocked: true, storeOnHand: 4, ecomOnHand: 0 };
    answer = () => Response.json(searchResult([{ store: JANESVILLE, inventory }]));
    const { result } = renderHook(() => useLocalStock('8028056', 1));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current).toMatchObject({ inventory });
    expect(logged()).toEqual([]);
  });

  it('InvalidBlainNumber: unavailable, reported through POST /a/log/', async () => {
    answer = () => Response.json(searchResult([], 'InvalidBlainNumber'));
    const { result } = renderHook(() => useLocalStock('nope', 1));
    await waitFor(() => expect(result.current.status).toBe('unavailable'));
    await waitFor(() => expect(logged()).toHaveLength(1));
    expect(logged()[0]!.error).toContain('InvalidBlainNumber for nope');
  });

  it('an unknown answer: unavailable, reported', async () => {
    answer = () => Response.json(searchResult([], 'SomethingNew' as never));
    const { result } = renderHook(() => useLocalStock('8028056', 1));
    await waitFor(() => expect(result.current.status).toBe('unavailable'));
    await waitFor(() => expect(logged()).toHaveLength(1));
    expect(logged()[0]!.error).toContain('SomethingNew');
  });

  it('a failed call: unavailable, reported', async () => {
    answer = () => new Response('x', { status: 500 });
    const { result } = renderHook(() => useLocalStock('8028056', 1));
    await waitFor(() => expect(result.current.status).toBe('unavailable'));
    await waitFor(() => expect(logged()).toHaveLength(1));
  });

  describe('on a page rendered on the server', () => {
    afterEach(() => clearPrefetched());
    const rendered = (blainNumber: string, storeNum: number, body: unknown) =>
      primePrefetched({
        [postKey('/products/a/stockstatus-json', { blainNumber, storeNum, mustIncludeLocalStore: true })]: body,
      });

    it('starts from the stock the page was rendered with and asks nothing', () => {
      const inventory = { isStocked: true, storeOnHand: 4, ecomOnHand: 0 };
      rendered('8028056', 1, searchResult([{ store: JANESVILLE, inventory }]));
      const { result } = renderHook(() => useLocalStock('8028056', 1));
      expect(result.current).toMatchObject({ status: 'ready', inventory });
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('asks for another store’s stock (the visitor changed stores)', async () => {
      rendered('8028056', 1, searchResult([{ store: JANESVILLE, inventory: { isStocked: true, storeOnHand: 4, ecomOnHand: 0 } }]));
      const inventory = { isStocked: false, storeOnHand: 0, ecomOnHand: 0 };
      answer = () => Response.json(searchResult([{ store: storeFixture(2, 'Madison'), inventory }]));
      const { result } = renderHook(() => useLocalStock('8028056', 2));
      expect(result.current.status).toBe('loading');
      await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', inventory }));
    });

    it('asks again when the rendered answer is not one it expects (and reports that one)', async () => {
      rendered('nope', 1, searchResult([], 'InvalidBlainNumber'));
      answer = () => Response.json(searchResult([], 'InvalidBlainNumber'));
      const { result } = renderHook(() => useLocalStock('nope', 1));
      await waitFor(() => expect(result.current.status).toBe('unavailable'));
      await waitFor(() => expect(logged()).toHaveLength(1));
    });
  });

  it('no store: nothing asked', () => {
    const { result } = renderHook(() => useLocalStock('8028056', null));
    expect(result.current.status).toBe('none');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
