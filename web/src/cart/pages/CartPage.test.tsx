import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCents } from '../../shared/money';
import { useSession } from '../../session';
import { useCartStore } from '../cartStore';
import { CartPage } from './CartPage';

vi.mock('../../shared/api/reload', () => ({ reloadPage: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

interface FakeLine {
  lineId: number;
  blainNumber: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  fulfillmentType: 'ShipToHome' | 'StorePickup' | 'SameDayDelivery';
  storeNum: number | null;
  warranty: { id: string; name: string; priceCents: number; years: number } | null;
}

const PLANS = [
  { id: 'p2', name: '2-Year Protection Plan', priceCents: 499, years: 2 },
  { id: 'p3', name: '3-Year Protection Plan', priceCents: 799, years: 3 },
];

let lines: FakeLine[];
/** Answer the next quantity change with this refusal. */
let refuseQuantity: string | null;
let cartFails: boolean;
/** The cart answer names each product's plans (as the server does). */
let namePlans: boolean;

function urlOf(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

function cartQty() {
  return lines.reduce((n, l) => n + l.quantity, 0);
}

function cartBody() {
  const out = lines.map((l) => {
    const total = (l.unitPriceCents + (l.warranty?.priceCents ?? 0)) * l.quantity;
    return {
      ...l,
      url: `/product/${l.blainNumber}/${l.name.toLowerCase().replace(/\W+/g, '-')}/`,
      thumbnail: `/images/products/${l.blainNumber}.svg`,
      unitPrice: formatCents(l.unitPriceCents),
      lineTotalCents: total,
      lineTotal: formatCents(total),
      ...(namePlans ? { plans: l.blainNumber === '200200' ? PLANS : [] } : {}),
    };
  });
  const subtotal = out.reduce((n, l) => n + l.lineTotalCents, 0);
  return { cartQty: cartQty(), lineCount: out.length, subtotalCents: subtotal, subtotal: formatCents(subtotal), lines: out };
}

function result(success = true, message?: string) {
  return Response.json({
    success,
    resultCode: success ? 'Success' : 'CannotAdd',
    ...(message ? { message } : {}),
    cartQty: cartQty(),
    lineCount: lines.length,
  });
}

function posts(path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => urlOf(input) === path && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

function calls(path: string): number {
  return fetchMock.mock.calls.filter(([input]) => urlOf(input) === path).length;
}

beforeEach(() => {
  lines = [
    {
      lineId: 1,
      blainNumber: '100100',
      name: 'Poly Rope 50 ft',
      quantity: 2,
      unitPriceCents: 1299,
      fulfillmentType: 'ShipToHome',
      storeNum: null,
      warranty: null,
    },
    {
      lineId: 2,
      blainNumber: '200200',
      name: 'Cordless Drill',
      quantity: 1,
      unitPriceCents: 8999,
      fulfillmentType: 'StorePickup',
      storeNum: 7,
      warranty: null,
    },
  ];
  refuseQuantity = null;
  cartFails = false;
  namePlans = false;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = urlOf(input);
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    switch (url) {
      case '/api/cart':
        return cartFails ? new Response('', { status: 503 }) : Response.json(cartBody());
      case '/api/cart/quantity': {
        if (refuseQuantity) return result(false, refuseQuantity);
        const line = lines.find((l) => l.lineId === body.lineId);
        if (!line) return result(false, 'That item is no longer in your cart.');
        line.quantity = body.quantity;
        return result();
      }
      case '/api/cart/remove':
        lines = lines.filter((l) => l.lineId !== body.lineId);
        return result();
      case '/products/a/update-warranty': {
        const line = lines.find((l) => l.lineId === body.lineId)!;
        line.warranty = PLANS.find((p) => p.id === body.warrantyId)!;
        return result();
      }
      case '/products/a/remove-warranty':
        lines.find((l) => l.lineId === body.lineId)!.warranty = null;
        return result();
      case '/api/product/200200':
        return Response.json({ blainNumber: '200200', warranties: PLANS });
      case '/api/product/100100':
        return Response.json({ blainNumber: '100100', warranties: [] });
      case '/api/stores':
        return Response.json([
          {
            storeNum: 7,
            city: 'Janesville',
            cityAlias: 'janesville',
            state: 'WI',
            address1: '2500 Milton Ave',
            zip: '53545',
            urlAlias: 'janesville-wi',
            currentHours: { displayText: 'Open until 8:00 PM', displayStyle: 'open' },
          },
        ]);
      case '/globalresource/header/?deptMenu=omit':
        return Response.json({ loggedIn: false, cartSummaryJson: { cartQty: cartQty() }, itemsInCartCount: cartQty() });
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

describe('cart page', () => {
  it('shows the lines, their totals, the subtotal and the pickup store', async () => {
    renderCart();
    expect(screen.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeInTheDocument();
    expect(screen.getByText('Loading your cart…')).toBeInTheDocument();

    const rope = await findLine('Poly Rope 50 ft');
    expect(within(rope).getByRole('link', { name: 'Poly Rope 50 ft' })).toHaveAttribute(
      'href',
      '/product/100100/poly-rope-50-ft/',
    );
    const img = within(rope).getByRole('img', { name: 'Poly Rope 50 ft' });
    expect(img).toHaveAttribute('width', '96');
    expect(img).toHaveAttribute('height', '96');
    expect(img).toHaveAttribute('src', '/images/products/100100.svg');
    expect(within(rope).getByText('$12.99 each')).toBeInTheDocument();
    expect(within(rope).getByText('$25.98')).toBeInTheDocument();
    expect(within(rope).getByText('Ship to home')).toBeInTheDocument();
    expect(within(rope).getByRole('textbox', { name: 'Quantity of Poly Rope 50 ft' })).toHaveValue('2');

    const drill = await findLine('Cordless Drill');
    expect(await within(drill).findByText('Pick up at Janesville, WI')).toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 2, name: /Items in your cart \(3 items\)/ })).toBeInTheDocument();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$115.97');
    expect(screen.getByTestId('cart-merchandise')).toHaveTextContent('$115.97');
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByRole('heading', { name: 'Pickup store' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Janesville, WI' })).toHaveAttribute('href', '/stores/janesville-wi');
    expect(within(summary).getByText('2500 Milton Ave, Janesville, WI 53545')).toBeInTheDocument();
    // The header count follows the cart.
    expect(useSession.getState().cartQty).toBe(3);
  });

  it('the quantity field takes at most 3 digits', async () => {
    const user = userEvent.setup();
    renderCart();
    const input = await screen.findByRole('textbox', { name: 'Quantity of Poly Rope 50 ft' });
    expect(input).toHaveAttribute('maxLength', '3');
    expect(input).toHaveAttribute('inputMode', 'numeric');
    await user.clear(input);
    await user.type(input, 'a1b2');
    expect(input).toHaveValue('12');
    await user.type(input, '345');
    expect(input).toHaveValue('123');
  });

  it('updating a quantity changes the totals, the header count and announces it', async () => {
    const user = userEvent.setup();
    renderCart();
    const input = await screen.findByRole('textbox', { name: 'Quantity of Poly Rope 50 ft' });
    const headerCalls = calls('/globalresource/header/?deptMenu=omit');
    await user.clear(input);
    await user.type(input, '5');
    await user.click(screen.getByRole('button', { name: 'Update quantity of Poly Rope 50 ft' }));

    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$154.94'));
    expect(posts('/api/cart/quantity')).toEqual([{ lineId: 1, quantity: 5 }]);
    expect(screen.getByRole('heading', { level: 2, name: /\(6 items\)/ })).toBeInTheDocument();
    expect(useSession.getState().cartQty).toBe(6);
    expect(calls('/globalresource/header/?deptMenu=omit')).toBeGreaterThan(headerCalls);
    expect(screen.getByTestId('cart-announcer')).toHaveTextContent(
      'Quantity of Poly Rope 50 ft updated to 5. Subtotal (6 items): $154.94.',
    );
  });

  it('Enter in the field submits; an invalid quantity is refused before any call', async () => {
    const user = userEvent.setup();
    renderCart();
    const input = await screen.findByRole('textbox', { name: 'Quantity of Poly Rope 50 ft' });
    await user.clear(input);
    await user.type(input, '0{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a quantity from 1 to 999.');
    expect(input).toHaveAccessibleDescription('Please enter a quantity from 1 to 999.');
    expect(posts('/api/cart/quantity')).toEqual([]);

    await user.clear(input);
    await user.type(input, '3{Enter}');
    await waitFor(() => expect(posts('/api/cart/quantity')).toEqual([{ lineId: 1, quantity: 3 }]));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it("shows the server's refusal on the line", async () => {
    const user = userEvent.setup();
    refuseQuantity = 'Your store does not have that many. Lower the quantity or choose shipping.';
    renderCart();
    const input = await screen.findByRole('textbox', { name: 'Quantity of Cordless Drill' });
    await user.clear(input);
    await user.type(input, '40{Enter}');
    const drill = await findLine('Cordless Drill');
    expect(await within(drill).findByRole('alert')).toHaveTextContent('Your store does not have that many.');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$115.97');
  });

  it('remove moves focus to the next line, and the last remove to the empty cart', async () => {
    const user = userEvent.setup();
    renderCart();
    await findLine('Poly Rope 50 ft');
    await user.click(screen.getByRole('button', { name: 'Remove Poly Rope 50 ft' }));

    await waitFor(() => expect(screen.queryByRole('link', { name: 'Poly Rope 50 ft' })).not.toBeInTheDocument());
    expect(posts('/api/cart/remove')).toEqual([{ lineId: 1 }]);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Cordless Drill' })).toHaveFocus());
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$89.99');
    expect(useSession.getState().cartQty).toBe(1);
    expect(screen.getByTestId('cart-announcer')).toHaveTextContent('Poly Rope 50 ft removed from your cart.');

    await user.click(screen.getByRole('button', { name: 'Remove Cordless Drill' }));
    const empty = await screen.findByRole('heading', { level: 2, name: 'Your cart is empty' });
    await waitFor(() => expect(empty).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Tires' })).toHaveAttribute('href', '/tires/');
    expect(screen.getByTestId('cart-announcer')).toHaveTextContent('Cordless Drill removed from your cart. Your cart is empty.');
    expect(useSession.getState().cartQty).toBe(0);
  });

  it('chooses and removes a protection plan', async () => {
    const user = userEvent.setup();
    renderCart();
    const drill = await findLine('Cordless Drill');
    const select = await within(drill).findByRole('combobox', { name: 'Add a protection plan for Cordless Drill' });
    // The rope offers no plan.
    expect(within(await findLine('Poly Rope 50 ft')).queryByRole('combobox')).not.toBeInTheDocument();

    await user.selectOptions(select, 'p2');
    await user.click(within(drill).getByRole('button', { name: 'Add plan for Cordless Drill' }));
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$120.96'));
    expect(posts('/products/a/update-warranty')).toEqual([{ lineId: 2, warrantyId: 'p2' }]);
    expect(within(drill).getByText(/2-Year Protection Plan – \$4\.99 each/)).toBeInTheDocument();
    expect(screen.getByTestId('cart-plans')).toHaveTextContent('$4.99');
    // The other plan is still on offer, as a change.
    expect(within(drill).getByRole('combobox', { name: 'Change protection plan for Cordless Drill' })).toBeInTheDocument();

    await user.click(within(drill).getByRole('button', { name: 'Remove plan from Cordless Drill' }));
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$115.97'));
    expect(posts('/products/a/remove-warranty')).toEqual([{ lineId: 2 }]);
    expect(screen.getByTestId('cart-announcer')).toHaveTextContent('Protection plan removed from Cordless Drill.');
  });

  it('takes the plans on offer from the cart answer when it names them', async () => {
    namePlans = true;
    renderCart();
    const drill = await findLine('Cordless Drill');
    expect(
      await within(drill).findByRole('combobox', { name: 'Add a protection plan for Cordless Drill' }),
    ).toBeInTheDocument();
    expect(within(await findLine('Poly Rope 50 ft')).queryByRole('combobox')).not.toBeInTheDocument();
    expect(calls('/api/product/200200') + calls('/api/product/100100')).toBe(0);
  });

  it('an empty cart offers ways to shop', async () => {
    lines = [];
    renderCart();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  it('a failed load shows the generic message and tries again', async () => {
    const user = userEvent.setup();
    cartFails = true;
    renderCart();
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    cartFails = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Poly Rope 50 ft' })).toBeInTheDocument();
  });

  it('a failed command keeps the cart and says so on the line', async () => {
    const user = userEvent.setup();
    renderCart();
    const rope = await findLine('Poly Rope 50 ft');
    fetchMock.mockImplementationOnce(async () => new Response('', { status: 500 }));
    await user.click(within(rope).getByRole('button', { name: 'Remove Poly Rope 50 ft' }));
    expect(await within(rope).findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    expect(screen.getByRole('link', { name: 'Poly Rope 50 ft' })).toBeInTheDocument();
    await act(async () => {});
  });
});
