import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, NetworkError } from './client';
import {
  CART_FULFILLMENT_URL,
  changeFulfillment,
  CHECKOUT_PLACE_URL,
  CHECKOUT_SUMMARY_URL,
  checkoutSummaryUrl,
  EMPTY_SUMMARY,
  fetchCheckoutSummary,
  fetchOrderConfirmation,
  placeOrder,
  placeRefusal,
  toCheckoutSummary,
  type PlaceOrderRequest,
} from './checkout';
import { fetchDouble } from './fetchDouble';

vi.mock('./reload', () => ({ reloadPage: vi.fn() }));

const { fetch: fetchMock, answer, calls: recorded } = fetchDouble();

/** The calls made, without the token fetch and error reports. */
function calls() {
  return recorded().map(({ url, method, body, headers }) => ({
    url,
    method,
    body,
    key: headers.get(IDEMPOTENCY_KEY_HEADER),
  }));
}

const SUMMARY = {
  lines: [
    {
      lineId: 1,
      blainNumber: '123',
      name: 'Poly Rope',
      quantity: 2,
      unitPriceCents: 1999,
      lineTotalCents: 3998,
      fulfillment: 'StorePickup',
      storeNum: 12,
      available: true,
      problem: null,
      alternatives: ['ShipToHome'],
    },
    {
      lineId: 2,
      blainNumber: 456,
      name: 'Drill',
      quantity: 1,
      unitPriceCents: 8999,
      lineTotalCents: 8999,
      fulfillment: 'SameDayDelivery',
      storeNum: 12,
      available: false,
      problem: 'Same-day delivery is not available for this item right now.',
      alternatives: ['ShipToHome', 'Teleport', 'StorePickup'],
    },
  ],
  pickupStore: {
    storeNum: 12,
    name: 'Janesville, WI',
    address1: '2500 Milton Ave',
    city: 'Janesville',
    state: 'WI',
    zip: '53545',
    phone: '(608) 752-9000',
  },
  needsShippingAddress: true,
  subtotalCents: 12997,
  shippingCents: 0,
  taxCents: 715,
  totalCents: 13712,
  taxState: 'WI',
  taxExempt: false,
  freeShippingThresholdCents: 4900,
  shippingRateCents: 799,
};

