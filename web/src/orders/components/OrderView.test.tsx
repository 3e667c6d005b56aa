import { render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../account/pages/common';
import { toOrderView, type OrderView as Order } from '../../shared/api/orders';
import { cardBrandLabel } from '../common';
import { orderJson } from '../testing';
import { currentStepIndex, OrderView, type OrderViewProps } from './OrderView';

function order(overrides: Record<string, unknown> = {}): Order {
  const value = toOrderView(orderJson(overrides));
  if (!value) throw new Error('fixture is not an order');
  return value;
}

function renderView(props: OrderViewProps) {
  return render(
    <MemoryRouter>
      <OrderView {...props} />
    </MemoryRouter>,
  );
}

function part(name: string, level = 3): HTMLElement {
  return screen.getByRole('heading', { level, name }).closest('section')!;
}

describe('OrderView', () => {
  it('shows the order: heading, status, date, timeline, lines, totals, store, card and points', () => {
    renderView({ order: order() });

    const view = screen.getByRole('region', { name: 'Order 100000123' });
    expect(screen.getByRole('heading', { level: 2, name: 'Order 100000123' })).toBeVisible();
    expect(view).toHaveTextContent('Status: Ready for pickup');
    expect(view).toHaveTextContent(`Placed: ${formatDateTime('2026-11-28T06:00:00Z')}`);
    expect(view).toHaveTextContent('3 items');

    // The timeline: an ordered list, each step's label and local date and time, the status now marked.
    const timeline = within(part('Order status')).getByRole('list');
    expect(timeline.tagName).toBe('OL');
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      `Order placed${formatDateTime('2026-11-28T06:00:00Z')}`,
      `Ready for pickup${formatDateTime('2026-11-28T08:30:00Z')}`,
    ]);
    expect(steps[0]).not.toHaveAttribute('aria-current');
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    expect(steps[1]).toHaveClass('order-timeline__step--current');
    expect(within(steps[1]!).getByText(formatDateTime('2026-11-28T08:30:00Z')).closest('time')).toHaveAttribute(
      'datetime',
      '2026-11-28T08:30:00Z',
    );

    const lines = within(part('Items')).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Manila Rope');
    expect(lines[0]).toHaveTextContent('Item #4935743');
    expect(lines[0]).toHaveTextContent('Pick up at Janesville, WI');
    expect(lines[0]).toHaveTextContent('Qty 2 × $19.99');
    expect(lines[0]).toHaveTextContent('Total: $39.98');
    expect(lines[0]).not.toHaveTextContent('Returned');

    const totals = part('Order summary');
    expect(within(totals).getByTestId('order-subtotal')).toHaveTextContent('$52.97');
    expect(within(totals).getByTestId('order-shipping')).toHaveTextContent('FREE');
    expect(within(totals).getByTestId('order-tax')).toHaveTextContent('$2.91');
    expect(within(totals).getByText('Tax')).toBeInTheDocument();
    expect(within(totals).queryByText('Sales tax (exempt)')).not.toBeInTheDocument();
    expect(within(totals).getByTestId('order-total')).toHaveTextContent('$55.88');
    expect(within(totals).queryByText('Refunded')).not.toBeInTheDocument();
    expect(within(totals).getByTestId('order-points')).toHaveTextContent('Rewards points earned: 52');

    const store = part('Pickup store');
    expect(store).toHaveTextContent('Janesville, WI');
    expect(store).toHaveTextContent('2700 Milton Ave');
    expect(store).toHaveTextContent('Janesville, WI 53545');
    expect(within(store).getByRole('link', { name: '(608) 754-9000' })).toHaveAttribute('href', 'tel:+16087549000');
    expect(store).toHaveTextContent('Your order is ready. Bring your order number and a photo ID.');

    expect(part('Payment')).toHaveTextContent('Visa ending in 4242');
    expect(screen.queryByRole('heading', { name: 'Ship to' })).not.toBeInTheDocument();
  });

  it('a cancelled, refunded order says so; returned quantities show on their lines', () => {
    renderView({
      order: order({
        status: 'Cancelled',
        statusLabel: 'Cancelled',
        refundedCents: 5588,
        pointsEarned: null,
        lines: [
          {
            lineNo: 1,
            blainNumber: '4935743',
            name: 'Manila Rope',
            quantity: 2,
            returnedQuantity: 1,
            unitPriceCents: 1999,
            lineTotalCents: 3998,
            fulfillment: 'StorePickup',
            storeNum: 12,
          },
        ],
        timeline: [
          { status: 'Placed', label: 'Order placed', at: '2026-11-28T06:00:00Z' },
          { status: 'Cancelled', label: 'Cancelled', at: '2026-12-05T06:00:00Z' },
        ],
      }),
    });

    expect(screen.getByText(/This order was cancelled\./)).toHaveTextContent(
      'This order was cancelled. $55.88 was refunded to your card.',
    );
    const steps = within(part('Order status')).getAllByRole('listitem');
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    expect(steps[1]).toHaveClass('order-timeline__step--cancelled');
    expect(within(part('Items')).getByRole('listitem')).toHaveTextContent('Returned: 1');
    expect(within(part('Order summary')).getByTestId('order-refunded')).toHaveTextContent('$55.88');
    expect(screen.queryByTestId('order-points')).not.toBeInTheDocument();
    // Neither waiting nor ready: no pickup note.
    expect(part('Pickup store')).not.toHaveTextContent('photo ID');
  });

  it('a shipped order shows where it ships and the shipping paid', () => {
    renderView({
      order: order({
        status: 'Shipped',
        statusLabel: 'Shipped',
        shippingCents: 799,
        taxExempt: true,
        taxCents: 0,
        pickupStore: null,
        shipTo: { city: 'Janesville', state: 'WI', zip: '53545' },
        card: { brand: 'amex', last4: '0005' },
        lines: [
          {
            lineNo: 1,
            blainNumber: '4935743',
            name: 'Manila Rope',
            quantity: 1,
            returnedQuantity: 0,
            unitPriceCents: 1999,
            lineTotalCents: 1999,
            fulfillment: 'ShipToHome',
            storeNum: null,
          },
        ],
      }),
    });

    expect(part('Ship to')).toHaveTextContent('Janesville, WI 53545');
    expect(screen.queryByRole('heading', { name: 'Pickup store' })).not.toBeInTheDocument();
    expect(screen.getByTestId('order-shipping')).toHaveTextContent('$7.99');
    expect(screen.getByTestId('order-tax')).toHaveTextContent('$0.00');
    expect(within(part('Items')).getByRole('listitem')).toHaveTextContent('Ship to home');
    expect(part('Payment')).toHaveTextContent('American Express ending in 0005');
  });

  it('a tax-exempt customer’s order reads "Sales tax (exempt)" at $0.00', () => {
    renderView({ order: order({ taxExempt: true, taxCents: 0, totalCents: 5297 }) });

    const totals = part('Order summary');
    const tax = within(totals).getByTestId('order-tax');
    expect(tax).toHaveTextContent('$0.00');
    expect(tax.previousElementSibling).toHaveTextContent('Sales tax (exempt)');
    expect(within(totals).queryByText('Tax')).not.toBeInTheDocument();
    expect(within(totals).getByTestId('order-total')).toHaveTextContent('$52.97');
  });

  it('same-day delivery names the delivering store and the address', () => {
    renderView({
      order: order({
        status: 'Placed',
        statusLabel: 'Order placed',
        shipTo: { city: 'Janesville', state: 'WI', zip: '53546' },
        lines: [
          {
            lineNo: 1,
            blainNumber: '4935743',
            name: 'Manila Rope',
            quantity: 1,
            returnedQuantity: 0,
            unitPriceCents: 1999,
            lineTotalCents: 1999,
            fulfillment: 'SameDayDelivery',
            storeNum: 12,
          },
        ],
        timeline: [{ status: 'Placed', label: 'Order placed', at: '2026-11-28T06:00:00Z' }],
      }),
    });

    expect(part('Delivering store')).toHaveTextContent('Janesville, WI');
    expect(part('Deliver to')).toHaveTextContent('Janesville, WI 53546');
    expect(within(part('Items')).getByRole('listitem')).toHaveTextContent('Same day delivery from Janesville, WI');
    expect(within(part('Order status')).getByRole('listitem')).toHaveAttribute('aria-current', 'step');
  });

  it('takes a heading level, a title, a focusable heading, or the page’s own heading', () => {
    const ref = createRef<HTMLHeadingElement>();
    const { unmount } = renderView({ order: order(), headingLevel: 3, title: 'Your order', headingRef: ref });
    const heading = screen.getByRole('heading', { level: 3, name: 'Your order' });
    expect(ref.current).toBe(heading);
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('heading', { level: 4, name: 'Order status' })).toBeVisible();
    unmount();

    renderView({ order: order(), headingLevel: 1, hideTitle: true });
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Order status' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Order 100000123' })).toBeVisible();
  });

  it('an order without a timeline shows its status instead', () => {
    renderView({ order: order({ timeline: [] }) });
    expect(part('Order status')).toHaveTextContent('Ready for pickup');
    expect(within(part('Order status')).queryByRole('list')).not.toBeInTheDocument();
  });
});

describe('currentStepIndex', () => {
  const at = '2026-11-28T06:00:00Z';
  it('is the last step of the order’s status, else the last step', () => {
    const timeline = [
      { status: 'Placed', label: 'Order placed', at },
      { status: 'Delivered', label: 'Delivered', at },
      { status: 'LineReturned', label: 'Items returned', at },
    ];
    expect(currentStepIndex({ status: 'Delivered', timeline })).toBe(1);
    expect(currentStepIndex({ status: 'Shipped', timeline })).toBe(2);
    expect(currentStepIndex({ status: 'Placed', timeline: [] })).toBe(-1);
  });
});

describe('cardBrandLabel', () => {
  it('names the brands, capitalises an unknown one', () => {
    expect(cardBrandLabel('visa')).toBe('Visa');
    expect(cardBrandLabel('MASTERCARD')).toBe('Mastercard');
    expect(cardBrandLabel('amex')).toBe('American Express');
    expect(cardBrandLabel('unionpay')).toBe('Unionpay');
    expect(cardBrandLabel('')).toBe('Card');
  });
});
