import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MERCH_TOKEN_KEY } from '../components/MerchTools';
import { boardQueryString, PinBoardPage, readBoardQuery } from './PinBoardPage';

configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();
let searchAnswer: (url: string) => Response;

function urlOf(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

function product(n: number, extra: Record<string, unknown> = {}) {
  return {
    blainNumber: String(1000 + n),
    name: `Product ${n}`,
    vendorBrand: 'Koch',
    url: `/product/${1000 + n}/product-${n}/`,
    thumbnail: `/images/products/${1000 + n}_1.jpg`,
    priceCents: 1000 + n * 100,
    price: `$${(10 + n).toFixed(2)}`,
    pinned: false,
    storeOnHand: null,
    ...extra,
  };
}

function answer(extra: Record<string, unknown> = {}) {
  return {
    keyword: 'rope',
    landing: null,
    total: 150,
    pg: 1,
    mpp: 60,
    pageCount: 3,
    sort: 'relevance',
    items: [1, 2, 3].map((n) => product(n)),
    facets: [],
    applied: [],
    query: 'keyword=rope',
    queryId: 'qid-1',
    ...extra,
  };
}

function searchCalls(): string[] {
  return fetchMock.mock.calls.map(([i]) => urlOf(i)).filter((u) => u.startsWith('/api/search'));
}

function merchCall(action: string) {
  const call = fetchMock.mock.calls.find(([i]) => urlOf(i) === `/api/staff/merch/${action}`);
  if (!call) throw new Error(`no ${action} call`);
  return {
    headers: call[1]!.headers as Record<string, string>,
    body: JSON.parse(String(call[1]!.body)) as Record<string, unknown>,
  };
}

async function enterToken(token = 'staff-token') {
  await userEvent.type(screen.getByLabelText('Merchandiser token'), token);
  await userEvent.click(screen.getByRole('button', { name: 'Use token' }));
}

function open(path: string) {
  window.history.replaceState(null, '', path);
  return render(<PinBoardPage />);
}

beforeEach(() => {
  sessionStorage.removeItem(MERCH_TOKEN_KEY);
  fetchMock.mockReset();
  searchAnswer = () => Response.json(answer());
  fetchMock.mockImplementation(async (input) => {
    const url = urlOf(input);
    if (url.startsWith('/api/search')) return searchAnswer(url);
    return new Response(null, { status: 204 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  sessionStorage.removeItem(MERCH_TOKEN_KEY);
  window.history.replaceState(null, '', '/');
});

describe('the board query', () => {
  it('reads and writes the keyword, the landing page and the hawk ids', () => {
    const query = readBoardQuery('?keyword=rope+%26+chain&hawkb=B&lp=&other=1');
    expect(query).toEqual({ keyword: 'rope & chain', lp: null, hawkb: 'B', hawkaid: null, hawkp: null });
    expect(boardQueryString(query)).toBe('keyword=rope%20%26%20chain&hawkb=B');
    expect(boardQueryString(readBoardQuery('?lp=11'))).toBe('lp=11');
  });
});

describe('the pins page', () => {
  it('merchandisers pin with a staff token', async () => {
    open('/staff.html?keyword=rope');
    expect(await screen.findByRole('link', { name: 'Product 1' })).toHaveAttribute('href', '/product/1001/product-1/');
    expect(searchCalls()).toEqual(['/api/search?keyword=rope']);
    expect(document.title).toBe('Pins: rope | Storefront staff');
    expect(screen.queryByRole('button', { name: 'Pin to top Product 1' })).not.toBeInTheDocument();

    await enterToken();
    expect(sessionStorage.getItem(MERCH_TOKEN_KEY)).toBe('staff-token');
    fetchMock.mockImplementationOnce(async () => Response.json({ success: true, pins: ['1002'] }));
    await userEvent.click(screen.getByRole('button', { name: 'Pin to top Product 2' }));
    expect(await screen.findByText('Saved. 1 item is pinned.')).toBeInTheDocument();
    const call = merchCall('AddItemToTop');
    expect(call.headers.Authorization).toBe('Bearer staff-token');
    expect(call.body).toMatchObject({ itemId: '1002', keyword: 'rope', lp: null });
    expect(window.location.search).toBe('?keyword=rope');
    // The results again, with the new pins.
    await waitFor(() => expect(searchCalls()).toEqual(['/api/search?keyword=rope', '/api/search?keyword=rope']));
  });

  it('unpins and moves the pinned results, in the order shown', async () => {
    searchAnswer = () =>
      Response.json(
        answer({
          items: [product(1, { pinned: true }), product(2, { pinned: true }), product(3, { pinned: true }), product(4)],
        }),
      );
    sessionStorage.setItem(MERCH_TOKEN_KEY, 'staff-token');
    open('/staff.html?keyword=rope&hawkb=B');
    const first = (await screen.findByRole('link', { name: 'Product 1' })).closest('li')!;
    expect(within(first).getByText(/Pinned/)).toBeInTheDocument();
    expect(screen.getByText('The first 4 of 150 results; 3 pinned.')).toBeInTheDocument();
    // The first pin can't move up, the last can't move down; an unpinned result can be pinned.
    expect(screen.queryByRole('button', { name: 'Move up Product 1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move down Product 3' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pin to top Product 4' })).toBeEnabled();

    fetchMock.mockImplementationOnce(async () => Response.json({ success: true, pins: ['1002', '1001', '1003'] }));
    await userEvent.click(screen.getByRole('button', { name: 'Move down Product 1' }));
    expect(await screen.findByText('Saved. 3 items are pinned.')).toBeInTheDocument();
    expect(merchCall('UpdateItemPinOrder').body).toEqual({
      keyword: 'rope',
      lp: null,
      hawkb: 'B',
      hawkaid: null,
      hawkp: null,
      itemList: ['1002', '1001', '1003'],
    });

    fetchMock.mockImplementationOnce(async () => Response.json({ success: true, pins: ['1001', '1002'] }));
    await userEvent.click(screen.getByRole('button', { name: 'Unpin Product 3' }));
    expect(await screen.findByText('Saved. 2 items are pinned.')).toBeInTheDocument();
    expect(merchCall('UnpinItem').body).toMatchObject({ itemId: '1003', keyword: 'rope' });
  });

  it('a token the server refuses says so; the token can be forgotten', async () => {
    open('/staff.html?keyword=rope');
    await screen.findByRole('link', { name: 'Product 1' });
    await enterToken('wrong');
    fetchMock.mockImplementationOnce(async () =>
      Response.json({ success: false, code: 'Unauthorized', message: 'No.' }, { status: 401 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pin to top Product 1' }));
    expect(await screen.findByText('This merchandiser token is not valid.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Forget the token' }));
    expect(sessionStorage.getItem(MERCH_TOKEN_KEY)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pin to top Product 1' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Merchandiser token')).toBeInTheDocument();
  });

  it('a landing page’s board: pins carry its department id', async () => {
    searchAnswer = () =>
      Response.json(answer({ keyword: null, landing: { id: 11, name: 'Hardware', url: '/hardware/' } }));
    sessionStorage.setItem(MERCH_TOKEN_KEY, 'staff-token');
    open('/staff.html?lp=/hardware/');
    expect(await screen.findByRole('heading', { level: 2, name: 'Results for Hardware' })).toBeInTheDocument();
    expect(searchCalls()).toEqual(['/api/search?lp=%2Fhardware%2F']);
    expect(screen.getByRole('link', { name: 'See the shoppers’ page' })).toHaveAttribute('href', '/hardware/');
    fetchMock.mockImplementationOnce(async () => Response.json({ success: true, pins: ['1001'] }));
    await userEvent.click(screen.getByRole('button', { name: 'Pin to top Product 1' }));
    await screen.findByText('Saved. 1 item is pinned.');
    expect(merchCall('AddItemToTop').body).toMatchObject({ itemId: '1001', keyword: null, lp: '11' });
  });

  it('a keyword typed in shows its board; Back shows the one before', async () => {
    open('/staff.html');
    expect(screen.getByText('Enter a keyword to see its results and pins.')).toBeInTheDocument();
    expect(searchCalls()).toEqual([]);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Keyword' }), 'rope');
    await userEvent.click(screen.getByRole('button', { name: 'Show results' }));
    expect(await screen.findByRole('link', { name: 'Product 1' })).toBeInTheDocument();
    expect(window.location.search).toBe('?keyword=rope');
    expect(searchCalls()).toEqual(['/api/search?keyword=rope']);
    expect(screen.getByRole('link', { name: 'See the shoppers’ page' })).toHaveAttribute('href', '/s/?keyword=rope');

    await act(async () => {
      window.history.replaceState(null, '', '/staff.html');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('searchbox', { name: 'Keyword' })).toHaveValue('');
    expect(screen.queryByRole('link', { name: 'Product 1' })).not.toBeInTheDocument();
  });

  it('a failure shows the generic message and tries again', async () => {
    searchAnswer = () => new Response('oops', { status: 500 });
    open('/staff.html?keyword=rope');
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    searchAnswer = () => Response.json(answer());
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Product 1' })).toBeInTheDocument();
  });
});