const REQUEST: PlaceOrderRequest = {
  email: 'ann@example.com',
  phone: '(608) 555-0100',
  shippingAddress: null,
  card: { number: '4242 4242 4242 4242', expiry: '12/30', securityCode: '123', nameOnCard: 'Ann Lee' },
  expectedTotalCents: 4218,
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

describe('the summary', () => {
  it('asks with the ZIP typed, and without one', async () => {
    expect(checkoutSummaryUrl('53545')).toBe('/api/checkout/summary?zip=53545');
    expect(checkoutSummaryUrl(null)).toBe(CHECKOUT_SUMMARY_URL);
    answer(SUMMARY);
    await fetchCheckoutSummary('53545');
    await fetchCheckoutSummary();
    expect(calls().map((c) => [c.method, c.url])).toEqual([
      ['GET', '/api/checkout/summary?zip=53545'],
      ['GET', '/api/checkout/summary'],
    ]);
  });

  it('reads lines, availability and totals; unknown fulfilments are left out of the alternatives', async () => {
    answer(SUMMARY);
    const summary = await fetchCheckoutSummary();
    expect(summary.lines).toHaveLength(2);
    expect(summary.lines[0]).toEqual({ ...SUMMARY.lines[0], problem: null });
    expect(summary.lines[1]).toMatchObject({
      lineId: 2,
      blainNumber: '456',
      available: false,
      problem: 'Same-day delivery is not available for this item right now.',
      alternatives: ['ShipToHome', 'StorePickup'],
    });
    expect(summary.pickupStore).toEqual(SUMMARY.pickupStore);
    expect(summary).toMatchObject({
      needsShippingAddress: true,
      subtotalCents: 12997,
      shippingCents: 0,
      taxCents: 715,
      totalCents: 13712,
      taxState: 'WI',
      taxExempt: false,
      freeShippingThresholdCents: 4900,
      shippingRateCents: 799,
    });
  });

  it('defaults what is missing; tax unknown is null; an empty cart has no lines', () => {
    expect(toCheckoutSummary({ lines: [] })).toMatchObject({ lines: [], taxState: null, pickupStore: null, totalCents: 0 });
    expect(toCheckoutSummary(undefined)).toBe(EMPTY_SUMMARY);
    const odd = toCheckoutSummary({
      lines: [{ name: 'no id' }, { lineId: 3, name: 'Bucket', lineTotalCents: 500, fulfillment: 'ShipToHome' }],
      taxState: '',
    });
    expect(odd.lines.map((l) => l.lineId)).toEqual([3]);
    expect(odd.lines[0]).toMatchObject({ available: true, problem: null, alternatives: [], storeNum: null });
    expect(odd.subtotalCents).toBe(500);
    expect(odd.taxState).toBeNull();
    expect(odd.needsShippingAddress).toBe(true);
    expect(() => toCheckoutSummary('nope')).toThrow(NetworkError);
  });
});

describe('placing the order', () => {
  it('posts the request with the given Idempotency-Key and answers the confirmation path', async () => {
    answer({ success: true, orderNo: '100000123', totalCents: 4218, confirmationUrl: '/checkout/confirmation/?key=abc' });
    const placed = await placeOrder(REQUEST, 'key-1');
    expect(placed).toEqual({
      success: true,
      orderNo: '100000123',
      totalCents: 4218,
      confirmationUrl: '/checkout/confirmation/?key=abc',
    });
    expect(calls()).toEqual([{ url: CHECKOUT_PLACE_URL, method: 'POST', body: REQUEST, key: 'key-1' }]);
  });

  it('an answer without a local confirmation path is no answer', async () => {
    answer({ success: true, orderNo: '1', totalCents: 1, confirmationUrl: 'https://evil.example/' });
    await expect(placeOrder(REQUEST, 'k')).rejects.toBeInstanceOf(NetworkError);
  });

  async function refusalOf(body: unknown, status: number) {
    answer(body, status);
    try {
      await placeOrder(REQUEST, 'k');
    } catch (error) {
      return placeRefusal(error);
    }
    throw new Error('placed');
  }

  it('reads a 422 with its field', async () => {
    const required = await refusalOf(
      { success: false, code: 'InvalidField', message: 'This field is required.', field: 'card.nameOnCard' },
      422,
    );
    expect(required).toMatchObject({ kind: 'field', message: 'This field is required.' });
    // The field when the client layer passes it on; else unknown (the message names no one field).
    expect(['card.nameOnCard', null]).toContain(required.kind === 'field' ? required.field : 'none');
    // Each field message names its field even when the field itself does not come through.
    expect(
      await refusalOf({ success: false, code: 'InvalidField', message: 'Please enter a valid ZIP code.' }, 422),
    ).toEqual({ kind: 'field', field: 'shippingAddress.zip', message: 'Please enter a valid ZIP code.' });
    expect(
      await refusalOf({ success: false, code: 'InvalidField', message: 'Please enter a future date' }, 422),
    ).toEqual({ kind: 'field', field: 'card.expiry', message: 'Please enter a future date' });
    expect(
      await refusalOf({ success: false, code: 'InvalidField', message: "We're sorry, but we do not accept this card type" }, 422),
    ).toMatchObject({ field: 'card.number' });
    expect(
      await refusalOf({ success: false, code: 'InvalidField', message: 'Security code is a 4 digit number' }, 422),
    ).toMatchObject({ field: 'card.securityCode' });
    expect(
      await refusalOf({ success: false, code: 'InvalidField', message: 'Please enter a valid 10-digit phone number.' }, 422),
    ).toMatchObject({ field: 'phone' });
  });

  it('reads the 409s, 402 and 503', async () => {
    expect(await refusalOf({ success: false, code: 'EmptyCart', message: 'Your cart is empty.' }, 409)).toEqual({
      kind: 'emptyCart',
      message: 'Your cart is empty.',
    });
    expect(
      await refusalOf(
        { success: false, code: 'TotalChanged', message: 'Your order total has changed. Please review your order.' },
        409,
      ),
    ).toEqual({ kind: 'changed', code: 'TotalChanged', message: 'Your order total has changed. Please review your order.' });
    expect(
      await refusalOf({ success: false, code: 'Unavailable', message: 'Drill is no longer available for pickup.' }, 409),
    ).toEqual({ kind: 'changed', code: 'Unavailable', message: 'Drill is no longer available for pickup.' });
    expect(
      await refusalOf(
        { success: false, code: 'PaymentDeclined', message: 'Your card was declined. Please use another card.' },
        402,
      ),
    ).toEqual({ kind: 'payment', code: 'PaymentDeclined', message: 'Your card was declined. Please use another card.' });
    expect(
      await refusalOf(
        {
          success: false,
          code: 'PaymentUnavailable',
          message: 'We could not reach our payment service. Your card was not charged. Please try again.',
        },
        503,
      ),
    ).toMatchObject({ kind: 'payment', code: 'PaymentUnavailable' });
  });

  it('tells an unknown outcome (no answer, a gateway page) from a refusal', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(placeOrder(REQUEST, 'k').catch(placeRefusal)).resolves.toEqual({
      kind: 'failed',
      message: null,
      unknownOutcome: true,
    });
    expect(await refusalOf(new Response('<html>Bad gateway</html>', { status: 502 }), 502)).toMatchObject({
      kind: 'failed',
      unknownOutcome: true,
    });
    expect(
      await refusalOf({ success: false, code: 'IdempotencyKeyRequired', message: 'An Idempotency-Key is required.' }, 400),
    ).toEqual({ kind: 'failed', message: 'An Idempotency-Key is required.', unknownOutcome: false });
  });
});

