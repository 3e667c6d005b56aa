import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BatteriesPage, resetBatteryTypes } from './BatteriesPage';

vi.mock('../../shared/api/reload', () => ({ reloadPage: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

function urlOf(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

const ITEMS = [
  { blainNumber: '1', name: 'Interstate Group 24F Automotive Battery, 700 CCA', type: '140201', group: '24F', cca: '700' },
  { blainNumber: '2', name: 'Optima Group 34 Automotive Battery, 800 CCA', type: '140201', group: '34', cca: '800' },
  { blainNumber: '3', name: 'ACDelco Group 24 Deep Cycle Marine & RV Battery', type: '140202', group: '24', cca: '600' },
];

function answer(department: string | null) {
  const items = ITEMS.filter((i) => !department || i.type === department).map((i) => ({
    blainNumber: i.blainNumber,
    name: i.name,
    vendorBrand: i.name.split(' ')[0],
    url: `/product/${i.blainNumber}/battery/`,
    thumbnail: null,
    price: '$150.00',
    priceCents: 15000,
    belowMap: false,
    tireSize: null,
    attributes: [
      { name: 'Group Size', value: i.group },
      { name: 'Cold Cranking Amps', value: i.cca },
    ],
  }));
  const facet = department
    ? [{ value: department, label: 'x', count: 0, selected: true }]
    : [
        { value: '140201', label: 'Automotive Batteries', count: 2, selected: false },
        { value: '140202', label: 'Marine & RV Batteries', count: 1, selected: false },
      ];
  return { total: items.length, pg: 1, pageCount: 1, items, facets: [{ name: 'department', kind: 'hierarchy', values: facet }] };
}

beforeEach(() => {
  resetBatteryTypes();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(urlOf(input), 'http://localhost');
    if (url.pathname === '/api/search') return Response.json(answer(url.searchParams.get('department')));
    return new Response(null, { status: 204 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

describe('batteries page', () => {
  it('lists the batteries department and narrows it by kind through the URL', async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter([{ path: '/batteries/', Component: BatteriesPage }], {
      initialEntries: ['/batteries/'],
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Batteries' })).toBeInTheDocument();
    const results = await screen.findByTestId('battery-results');
    expect(within(results).getAllByRole('listitem')).toHaveLength(3);
    expect(within(results).getByText('Group 24F · 700 CCA')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([u]) => urlOf(u))).toContain('/api/search?lp=%2Fautomotive%2Fbatteries%2F');

    const kinds = await screen.findByRole('navigation', { name: 'Kinds of battery' });
    expect(within(kinds).getByRole('link', { name: 'All batteries (3)' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(kinds).getByRole('link', { name: 'Marine & RV Batteries (1)' }));

    expect(router.state.location.search).toBe('?type=140202');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Marine & RV Batteries' })).toBeInTheDocument());
    await waitFor(() => expect(within(screen.getByTestId('battery-results')).getAllByRole('listitem')).toHaveLength(1));
    expect(within(kinds).getByRole('link', { name: 'Marine & RV Batteries (1)' })).toHaveAttribute('aria-current', 'page');
    expect(fetchMock.mock.calls.map(([u]) => urlOf(u))).toContain(
      '/api/search?lp=%2Fautomotive%2Fbatteries%2F&department=140202',
    );
  });
});
