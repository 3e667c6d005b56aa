import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session';
import { useDepartmentsStore } from '../../catalog/departmentsStore';
import { TOO_FEW_TO_COMPARE, TOO_MANY_TO_COMPARE } from '../../search/compare';
import { clearRecentSearches, readRecentSearches } from '../../search/recent';
import { renderRoute } from '../../test/renderRoute';
import { resetTracking } from '../../shared/tracking/hawk';
import { hawkRequests, recordHawkRequests, type RecordingImage } from '../../shared/tracking/testing';
import { answer, product, urlOf } from '../testing';

// Lazy routes and a busy machine: allow time.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();
let searchAnswer: (url: string) => Response;
let images: RecordingImage[];
let cartQty = 0;

function searchCalls(): string[] {
  return fetchMock.mock.calls.map(([i]) => urlOf(i)).filter((u) => u.startsWith('/api/search?'));
}

beforeEach(() => {
  fetchMock.mockReset();
  searchAnswer = () => Response.json(answer());
  cartQty = 0;
  fetchMock.mockImplementation(async (input, init) => {
    const url = urlOf(input);
    if (url.startsWith('/api/search?')) return searchAnswer(url);
    if (url.startsWith('/api/search/compare')) {
      return Response.json({
        items: [product(1), product(2)],
        attributes: [{ name: 'Color', values: ['Red', null] }],
      });
    }
    if (url === '/products/a/productcomparisontocart' && init?.method === 'POST') {
      cartQty = 7;
      return Response.json({ success: true, resultCode: 'Success', cartQty: 7, lineCount: 2 });
    }
    if (url.startsWith('/globalresource/header/')) {
      return Response.json({
        loggedIn: false,
        deptMenu: [],
        headerLinks: [],
        siteMessages: [],
        cartSummaryJson: { cartQty },
        itemsInCartCount: cartQty,
      });
    }
    return new Response(null, { status: 204 });
  });
  vi.stubGlobal('fetch', fetchMock);
  useDepartmentsStore.getState().reset();
  useSession.getState().reset();
  resetTracking();
  images = recordHawkRequests();
  clearRecentSearches();
});

afterEach(() => {
  clearRecentSearches();
  resetTracking();
});

function searchEvents() {
  return hawkRequests(images).filter((r) => r.et === 2).map((r) => r.event);
}

