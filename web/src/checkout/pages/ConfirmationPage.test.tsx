import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession, SIGNED_IN } from '../../header/testing';
import { useSession } from '../../session';
import { ORDER_VIEW, sentCalls, urlOf } from '../testing';
import { ConfirmationPage } from './ConfirmationPage';

vi.mock('../../shared/api/reload', () => ({ reloadPage: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
let order: unknown;
let fails: boolean;

beforeEach(() => {
  order = ORDER_VIEW;
  fails = false;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(urlOf(input), 'http://localhost');
    if (url.pathname === '/api/orders/confirmation') {
      if (fails) return new Response('', { status: 500 });
      if (url.searchParams.get('key') !== 'signed' || order === null) {
        return Response.json({ success: false, code: 'NotFound', message: 'No such order.' }, { status: 404 });
      }
      return Response.json(order);
    }
    return new Response(null, { status: 204 });
  });
  vi.stubGlobal('fetch', fetchMock);
  useSession.getState().reset();
});

function renderConfirmation(path = '/checkout/confirmation/?key=signed') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ConfirmationPage />
    </MemoryRouter>,
  );
}

describe('order confirmation', () => {
  it('thanks the shopper with the order number, the lines, totals, card, pickup store and first step', async () => {
    renderConfirmation();
    expect(screen.getByText('Loading your order…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(sentCalls(fetchMock).map((c) => c.url)).toEqual(['/api/orders/confirmation?key=signed']);
    expect(document.title).toBe('Order Confirmation | Storefront');

    expect(screen.getByTestId('order-number')).toHaveTextContent('100000123');
    expect(screen.getByText("We've sent a confirmation to your email.")).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent(/^Order placed /);

    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getByText('Poly Rope 50 ft')).toBeInTheDocument();
    expect(within(items).getByText('Item #123 · Qty 2 · $19.99 each')).toBeInTheDocument();
    expect(within(items).getByText('Store pickup at Janesville, WI')).toBeInTheDocument();

    expect(screen.getByTestId('confirmation-subtotal')).toHaveTextContent('$39.98');
    expect(screen.getByTestId('confirmation-tax')).toHaveTextContent('$2.20');
    expect(screen.getByTestId('confirmation-total')).toHaveTextContent('$42.18');
    expect(screen.queryByTestId('confirmation-shipping')).not.toBeInTheDocument();
    expect(screen.getByTestId('confirmation-card')).toHaveTextContent('Visa ending in 4242');
    expect(screen.getByTestId('confirmation-pickup')).toHaveTextContent('Janesville, WI2500 Milton Ave, Janesville, WI 53545');
    expect(screen.getByText('You earned 39 rewards points with this order.')).toBeInTheDocument();

    // A guest tracks the order.
    expect(screen.getByRole('link', { name: 'Track your order' })).toHaveAttribute('href', '/account/track-your-order/');
    expect(screen.queryByRole('link', { name: 'View your orders' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  });

  it('a shipped order names the city it goes to; a signed-in customer gets their orders', async () => {
    setSession(SIGNED_IN);
    order = {
      ...ORDER_VIEW,
      lines: [{ ...ORDER_VIEW.lines[0], fulfillment: 'ShipToHome', storeNum: null }],
      shippingCents: 799,
      pickupStore: null,
      shipTo: { city: 'Janesville', state: 'WI', zip: '53545' },
      card: { brand: 'amex', last4: '0005' },
      pointsEarned: null,
    };
    renderConfirmation();
    expect(await screen.findByTestId('confirmation-ship-to')).toHaveTextContent('Janesville, WI 53545');
    expect(screen.getByTestId('confirmation-shipping')).toHaveTextContent('$7.99');
    expect(screen.getByTestId('confirmation-card')).toHaveTextContent('American Express ending in 0005');
    expect(screen.queryByTestId('confirmation-pickup')).not.toBeInTheDocument();
    expect(screen.queryByText(/rewards points/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your orders' })).toHaveAttribute('href', '/account/orders/');
    expect(screen.queryByRole('link', { name: 'Track your order' })).not.toBeInTheDocument();
  });

  it('a tax-exempt order’s tax reads "Sales tax (exempt)" at $0.00', async () => {
    order = { ...ORDER_VIEW, taxExempt: true, taxCents: 0, totalCents: 3998 };
    renderConfirmation();
    const tax = await screen.findByTestId('confirmation-tax');
    expect(tax).toHaveTextContent('$0.00');
    expect(within(tax.closest('.checkout-totals__row') as HTMLElement).getByText('Sales tax (exempt)')).toBeInTheDocument();
    expect(screen.getByTestId('confirmation-total')).toHaveTextContent('$39.98');
  });

  it('a key that finds no order says so, with order tracking', async () => {
    renderConfirmation('/checkout/confirmation/?key=other');
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find that order." })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Track your order' })).toHaveAttribute('href', '/account/track-your-order/');
  });

  it('no key at all asks nothing', () => {
    renderConfirmation('/checkout/confirmation/');
    expect(screen.getByRole('heading', { level: 1, name: "We couldn't find that order." })).toBeInTheDocument();
    expect(sentCalls(fetchMock)).toEqual([]);
  });

  it('a failed read offers to try again', async () => {
    const user = userEvent.setup();
    fails = true;
    renderConfirmation();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeInTheDocument();
  });
});