describe('the confirmation', () => {
  it('reads the order of a key, null for 404', async () => {
    answer({
      orderNo: 100000123,
      placedAt: '2026-11-28T06:00:00Z',
      status: 'Placed',
      statusLabel: 'Order placed',
      lines: [],
      totalCents: 4218,
      card: { brand: 'visa', last4: '4242' },
      timeline: [{ status: 'Placed', label: 'Order placed', at: '2026-11-28T06:00:00Z' }],
    });
    const order = await fetchOrderConfirmation('a b');
    expect(calls()[0]!.url).toBe('/api/orders/confirmation?key=a%20b');
    expect(order).toMatchObject({ orderNo: '100000123', totalCents: 4218, card: { brand: 'visa', last4: '4242' } });

    answer({ success: false, code: 'NotFound', message: 'No such order.' }, 404);
    expect(await fetchOrderConfirmation('nope')).toBeNull();
  });
});

describe('changing a line’s fulfilment', () => {
  it('posts the line, the fulfilment and the store (none for shipping)', async () => {
    answer({ success: true, resultCode: 'Success', cartQty: 3, lineCount: 2 });
    expect(await changeFulfillment(1, 'StorePickup', 12)).toMatchObject({ success: true, cartQty: 3 });
    await changeFulfillment(1, 'ShipToHome', 12);
    expect(calls().map((c) => [c.url, c.method, c.body])).toEqual([
      [CART_FULFILLMENT_URL, 'POST', { lineId: 1, fulfillmentType: 'StorePickup', storeNum: 12 }],
      [CART_FULFILLMENT_URL, 'POST', { lineId: 1, fulfillmentType: 'ShipToHome', storeNum: null }],
    ]);
    expect(calls().every((c) => c.key)).toBe(true);
  });

  it('answers a refusal with its message', async () => {
    answer({ success: false, resultCode: 'PickupDeliveryError', message: 'Janesville, WI has 1 in stock.', cartQty: 3, lineCount: 2 });
    expect(await changeFulfillment(1, 'StorePickup', 12)).toMatchObject({
      success: false,
      resultCode: 'PickupDeliveryError',
      message: 'Janesville, WI has 1 in stock.',
    });
  });
});
