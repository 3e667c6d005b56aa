import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../account/pages/common';
import { mockAccountApi, notSignedIn } from '../../account/pages/testing';
import { DESTINATION_KEY } from '../../account/destination';
import { useSignInPanel } from '../../account/signInPanelStore';
import { renderInRouter, setSession, SIGNED_IN } from '../../header/testing';
import { useSession } from '../../session';
import { summaryJson } from '../testing';
import { OrdersPage } from './OrdersPage';

vi.mock('../../shared/tracking/hawk', () => ({ trackEvent: vi.fn() }));

beforeEach(() => {
  useSession.getState().reset();
  useSignInPanel.getState().reset();
  sessionStorage.clear();
  setSession(SIGNED_IN);
});

function renderPage() {
  return renderInRouter(<OrdersPage />, '/account/orders/');
}

describe('order history, signed in', () => {
  it('lists the orders newest first, each linking to its page', async () => {
    const { calls } = mockAccountApi({
      'GET /api/account/orders': {
        orders: [
          summaryJson('100000124', { placedAt: '2026-11-29T15:00:00Z', totalCents: 4218, itemCount: 2 }),
          summaryJson('100000123', {
            placedAt: '2026-11-20T15:00:00Z',
            status: 'Cancelled',
            statusLabel: 'Cancelled',
            totalCents: 123456,
            itemCount: 1,
          }),
        ],
      },
    });
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Order History' })).toBeVisible();
    expect(document.title).toBe('Order History | Storefront');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account/');

    const table = await screen.findByRole('table', { name: 'Your orders, newest first' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Order number',
      'Date',
      'Status',
      'Items',
      'Total',
    ]);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Order 100000124', formatDate('2026-11-29T15:00:00Z'), 'Order placed', '2', '$42.18'],
      ['Order 100000123', formatDate('2026-11-20T15:00:00Z'), 'Cancelled', '1', '$1,234.56'],
    ]);
    expect(within(table).getByRole('link', { name: 'Order 100000124' })).toHaveAttribute(
      'href',
      '/account/orders/100000124/',
    );
    expect(screen.getByRole('link', { name: 'Track it with its order number' })).toHaveAttribute(
      'href',
      '/account/track-your-order/',
    );
    expect(calls).toEqual([{ method: 'GET', path: '/api/account/orders', body: undefined, token: null }]);
  });

  it('no orders yet: says so with a way to shop', async () => {
    mockAccountApi({ 'GET /api/account/orders': { orders: [] } });
    renderPage();

    expect(await screen.findByText("You haven't placed any online orders yet.")).toBeVisible();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a failure says so and offers to try again', async () => {
    mockAccountApi({ 'GET /api/account/orders': new Response('oops', { status: 503 }) });
    renderPage();

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});

describe('order history, guest', () => {
  it('opens the sign-in panel (back to the order history) and says why', async () => {
    useSession.getState().reset();
    mockAccountApi({ 'GET /api/account/orders': notSignedIn });
    renderPage();

    expect(await screen.findByText('Please sign in to see your orders.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await waitFor(() => expect(useSignInPanel.getState().isOpen).toBe(true));
    expect(sessionStorage.getItem(DESTINATION_KEY)).toBe('/account/orders/');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
