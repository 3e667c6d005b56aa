import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartStore } from '../cart/cartStore';
import { CartPage } from '../cart/pages/CartPage';
import { formatCents } from '../shared/money';
import { useSession } from '../session';
import { sentCalls, urlOf } from './testing';

vi.mock('../shared/api/reload', () => ({ reloadPage: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

interface Line {
  lineId: number;
  blainNumber: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  fulfillmentType: 'ShipToHome' | 'StorePickup' | 'SameDayDelivery';
  storeNum: number | null;
}

let lines: Line[];
/** Lines the summary says can't be had as chosen, with the fulfilments that work. */
let unavailable: Record<number, string[]>;
let refuseSwitch: string | null;

function cartBody() {
  const out = lines.map((l) => ({
    ...l,
    url: `/product/${l.blainNumber}/x/`,
    thumbnail: null,
    unitPrice: formatCents(l.unitPriceCents),
    warranty: null,
    plans: [],
    lineTotalCents: l.unitPriceCents * l.quantity,
    lineTotal: formatCents(l.unitPriceCents * l.quantity),
  }));
  const subtotal = out.reduce((n, l) => n + l.lineTotalCents, 0);
  const qty = lines.reduce((n, l) => n + l.quantity, 0);
  return { cartQty: qty, lineCount: out.length, subtotalCents: subtotal, subtotal: formatCents(subtotal), lines: out };
}

function summaryBody() {
  return {
    lines: lines.map((l) => ({
      lineId: l.lineId,
      blainNumber: l.blainNumber,
      name: l.name,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      lineTotalCents: l.unitPriceCents * l.quantity,
      fulfillment: l.fulfillmentType,
      storeNum: l.storeNum,
      available: !unavailable[l.lineId],
      problem: unavailable[l.lineId] ? `${l.name} is out of stock at Janesville, WI.` : null,
      alternatives: unavailable[l.lineId] ?? [],
    })),
    pickupStore: null,
    needsShippingAddress: true,
    subtotalCents: 0,
    shippingCents: 0,
    taxCents: 0,
    totalCents: 0,
    taxState: null,
    taxExempt: false,
    freeShippingThresholdCents: 4900,
    shippingRateCents: 799,
  };
}

function result(success = true, message?: string) {
  return Response.json({
    success,
    resultCode: success ? 'Success' : 'PickupDeliveryError',
    ...(message ? { message } : {}),
    cartQty: lines.reduce((n, l) => n + l.quantity, 0),
    lineCount: lines.length,
  });
}

beforeEach(() => {
  lines = [
    { lineId: 1, blainNumber: '100100', name: 'Poly Rope 50 ft', quantity: 2, unitPriceCents: 1299, fulfillmentType: 'ShipToHome', storeNum: null },
    { lineId: 2, blainNumber: '200200', name: 'Cordless Drill', quantity: 1, unitPriceCents: 8999, fulfillmentType: 'StorePickup', storeNum: 7 },
  ];
  unavailable = { 2: ['ShipToHome', 'SameDayDelivery'] };
  refuseSwitch = null;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = urlOf(input);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    switch (url) {
      case '/api/cart':
        return Response.json(cartBody());
      case '/api/checkout/summary':
        return Response.json(summaryBody());
      case '/api/cart/fulfillment': {
        if (refuseSwitch) return result(false, refuseSwitch);
        const line = lines.find((l) => l.lineId === body.lineId)!;
        line.fulfillmentType = body.fulfillment;
        line.storeNum = body.storeNum;
        delete unavailable[line.lineId];
        return result();
      }
      case '/api/cart/remove':
        lines = lines.filter((l) => l.lineId !== body.lineId);
        return result();
      case '/api/stores':
        return Response.json([{ storeNum: 7, city: 'Janesville', state: 'WI', address1: '2500 Milton Ave', zip: '53545', urlAlias: 'janesville-wi' }]);
      default:
        return new Response(null, { status: 204 });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  useSession.getState().reset();
  useCartStore.getState().reset();
});

function renderCart() {
  return render(
    <MemoryRouter initialEntries={['/cart/']}>
      <CartPage />
    </MemoryRouter>,
  );
}

async function findLine(name: string) {
  const link = await screen.findByRole('link', { name });
  return link.closest('li') as HTMLElement;
}

function posts(path: string) {
  return sentCalls(fetchMock)
    .filter((c) => c.url === path && c.method === 'POST')
    .map((c) => c.body);
}

describe('the cart page and the checkout', () => {
  it('Checkout is a link to /checkout/', async () => {
    unavailable = {};
    renderCart();
    await findLine('Poly Rope 50 ft');
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout/');
    await waitFor(() => expect(sentCalls(fetchMock).some((c) => c.url === '/api/checkout/summary')).toBe(true));
    expect(screen.queryByTestId('line-problem')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cart-unavailable-note')).not.toBeInTheDocument();
  });

  it('flags a line that became unavailable with its problem and a switch per fulfilment that works', async () => {
    const user = userEvent.setup();
    renderCart();
    const drill = await findLine('Cordless Drill');
    expect(await within(drill).findByText('Cordless Drill is out of stock at Janesville, WI.')).toBeInTheDocument();
    expect(screen.getByTestId('cart-unavailable-note')).toBeInTheDocument();
    expect(within(await findLine('Poly Rope 50 ft')).queryByTestId('line-problem')).not.toBeInTheDocument();
    expect(within(drill).getByRole('button', { name: 'Switch to Same-day delivery for Cordless Drill' })).toBeInTheDocument();

    await user.click(within(drill).getByRole('button', { name: 'Switch to Ship to Home for Cordless Drill' }));
    await waitFor(() => expect(posts('/api/cart/fulfillment')).toEqual([{ lineId: 2, fulfillmentType: 'ShipToHome', storeNum: null }]));
    await waitFor(() => expect(within(drill).getByText('Ship to home')).toBeInTheDocument());
    await waitFor(() => expect(within(drill).queryByTestId('line-problem')).not.toBeInTheDocument());
    expect(screen.queryByTestId('cart-unavailable-note')).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-announcer')).toHaveTextContent('Cordless Drill: Ship to Home.');
  });

  it('a refused switch is shown on the line', async () => {
    const user = userEvent.setup();
    refuseSwitch = 'Same-day delivery is not available from Janesville, WI.';
    renderCart();
    const drill = await findLine('Cordless Drill');
    await user.click(await within(drill).findByRole('button', { name: 'Switch to Same-day delivery for Cordless Drill' }));
    expect(await within(drill).findByRole('alert')).toHaveTextContent('Same-day delivery is not available from Janesville, WI.');
    expect(posts('/api/cart/fulfillment')).toEqual([{ lineId: 2, fulfillmentType: 'SameDayDelivery', storeNum: 7 }]);
  });

  it('Remove in the flag removes the line', async () => {
    const user = userEvent.setup();
    renderCart();
    const drill = await findLine('Cordless Drill');
    await user.click(await within(drill).findByRole('button', { name: 'Remove Cordless Drill from your cart' }));
    await waitFor(() => expect(posts('/api/cart/remove')).toEqual([{ lineId: 2 }]));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Cordless Drill' })).not.toBeInTheDocument());
    expect(screen.queryByTestId('cart-unavailable-note')).not.toBeInTheDocument();
  });
});
