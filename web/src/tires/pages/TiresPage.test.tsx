import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSizeOptionsCache } from '../useSizeOptions';
import { TiresPage } from './TiresPage';

vi.mock('../../shared/api/reload', () => ({ reloadPage: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

const RATIOS: Record<string, number[]> = { '205': [55], '225': [60, 65] };
const RIMS: Record<string, number[]> = { '205/55': [16], '225/60': [16], '225/65': [17, 18] };

interface Size {
  width: number;
  ratio: number;
  rim: number;
}

const CATALOG: Array<{ blainNumber: string; size: Size; prefix: string }> = [
  { blainNumber: '1', size: { width: 225, ratio: 65, rim: 17 }, prefix: '' },
  { blainNumber: '2', size: { width: 225, ratio: 65, rim: 17 }, prefix: 'LT' },
  { blainNumber: '3', size: { width: 225, ratio: 65, rim: 18 }, prefix: '' },
  { blainNumber: '4', size: { width: 205, ratio: 55, rim: 16 }, prefix: '' },
];

function urlOf(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

function label(s: Size) {
  return `${s.width}/${s.ratio}R${s.rim}`;
}

/** The fake index: the tire-size facet's values, OR-ed. */
function search(query: URLSearchParams) {
  const wanted = (query.get('tire-size') ?? '').split(',');
  const items = CATALOG.filter((t) => wanted.includes(`${t.prefix}${label(t.size)}`)).map((t) => ({
    blainNumber: t.blainNumber,
    name: `Roadmaster ${t.prefix}${label(t.size)} Tire`,
    vendorBrand: 'Roadmaster',
    url: `/product/${t.blainNumber}/tire/`,
    thumbnail: `/images/products/${t.blainNumber}.svg`,
    priceCents: 10000,
    price: '$100.00',
    belowMap: false,
    tireSize: t.size,
    attributes: [
      { name: 'Tire Size', value: `${t.prefix}${label(t.size)}` },
      { name: 'Season', value: 'All-Season' },
    ],
    ecomOnHand: 5,
    pinned: false,
    storeOnHand: null,
  }));
  return {
    total: items.length,
    pg: 1,
    pageCount: items.length ? 1 : 0,
    items,
    applied: [{ name: 'tire-size', label: 'Tire Size', value: wanted[0], valueLabel: wanted[0] }],
  };
}

beforeEach(() => {
  clearSizeOptionsCache();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(urlOf(input), 'http://localhost');
    const q = url.searchParams;
    switch (url.pathname) {
      case '/tire-size/section-widths/':
        return Response.json([205, 225]);
      case '/tire-size/aspect-ratios/':
        return Response.json(RATIOS[q.get('width')!] ?? []);
      case '/tire-size/rim-sizes/':
        return Response.json(RIMS[`${q.get('width')}/${q.get('ratio')}`] ?? []);
      case '/api/search':
        return Response.json(search(q));
      default:
        return new Response(null, { status: 204 });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
});

function renderTires(path = '/tires/') {
  const router = createMemoryRouter([{ path: '/tires/', Component: TiresPage }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const width = () => screen.getByRole('combobox', { name: 'Width' });
const ratio = () => screen.getByRole('combobox', { name: 'Aspect ratio' });
const rim = () => screen.getByRole('combobox', { name: 'Rim diameter' });

function searchCalls(): string[] {
  return fetchMock.mock.calls.map(([input]) => urlOf(input)).filter((u) => u.startsWith('/api/search'));
}

describe('tire size selector', () => {
  it('enables each step once the one before has a value', async () => {
    const user = userEvent.setup();
    renderTires();
    expect(screen.getByRole('heading', { level: 1, name: 'Tires' })).toBeInTheDocument();
    await waitFor(() => expect(width()).toBeEnabled());
    expect(ratio()).toBeDisabled();
    expect(rim()).toBeDisabled();
    expect(screen.getByText(/Choose a width, aspect ratio and rim diameter/)).toBeInTheDocument();

    await user.selectOptions(width(), '225');
    await waitFor(() => expect(ratio()).toBeEnabled());
    expect(within(ratio()).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select ratio', '60', '65']);
    expect(rim()).toBeDisabled();

    await user.selectOptions(ratio(), '65');
    await waitFor(() => expect(rim()).toBeEnabled());
    expect(within(rim()).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['', '17', '18']);
    expect(searchCalls()).toEqual([]);
  });

  it('changing a step resets the later ones', async () => {
    const user = userEvent.setup();
    const router = renderTires('/tires/?width=225&ratio=65&rim=17');
    await waitFor(() => expect(rim()).toHaveValue('17'));
    expect(ratio()).toHaveValue('65');

    await user.selectOptions(ratio(), '60');
    expect(router.state.location.search).toBe('?width=225&ratio=60');
    await waitFor(() => expect(rim()).toBeEnabled());
    expect(rim()).toHaveValue('');
    expect(within(rim()).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['', '16']);

    await user.selectOptions(width(), '205');
    expect(router.state.location.search).toBe('?width=205');
    await waitFor(() => expect(ratio()).toBeEnabled());
    expect(ratio()).toHaveValue('');
    expect(rim()).toBeDisabled();
    expect(rim()).toHaveValue('');
    expect(screen.queryByTestId('tire-results')).not.toBeInTheDocument();
  });
});

describe('tires page', () => {
  it('shows the tires of the chosen size, every one of that size, with the size in the URL', async () => {
    const user = userEvent.setup();
    const router = renderTires();
    await waitFor(() => expect(width()).toBeEnabled());
    await user.selectOptions(width(), '225');
    await waitFor(() => expect(ratio()).toBeEnabled());
    await user.selectOptions(ratio(), '65');
    await waitFor(() => expect(rim()).toBeEnabled());
    await user.selectOptions(rim(), '17');

    expect(router.state.location.search).toBe('?width=225&ratio=65&rim=17');
    const results = await screen.findByTestId('tire-results');
    const cards = within(results).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(results).getAllByTestId('tire-size').map((e) => e.textContent)).toEqual(['225/65R17', 'LT225/65R17']);
    expect(screen.getByTestId('tire-results-status')).toHaveTextContent('2 tires found in size 225/65R17.');
    const img = within(cards[0]!).getByRole('img', { name: 'Roadmaster 225/65R17 Tire' });
    expect(img).toHaveAttribute('width', '160');
    expect(img).toHaveAttribute('height', '160');
    expect(within(cards[0]!).getByRole('link', { name: 'Roadmaster 225/65R17 Tire' })).toHaveAttribute('href', '/product/1/tire/');
    expect(document.title).toBe('225/65R17 Tires | Storefront');
  });

  it('a reload (or a link) with the size shows the results; Back restores the previous size', async () => {
    const user = userEvent.setup();
    const router = renderTires('/tires/?width=225&ratio=65&rim=18');
    const results = await screen.findByTestId('tire-results');
    expect(within(results).getAllByTestId('tire-size').map((e) => e.textContent)).toEqual(['225/65R18']);
    await waitFor(() => expect(rim()).toHaveValue('18'));

    await user.selectOptions(rim(), '17');
    await waitFor(() => expect(screen.getByTestId('tire-results-status')).toHaveTextContent('2 tires found in size 225/65R17.'));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByTestId('tire-results-status')).toHaveTextContent('1 tire found in size 225/65R18.'));
    expect(rim()).toHaveValue('18');
  });

  it('says so when no tire has the size', async () => {
    renderTires('/tires/?width=205&ratio=55&rim=17');
    expect(await screen.findByText(/We don't carry tires in size 205\/55R17/)).toBeInTheDocument();
  });

  it('the sort goes into the URL and the search', async () => {
    const user = userEvent.setup();
    const router = renderTires('/tires/?width=225&ratio=65&rim=17');
    await screen.findByTestId('tire-results');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-asc');
    expect(router.state.location.search).toBe('?width=225&ratio=65&rim=17&sort=price-asc');
    await waitFor(() => expect(searchCalls().at(-1)).toMatch(/^\/api\/search\?sort=price-asc&tire-size=/));
  });
});
