import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockAccountApi, notSignedIn } from '../../account/pages/testing';
import { useSignInPanel } from '../../account/signInPanelStore';
import { setSession, SIGNED_IN } from '../../header/testing';
import { useSession } from '../../session';
import { orderJson } from '../testing';
import { OrderDetailPage } from './OrderDetailPage';

vi.mock('../../shared/tracking/hawk', () => ({ trackEvent: vi.fn() }));

beforeEach(() => {
  useSession.getState().reset();
  useSignInPanel.getState().reset();
  sessionStorage.clear();
  setSession(SIGNED_IN);
});

/** The page at its route, so it reads the order number from the path. */
function renderPage(path = '/account/orders/100000123/') {
  const router = createMemoryRouter([{ path: '/account/orders/:orderNo', element: <OrderDetailPage /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return { router };
}

describe('one order', () => {
  it('shows the order with its timeline, and links back to the history', async () => {
    const { calls } = mockAccountApi({ 'GET /api/account/orders/100000123': orderJson() });
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Order 100000123' })).toBeVisible();
    expect(document.title).toBe('Order 100000123 | Storefront');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['My Account', '/account/'],
      ['Order History', '/account/orders/'],
    ]);

    const status = await screen.findByRole('heading', { level: 2, name: 'Order status' });
    const steps = within(status.closest('section')!).getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('.order-timeline__label')?.textContent)).toEqual([
      'Order placed',
      'Ready for pickup',
    ]);
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('heading', { level: 2, name: 'Items' })).toBeVisible();
    // The page's heading names the order: no second one.
    expect(screen.getAllByRole('heading', { name: 'Order 100000123' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to Order History' })).toHaveAttribute('href', '/account/orders/');
    expect(calls).toEqual([{ method: 'GET', path: '/api/account/orders/100000123', body: undefined, token: null }]);
  });

  it('an order that is not the customer’s is not found', async () => {
    mockAccountApi({
      'GET /api/account/orders/100000999': Response.json(
        { success: false, code: 'NotFound', message: 'No such order.' },
        { status: 404 },
      ),
    });
    renderPage('/account/orders/100000999/');

    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't find that order.");
    expect(screen.getByRole('link', { name: 'Back to Order History' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Order status' })).not.toBeInTheDocument();
  });

  it('a number that is not one is not found without asking', async () => {
    const { calls } = mockAccountApi({});
    renderPage('/account/orders/abc/');

    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't find that order.");
    expect(calls).toEqual([]);
  });

  it('a guest gets the sign-in panel', async () => {
    useSession.getState().reset();
    mockAccountApi({ 'GET /api/account/orders/100000123': notSignedIn });
    renderPage();

    expect(await screen.findByText('Please sign in to see your orders.')).toBeVisible();
    await waitFor(() => expect(useSignInPanel.getState().isOpen).toBe(true));
  });
});
