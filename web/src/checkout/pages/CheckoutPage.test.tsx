import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session';
import { useCheckoutStore } from '../checkoutStore';
import { JANESVILLE, line, refusal, sentCalls, summaryBody, urlOf, type FakeLine } from '../testing';
import { CheckoutPage } from './CheckoutPage';

vi.mock('../../shared/api/reload', () => ({ reloadPage: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

let lines: FakeLine[];
/** The place call's answer (a function of the attempt number). */
let placeAnswer: (attempt: number) => Response | Promise<Response>;
let placeAttempts: number;
let summaryFails: boolean;
/** The customer holds an approved tax exemption (the summary charges no tax). */
let taxExempt: boolean;

function cartQty(): number {
  return lines.reduce((n, l) => n + l.quantity, 0);
}

const ROPE = () => line({ lineId: 1, name: 'Poly Rope 50 ft', quantity: 2, unitPriceCents: 1999 });
const DRILL = () =>
  line({ lineId: 2, name: 'Cordless Drill', unitPriceCents: 8999, fulfillment: 'StorePickup', storeNum: 12 });

beforeEach(() => {
  lines = [ROPE(), DRILL()];
  placeAttempts = 0;
  summaryFails = false;
  taxExempt = false;
  placeAnswer = () =>
    Response.json({
      success: true,
      orderNo: '100000123',
      totalCents: 4218,
      confirmationUrl: '/checkout/confirmation/?key=signed',
    });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(urlOf(input), 'http://localhost');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    switch (url.pathname) {
      case '/api/checkout/summary':
        if (summaryFails) return new Response('', { status: 500 });
        if (taxExempt) {
          const summary = summaryBody(lines, url.searchParams.get('zip'));
          return Response.json({
            ...summary,
            taxExempt: true,
            taxCents: 0,
            totalCents: summary.subtotalCents + summary.shippingCents,
          });
        }
        return Response.json(summaryBody(lines, url.searchParams.get('zip')));
      case '/api/checkout/place':
        placeAttempts += 1;
        return placeAnswer(placeAttempts);
      case '/api/cart/fulfillment': {
        const l = lines.find((x) => x.lineId === body.lineId)!;
        l.fulfillment = body.fulfillment;
        l.storeNum = body.storeNum;
        l.available = true;
        l.problem = null;
        l.alternatives = [];
        return Response.json({ success: true, resultCode: 'Success', cartQty: cartQty(), lineCount: lines.length });
      }
      case '/api/cart/remove':
        lines = lines.filter((x) => x.lineId !== body.lineId);
        return Response.json({ success: true, resultCode: 'Success', cartQty: cartQty(), lineCount: lines.length });
      case '/globalresource/header/':
        return Response.json({
          loggedIn: false,
          cartSummaryJson: { cartQty: cartQty() },
        });
      default:
        return new Response(null, { status: 204 });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  useSession.getState().reset();
  useCheckoutStore.getState().reset();
});

function renderCheckout() {
  const router = createMemoryRouter(
    [
      { path: '/checkout/', Component: CheckoutPage },
      { path: '/checkout/confirmation/', Component: () => <h1>Confirmation page</h1> },
      { path: '/', Component: () => <h1>Home</h1> },
      { path: '/cart/', Component: () => <h1>Cart</h1> },
    ],
    { initialEntries: ['/checkout/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function calls(path: string) {
  return sentCalls(fetchMock).filter((c) => c.url.split('?')[0] === path);
}

async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Email address/), 'ann@example.com');
  await user.type(screen.getByLabelText(/Phone number/), '6085550100');
}

async function fillAddress(user: ReturnType<typeof userEvent.setup>, zip = '53545') {
  await user.type(screen.getByLabelText(/First name/), 'Ann');
  await user.type(screen.getByLabelText(/Last name/), 'Lee');
  await user.type(screen.getByLabelText(/^Address/), '1 Main St');
  await user.type(screen.getByLabelText(/City/), 'Janesville');
  await user.selectOptions(screen.getByLabelText(/State/), 'WI');
  await user.type(screen.getByLabelText(/ZIP code/), zip);
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number = '4242424242424242') {
  await user.type(screen.getByLabelText(/Name on card/), 'Ann Lee');
  await user.type(screen.getByLabelText(/Card number/), number);
  await user.type(screen.getByLabelText(/Expiration date/), '1230');
  await user.type(screen.getByLabelText(/Security code/), '123');
}

async function fillAll(user: ReturnType<typeof userEvent.setup>) {
  await fillContact(user);
  await fillAddress(user);
  await fillCard(user);
}

const placeButton = () => screen.getByTestId('place-order');

/** Each flow types a whole form: generous on a busy machine. */
describe('checkout page', { timeout: 20_000 }, () => {
  it('shows the four numbered steps, each line’s fulfilment, the pickup store and the totals', async () => {
    renderCheckout();
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByText('Loading your order…')).toBeInTheDocument();

    expect(await screen.findByRole('heading', { level: 2, name: 'Step 1 of 4: Contact' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Step 2 of 4: Delivery' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Step 3 of 4: Payment' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Step 4 of 4: Review' })).toBeInTheDocument();
    expect(document.title).toBe('Checkout | Storefront');

    const delivery = screen.getByRole('list', { name: 'Items and how they come' });
    const rope = within(delivery).getByText('Poly Rope 50 ft').closest('li')!;
    expect(within(rope).getByText('Ship to Home')).toBeInTheDocument();
    const drill = within(delivery).getByText('Cordless Drill').closest('li')!;
    expect(within(drill).getByText('Store pickup at Janesville, WI')).toBeInTheDocument();

    const pickup = screen.getByTestId('pickup-store');
    expect(within(pickup).getByText('Janesville, WI')).toBeInTheDocument();
    expect(within(pickup).getByText(/2500 Milton Ave, Janesville, WI 53545/)).toBeInTheDocument();
    expect(
      within(pickup).getByText("We'll email you when your order is ready for pickup. Bring a photo ID."),
    ).toBeInTheDocument();

    // A line ships: the address form is there.
    expect(screen.getByRole('group', { name: 'Shipping address' })).toBeInTheDocument();
    expect(screen.getByLabelText(/State/)).toHaveDisplayValue('Select a state');
    expect(within(screen.getByLabelText(/State/)).getAllByRole('option')).toHaveLength(52);

    expect(screen.getByTestId('checkout-subtotal')).toHaveTextContent('$129.97');
    expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('FREE');
    expect(screen.getByText('Orders over $49 ship FREE.')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-tax')).toHaveTextContent('$7.15');
    expect(screen.getByText('Tax (WI)')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$137.12');
    expect(placeButton()).toHaveTextContent('Place order');
    // The demo cards are not listed for shoppers.
    expect(document.body.textContent).not.toContain('4242 4242');
  });

  it('a tax-exempt customer’s tax reads "Sales tax (exempt)" at $0.00', async () => {
    taxExempt = true;
    renderCheckout();
    const tax = await screen.findByTestId('checkout-tax');
    expect(tax).toHaveTextContent('$0.00');
    expect(within(tax.closest('.checkout-totals__row') as HTMLElement).getByText('Sales tax (exempt)')).toBeInTheDocument();
    expect(screen.queryByText('Tax (WI)')).not.toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$129.97');
  });

  it('tax is unknown until a ZIP is typed; the summary is read again for the ZIP', async () => {
    const user = userEvent.setup();
    lines = [line({ lineId: 1, name: 'Poly Rope 50 ft', quantity: 1, unitPriceCents: 1999 })];
    renderCheckout();
    expect(await screen.findByTestId('checkout-tax')).toHaveTextContent('Calculated after you enter a ZIP code');
    expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('$7.99');
    expect(screen.getByText('Add $29.01 more to get FREE shipping on orders over $49.')).toBeInTheDocument();
    expect(screen.queryByTestId('pickup-store')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/ZIP code/), '535');
    // Not a whole ZIP: nothing asked.
    await new Promise((r) => setTimeout(r, 500));
    expect(calls('/api/checkout/summary')).toHaveLength(1);
    await user.type(screen.getByLabelText(/ZIP code/), '45');
    await waitFor(() => expect(screen.getByTestId('checkout-tax')).toHaveTextContent('$1.54'));
    expect(calls('/api/checkout/summary').map((c) => c.url)).toEqual([
      '/api/checkout/summary',
      '/api/checkout/summary?zip=53545',
    ]);
  });

  it('a store-pickup-only order asks no address', async () => {
    lines = [DRILL()];
    renderCheckout();
    expect(await screen.findByTestId('pickup-store')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Shipping address' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/ZIP code/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('checkout-shipping')).not.toBeInTheDocument();
  });

  it('checks every field before sending: the messages, focus on the first', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByTestId('place-order');
    await user.click(placeButton());

    const email = screen.getByLabelText(/Email address/);
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription(/This field is required\./);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/State/)).toHaveAccessibleDescription('Please make a selection.');
    expect(screen.getByLabelText(/Card number/)).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText(/Apartment/)).not.toHaveAttribute('aria-invalid');
    expect(calls('/api/checkout/place')).toEqual([]);

    await user.type(email, 'ann@example.con');
    await user.type(screen.getByLabelText(/Phone number/), '608555');
    await user.type(screen.getByLabelText(/ZIP code/), '5354');
    await user.type(screen.getByLabelText(/Card number/), '4242424242424241');
    await user.type(screen.getByLabelText(/Expiration date/), '1320');
    await user.type(screen.getByLabelText(/Security code/), '12');
    await user.click(placeButton());
    expect(email).toHaveAccessibleDescription(/Please enter a valid email address\./);
    expect(screen.getByLabelText(/Phone number/)).toHaveAccessibleDescription('Please enter a valid 10-digit phone number.');
    expect(screen.getByLabelText(/ZIP code/)).toHaveAccessibleDescription('Please enter a valid ZIP code.');
    expect(screen.getByLabelText(/Card number/)).toHaveAccessibleDescription(/Please enter a valid credit card number\./);
    expect(screen.getByLabelText(/Expiration date/)).toHaveAccessibleDescription('Please enter a valid month');
    expect(screen.getByLabelText(/Security code/)).toHaveAccessibleDescription('Security code is a 3 digit number');
    expect(calls('/api/checkout/place')).toEqual([]);
  });

  it('masks the phone, the card number and the expiry, and shows the card’s brand', async () => {
    const user = userEvent.setup();
    renderCheckout();
    const phone = await screen.findByLabelText(/Phone number/);
    await user.type(phone, '6085550100');
    expect(phone).toHaveValue('(608) 555-0100');
    const card = screen.getByLabelText(/Card number/);
    await user.type(card, '4242424242424242');
    expect(card).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByTestId('card-brand')).toHaveTextContent('Card type: Visa');
    expect(card).toHaveAccessibleDescription('Card type: Visa');
    await user.clear(card);
    await user.type(card, '378282246310005');
    expect(screen.getByTestId('card-brand')).toHaveTextContent('Card type: American Express');
    await user.type(screen.getByLabelText(/Security code/), '123');
    await user.tab();
    expect(screen.getByLabelText(/Security code/)).toHaveAccessibleDescription('Security code is a 4 digit number');
    const expiry = screen.getByLabelText(/Expiration date/);
    await user.type(expiry, '1230');
    expect(expiry).toHaveValue('12/30');
  });

  it('places the order: one key, Placing your order… meanwhile, then the confirmation and the header count', async () => {
    const user = userEvent.setup();
    let release: (r: Response) => void = () => {};
    placeAnswer = () => new Promise<Response>((r) => (release = r));
    useSession.getState().setCartQty(3);
    const router = renderCheckout();
    await screen.findByTestId('place-order');
    await fillAll(user);
    await waitFor(() => expect(calls('/api/checkout/summary').at(-1)?.url).toBe('/api/checkout/summary?zip=53545'));
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$137.12'));
    await user.click(placeButton());

    await waitFor(() => expect(placeButton()).toHaveTextContent('Placing your order…'));
    expect(placeButton()).toHaveAttribute('aria-disabled', 'true');
    // A second click while placing sends nothing.
    await user.click(placeButton());
    const sent = calls('/api/checkout/place');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]!.body).toEqual({
      email: 'ann@example.com',
      phone: '(608) 555-0100',
      shippingAddress: {
        firstName: 'Ann',
        lastName: 'Lee',
        address1: '1 Main St',
        address2: '',
        city: 'Janesville',
        state: 'WI',
        zip: '53545',
      },
      card: { number: '4242 4242 4242 4242', expiry: '12/30', securityCode: '123', nameOnCard: 'Ann Lee' },
      expectedTotalCents: 13712,
    });

    lines = [];
    await act(async () =>
      release(
        Response.json({
          success: true,
          orderNo: '100000123',
          totalCents: 13712,
          confirmationUrl: '/checkout/confirmation/?key=signed',
        }),
      ),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirmation page' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/checkout/confirmation/?key=signed');
    expect(useSession.getState().cartQty).toBe(0);
    await waitFor(() => expect(calls('/globalresource/header/').length).toBeGreaterThan(0));
  });

  it('a field the server refuses shows its message there and takes focus', async () => {
    const user = userEvent.setup();
    placeAnswer = () => refusal(422, 'InvalidField', 'Please enter a valid email address.', 'email');
    renderCheckout();
    await screen.findByTestId('place-order');
    await fillAll(user);
    await user.click(placeButton());
    const email = screen.getByLabelText(/Email address/);
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription(/Please enter a valid email address\./);
    expect(placeButton()).toHaveTextContent('Place order');
  });

  it('a changed total reloads the summary and says so at the top', async () => {
    const user = userEvent.setup();
    placeAnswer = () => refusal(409, 'TotalChanged', 'Your order total has changed. Please review your order.');
    renderCheckout();
    await screen.findByTestId('place-order');
    await fillAll(user);
    await waitFor(() => expect(calls('/api/checkout/summary').at(-1)?.url).toBe('/api/checkout/summary?zip=53545'));
    const before = calls('/api/checkout/summary').length;
    await user.click(placeButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your order total has changed. Please review your order.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(calls('/api/checkout/summary').length).toBe(before + 1);
    expect(calls('/api/checkout/summary').at(-1)?.url).toBe('/api/checkout/summary?zip=53545');
  });

  it('a declined card is said at the payment step; a new card is a new submission with a new key', async () => {
    const user = userEvent.setup();
    placeAnswer = (n) =>
      n === 1
        ? refusal(402, 'PaymentDeclined', 'Your card was declined. Please use another card.')
        : Response.json({ success: true, orderNo: '1', totalCents: 1, confirmationUrl: '/checkout/confirmation/?key=k' });
    renderCheckout();
    await screen.findByTestId('place-order');
    await fillContact(user);
    await fillAddress(user);
    await fillCard(user, '4000000000000002');
    await user.click(placeButton());

    const payment = screen.getByRole('region', { name: 'Step 3 of 4: Payment' });
    const alert = await within(payment).findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined. Please use another card.');
    await waitFor(() => expect(alert).toHaveFocus());

    const card = screen.getByLabelText(/Card number/);
    await user.clear(card);
    await user.type(card, '4242424242424242');
    await user.click(placeButton());
    await screen.findByRole('heading', { level: 1, name: 'Confirmation page' });
    const keys = calls('/api/checkout/place').map((c) => c.key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('the same submission again after no answer keeps its key', async () => {
    const user = userEvent.setup();
    placeAnswer = (n) =>
      n === 1
        ? Promise.reject(new TypeError('Failed to fetch'))
        : refusal(503, 'PaymentUnavailable', 'We could not reach our payment service. Your card was not charged. Please try again.');
    renderCheckout();
    await screen.findByTestId('place-order');
    await fillAll(user);
    await user.click(placeButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');

    await user.click(placeButton());
    const payment = screen.getByRole('region', { name: 'Step 3 of 4: Payment' });
    expect(await within(payment).findByRole('alert')).toHaveTextContent(
      'We could not reach our payment service. Your card was not charged. Please try again.',
    );
    // After the answered refusal, a try again is a new submission.
    await user.click(placeButton());
    await waitFor(() => expect(calls('/api/checkout/place')).toHaveLength(3));
    const keys = calls('/api/checkout/place').map((c) => c.key);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('an empty cart says so, with a way back to shopping', async () => {
    lines = [];
    renderCheckout();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your cart is empty.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('a failed read offers to try again', async () => {
    const user = userEvent.setup();
    summaryFails = true;
    renderCheckout();
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    summaryFails = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('place-order')).toBeInTheDocument();
  });

  it('an unavailable line is flagged; switching it or removing it changes the cart and reads the summary again', async () => {
    const user = userEvent.setup();
    lines = [
      ROPE(),
      line({
        lineId: 2,
        name: 'Cordless Drill',
        unitPriceCents: 8999,
        fulfillment: 'StorePickup',
        storeNum: 12,
        available: false,
        problem: 'Cordless Drill is out of stock at Janesville, WI.',
        alternatives: ['ShipToHome', 'SameDayDelivery'],
      }),
      line({ lineId: 3, name: 'Bucket', available: false, problem: 'Bucket is no longer sold.', alternatives: [] }),
    ];
    renderCheckout();
    const drill = (await screen.findByText('Cordless Drill is out of stock at Janesville, WI.')).closest('li')!;

    // Place order refuses while a line can't be had.
    await user.click(placeButton());
    expect(calls('/api/checkout/place')).toEqual([]);

    await user.click(within(drill).getByRole('button', { name: 'Switch to Ship to Home for Cordless Drill' }));
    await waitFor(() =>
      expect(calls('/api/cart/fulfillment').map((c) => c.body)).toEqual([
        { lineId: 2, fulfillmentType: 'ShipToHome', storeNum: null },
      ]),
    );
    await waitFor(() => expect(screen.queryByText('Cordless Drill is out of stock at Janesville, WI.')).not.toBeInTheDocument());
    expect(screen.getByTestId('checkout-announcer')).toHaveTextContent('Cordless Drill: Ship to Home.');

    const bucket = screen.getByText('Bucket is no longer sold.').closest('li')!;
    expect(within(bucket).queryByRole('button', { name: /Switch/ })).not.toBeInTheDocument();
    await user.click(within(bucket).getByRole('button', { name: 'Remove Bucket from your cart' }));
    await waitFor(() => expect(calls('/api/cart/remove').map((c) => c.body)).toEqual([{ lineId: 3 }]));
    await waitFor(() => expect(screen.queryByText('Bucket')).not.toBeInTheDocument());
    expect(screen.getByTestId('checkout-announcer')).toHaveTextContent('Bucket removed from your cart.');
    await waitFor(() => expect(screen.getByRole('list', { name: 'Items and how they come' })).toHaveFocus());
    await waitFor(() => expect(useSession.getState().cartQty).toBe(3));
  });

  it('switching to pickup goes to the line’s store', async () => {
    const user = userEvent.setup();
    lines = [
      line({
        lineId: 1,
        name: 'Feed',
        fulfillment: 'SameDayDelivery',
        storeNum: 12,
        available: false,
        problem: 'Same-day delivery is not available right now.',
        alternatives: ['StorePickup'],
      }),
    ];
    renderCheckout();
    const button = await screen.findByRole('button', { name: /Switch to Store pickup/ });
    await user.click(button);
    await waitFor(() =>
      expect(calls('/api/cart/fulfillment').map((c) => c.body)).toEqual([
        { lineId: 1, fulfillmentType: 'StorePickup', storeNum: JANESVILLE.storeNum },
      ]),
    );
  });
});