describe('the search page', () => {
  it('shows the results for the keyword and tracks the search', async () => {
    const { router } = renderRoute('/s/?keyword=rope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for "rope"' }, { timeout: 5000 })).toBeVisible();
    expect(document.title).toBe('Results for "rope" | Storefront');
    // The header's box holds the keyword.
    expect(within(screen.getByRole('banner')).getByRole('searchbox', { name: 'Search products' })).toHaveValue('rope');

    const link = await screen.findByRole('link', { name: 'Product 1' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', '/product/1001/product-1/');
    const img = screen.getByAltText('Product 1');
    expect(img).toHaveAttribute('width', '240');
    expect(img).toHaveAttribute('height', '240');
    expect(screen.getByText('Showing 1–60 of 150 results')).toBeInTheDocument();
    expect(searchCalls()).toEqual(['/api/search?keyword=rope']);

    await waitFor(() => expect(searchEvents()).toHaveLength(1));
    expect(searchEvents()[0]).toMatchObject({
      keyword: 'rope',
      type_id: 1,
      query_id: 'qid-1',
      total: 150,
      item_list: ['1001', '1002', '1003'],
    });
    await waitFor(() => expect(readRecentSearches()).toEqual([{ keyword: 'rope', count: 150 }]));

    // A result click sends a Click event.
    fireEvent.click(link);
    const click = hawkRequests(images).find((r) => r.et === 3);
    expect(click?.event).toMatchObject({ unique_id: '1001', query_id: 'qid-1', url: '/product/1001/product-1/' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/1001/product-1/'));
  });

  it('a facet changes the URL and the results; Back restores them', async () => {
    const { router } = renderRoute('/s/?keyword=rope');
    await screen.findByRole('link', { name: 'Product 1' }, { timeout: 5000 });
    searchAnswer = (url) =>
      url.includes('brand=Koch')
        ? Response.json(answer({ total: 1, pageCount: 1, items: [product(9)], queryId: 'qid-2' }))
        : Response.json(answer());

    await userEvent.click(screen.getByRole('checkbox', { name: /^Koch/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=rope&brand=Koch'));
    expect(await screen.findByRole('link', { name: 'Product 9' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Product 1' })).not.toBeInTheDocument();
    await waitFor(() => expect(searchEvents()).toHaveLength(2));
    expect(searchEvents()[1]).toMatchObject({ type_id: 2, query_id: 'qid-2', total: 1 });

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?keyword=rope');
    expect(await screen.findByRole('link', { name: 'Product 1' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('page links: the current page ignores clicks, another page goes there', async () => {
    const { router } = renderRoute('/s/?keyword=rope');
    await screen.findByRole('link', { name: 'Product 1' }, { timeout: 5000 });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const current = within(nav).getByRole('link', { name: 'Page 1' });
    expect(current).toHaveAttribute('aria-current', 'page');
    const key = router.state.location.key;
    await userEvent.click(current);
    await userEvent.click(within(nav).getByRole('link', { name: 'Previous page' }));
    expect(router.state.location.key).toBe(key);

    await userEvent.click(within(nav).getByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=rope&pg=2'));
    await waitFor(() => expect(searchCalls()).toContain('/api/search?keyword=rope&pg=2'));
  });

  it('sort and page size change the URL and go back to page 1', async () => {
    const { router } = renderRoute('/s/?keyword=rope&pg=2');
    await screen.findByRole('link', { name: 'Product 1' }, { timeout: 5000 });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-asc');
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=rope&sort=price-asc'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Items per page' }), '24');
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=rope&sort=price-asc&mpp=24'));
  });

  it('a price typed out of range falls back to the bounds', async () => {
    const { router } = renderRoute('/s/?keyword=rope');
    await screen.findByRole('link', { name: 'Product 1' }, { timeout: 5000 });
    const from = screen.getByRole('textbox', { name: 'From (Price)' });
    const to = screen.getByRole('textbox', { name: 'To (Price)' });
    // Typing into the boxes key by key is RangeFacet.test.tsx's; here the page's part.
    fireEvent.change(from, { target: { value: '20' } });
    fireEvent.change(to, { target: { value: '5000' } });
    expect(from).toHaveValue('20');
    fireEvent.click(screen.getByRole('button', { name: /^Go: apply the price range/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=rope&price=20,100'));
    expect(to).toHaveValue('100');
  });

  it('compare: the 2–5 rule, the dialog side by side, adding to the cart', async () => {
    const many = Array.from({ length: 6 }, (_, i) => product(i + 1));
    searchAnswer = () => Response.json(answer({ items: many }));
    const { router } = renderRoute('/s/?keyword=rope');
    await screen.findByRole('link', { name: 'Product 1' }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: 'Compare items' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Compare Product 1' }));
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=rope&items=1001'));
    const bar = screen.getByRole('region', { name: 'Compare items' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Compare' }));
    expect(within(bar).getByRole('alert')).toHaveTextContent(TOO_FEW_TO_COMPARE);

    for (const n of [2, 3, 4, 5]) {
      await userEvent.click(screen.getByRole('checkbox', { name: `Compare Product ${n}` }));
    }
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=rope&items=1001,1002,1003,1004,1005'));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Compare Product 6' }));
    expect(screen.getByRole('checkbox', { name: 'Compare Product 6' })).not.toBeChecked();
    expect(within(screen.getByRole('region', { name: 'Compare items' })).getByRole('alert')).toHaveTextContent(
      TOO_MANY_TO_COMPARE,
    );
    // Unchecking removes.
    for (const n of [3, 4, 5]) {
      await userEvent.click(screen.getByRole('checkbox', { name: `Compare Product ${n}` }));
    }
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=rope&items=1001,1002'));

    const compareButton = within(screen.getByRole('region', { name: 'Compare items' })).getByRole('button', {
      name: 'Compare',
    });
    await userEvent.click(compareButton);
    const dialog = await screen.findByRole('dialog', { name: 'Compare Items' });
    expect(await within(dialog).findByRole('columnheader', { name: /Product 1/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('rowheader', { name: 'Color' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([i]) => urlOf(i) === '/api/search/compare?items=1001,1002')).toBe(true);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 2 items to cart' }));
    expect(await within(dialog).findByText('The 2 items were added to your cart.')).toBeInTheDocument();
    await waitFor(() => expect(useSession.getState().cartQty).toBe(7));
    const post = fetchMock.mock.calls.find(([i]) => urlOf(i) === '/products/a/productcomparisontocart')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ blainNumbers: ['1001', '1002'] });
    expect((post[1]!.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(compareButton).toHaveFocus();

    await userEvent.click(within(screen.getByRole('region', { name: 'Compare items' })).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=rope'));
    expect(screen.queryByRole('region', { name: 'Compare items' })).not.toBeInTheDocument();
  });

  it('nothing found: the empty state and did you mean', async () => {
    searchAnswer = () =>
      Response.json(answer({ keyword: 'ropr', total: 0, pageCount: 0, items: [], didYouMean: 'rope', queryId: 'q0' }));
    renderRoute('/s/?keyword=ropr');
    expect(await screen.findByText(/We couldn’t find any results for/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'rope' })).toHaveAttribute('href', '/s/?keyword=rope');
    await waitFor(() => expect(searchEvents()[0]).toMatchObject({ keyword: 'ropr', total: 0, item_list: [] }));
  });

  it('pinned items show a marker', async () => {
    searchAnswer = () => Response.json(answer({ items: [product(1, { pinned: true }), product(2)] }));
    renderRoute('/s/?keyword=rope');
    const card = (await screen.findByRole('link', { name: 'Product 1' }, { timeout: 5000 })).closest('li')!;
    expect(within(card).getByText('Pinned')).toBeInTheDocument();
  });

  it('below MAP the price shows in the cart', async () => {
    searchAnswer = () => Response.json(answer({ items: [product(1, { belowMap: true, priceMode: 'BelowMap' })] }));
    renderRoute('/s/?keyword=rope');
    const card = (await screen.findByRole('link', { name: 'Product 1' }, { timeout: 5000 })).closest('li')!;
    expect(within(card).getByText('See price in cart')).toBeInTheDocument();
    expect(within(card).queryByText('$11.00')).not.toBeInTheDocument();
  });

  it('the hash form of the URL moves to the query string', async () => {
    const { router } = renderRoute('/s/#keyword=rope&pg=2');
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=rope&pg=2'));
    expect(router.state.location.hash).toBe('');
    await screen.findByRole('link', { name: 'Product 1' }, { timeout: 5000 });
    expect(searchCalls()).toEqual(['/api/search?keyword=rope&pg=2']);
  });

  it('preview mode (`prv`) gives shoppers no merchandising tools (they are on staff.html)', async () => {
    sessionStorage.setItem('sf.merch.token', 'staff-token');
    const { router } = renderRoute('/s/?keyword=rope&prv=1');
    await screen.findByRole('link', { name: 'Product 1' }, { timeout: 5000 });
    expect(screen.queryByLabelText('Merchandiser token')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Merchandising' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pin to top/ })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([i]) => urlOf(i).startsWith('/api/staff'))).toBe(false);
    expect(router.state.location.search).toBe('?keyword=rope&prv=1');
    sessionStorage.removeItem('sf.merch.token');
  });

  it('without a keyword asks for one', async () => {
    renderRoute('/s/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    expect(screen.getByText('Enter a search term above to find products.')).toBeInTheDocument();
    expect(searchCalls()).toEqual([]);
  });

  it('without a keyword but with a chosen sort lists every product (the home page links here)', async () => {
    renderRoute('/s/?sort=newest');
    expect(await screen.findByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Product 1' }, { timeout: 5000 })).toBeInTheDocument();
    expect(searchCalls()).toEqual(['/api/search?sort=newest']);
  });

  it('a failure shows the generic message and retries', async () => {
    searchAnswer = () => new Response('oops', { status: 500 });
    renderRoute('/s/?keyword=rope');
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    searchAnswer = () => Response.json(answer());
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Product 1' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
