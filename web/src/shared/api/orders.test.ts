import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, NetworkError } from './client';
import { fetchDouble } from './fetchDouble';
import {
  ACCOUNT_ORDERS_URL,
  fetchOrder,
  fetchOrders,
  isOrderNotFound,
  isSignInNeeded,
  isTooManyTries,
  toOrderView,
  TOO_MANY_TRIES_MESSAGE,
  trackFailureText,
  trackOrder,
  TRACK_NOT_FOUND_MESSAGE,
  TRACK_ORDER_URL,
} from './orders';

vi.mock('../tracking/hawk', () => ({ trackEvent: vi.fn() }));

const { fetch: fetchMock, answer, calls: recorded } = fetchDouble();

/** The calls made, without the token fetch and error reports. */
function calls() {
  return recorded().map(({ url, method, body, headers }) => ({
    url,
    method,
    body,
    idempotencyKey: headers.get(IDEMPOTENCY_KEY_HEADER),
    contentType: headers.get('Content-Type'),
  }));
}

const JANESVILLE = {
  storeNum: 12,
  name: 'Janesville, WI',
  address1: '2700 Milton Ave',
  city: 'Janesville',
  state: 'WI',
  zip: '53545',
  phone: '(608) 754-9000',
};

const ORDER = {
  orderNo: '100000123',
  placedAt: '2026-11-28T06:00:00Z',
  status: 'ReadyForPickup',
  statusLabel: 'Ready for pickup',
  lines: [
    {
      lineNo: 1,
      blainNumber: '123',
      name: 'Manila Rope',
      quantity: 2,
      returnedQuantity: 0,
      unitPriceCents: 1999,
      lineTotalCents: 3998,
      fulfillment: 'StorePickup',
      storeNum: 12,
    },
  ],
  subtotalCents: 3998,
  shippingCents: 0,
  taxCents: 220,
  totalCents: 4218,
  refundedCents: 0,
  taxExempt: false,
  card: { brand: 'visa', last4: '4242' },
  pickupStore: JANESVILLE,
  shipTo: null,
  timeline: [
    { status: 'Placed', label: 'Order placed', at: '2026-11-28T06:00:00Z' },
    { status: 'ReadyForPickup', label: 'Ready for pickup', at: '2026-11-28T08:00:00Z' },
  ],
  pointsEarned: 39,
};

const notSignedIn = { success: false, code: 'NotSignedIn', message: 'Please sign in.' };
const noSuchOrder = { success: false, code: 'NotFound', message: 'No such order.' };

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

describe('the order history', () => {
  it('lists the orders as sent, leaving out rows without a number and defaulting missing fields', async () => {
    answer({
      orders: [
        { orderNo: '100000124', placedAt: '2026-11-29T06:00:00Z', status: 'Placed', statusLabel: 'Order placed', totalCents: 999, itemCount: 1 },
        { placedAt: '2026-11-28T06:00:00Z' },
        { orderNo: 100000123, placedAt: '2026-11-28T06:00:00Z', status: 'Shipped', totalCents: 4218.4, itemCount: -2 },
        'junk',
      ],
    });

    const orders = await fetchOrders();

    expect(calls()).toEqual([
      { url: ACCOUNT_ORDERS_URL, method: 'GET', body: undefined, idempotencyKey: null, contentType: null },
    ]);
    expect(orders).toEqual([
      { orderNo: '100000124', placedAt: '2026-11-29T06:00:00Z', status: 'Placed', statusLabel: 'Order placed', totalCents: 999, itemCount: 1 },
      // No label sent: the status's own words.
      { orderNo: '100000123', placedAt: '2026-11-28T06:00:00Z', status: 'Shipped', statusLabel: 'Shipped', totalCents: 4218, itemCount: 0 },
    ]);
  });

  it('answers no orders for an answer without a list', async () => {
    answer({});
    expect(await fetchOrders()).toEqual([]);
  });

  it('a guest gets a 401 the pages tell by isSignInNeeded', async () => {
    answer(notSignedIn, 401);
    const error = await fetchOrders().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(isSignInNeeded(error)).toBe(true);
    expect(isSignInNeeded(new NetworkError(404))).toBe(false);
    expect(isSignInNeeded(new Error('x'))).toBe(false);
  });
});

describe('one order', () => {
  it('reads the order by its number', async () => {
    answer(ORDER);
    const order = await fetchOrder('100000123');
    expect(calls()[0]).toMatchObject({ url: '/api/account/orders/100000123', method: 'GET' });
    expect(order).toEqual(ORDER);
  });

  it('escapes the number in the path', async () => {
    answer(ORDER);
    await fetchOrder('1/2');
    expect(calls()[0]?.url).toBe('/api/account/orders/1%2F2');
  });

  it('answers null for an order that is not the caller’s (404)', async () => {
    answer(noSuchOrder, 404);
    expect(await fetchOrder('999')).toBeNull();
  });

  it('rejects a 401 and other failures', async () => {
    answer(notSignedIn, 401);
    expect(isSignInNeeded(await fetchOrder('1').catch((e: unknown) => e))).toBe(true);
    answer(new Response('oops', { status: 503 }));
    const error = await fetchOrder('1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).status).toBe(503);
  });

  it('rejects a 200 that is not an order', async () => {
    answer({ nothing: true });
    const error = await fetchOrder('1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
  });
});

describe('toOrderView', () => {
  it('fills what is missing and keeps what is sent', () => {
    const order = toOrderView({
      orderNo: '100000200',
      status: 'Cancelled',
      lines: [
        { blainNumber: 555, name: 'Bucket', quantity: 3, returnedQuantity: 5, unitPriceCents: 500, fulfillment: 'Teleport' },
        { quantity: 1 },
      ],
      card: { brand: 'VISA', last4: '4242' },
      pickupStore: { storeNum: 'x' },
      shipTo: { city: 'Janesville', state: 'WI', zip: '53545' },
      timeline: [{ status: 'Placed', at: '2026-11-28T06:00:00Z' }, { label: 'No status' }, { status: 'Cancelled', label: 'Cancelled', at: 'x' }],
      pointsEarned: null,
    });
    expect(order).toEqual({
      orderNo: '100000200',
      placedAt: '',
      status: 'Cancelled',
      statusLabel: 'Cancelled',
      lines: [
        {
          lineNo: 1,
          blainNumber: '555',
          name: 'Bucket',
          quantity: 3,
          // Never more returned than bought.
          returnedQuantity: 3,
          unitPriceCents: 500,
          lineTotalCents: 1500,
          fulfillment: 'ShipToHome',
          storeNum: null,
        },
      ],
      subtotalCents: 0,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 0,
      refundedCents: 0,
      taxExempt: false,
      card: { brand: 'visa', last4: '4242' },
      pickupStore: null,
      shipTo: { city: 'Janesville', state: 'WI', zip: '53545' },
      timeline: [
        { status: 'Placed', label: 'Order placed', at: '2026-11-28T06:00:00Z' },
        { status: 'Cancelled', label: 'Cancelled', at: 'x' },
      ],
      pointsEarned: null,
    });
  });

  it('is null without an order number', () => {
    expect(toOrderView({ status: 'Placed' })).toBeNull();
    expect(toOrderView(null)).toBeNull();
    expect(toOrderView([ORDER])).toBeNull();
  });
});

describe('tracking an order', () => {
  it('POSTs the number and the email or ZIP as JSON with an idempotency key, and reads the order', async () => {
    answer(ORDER);
    const order = await trackOrder({ orderNo: ' 100000123 ', emailOrZip: ' ann@example.com ' });
    expect(calls()).toEqual([
      {
        url: TRACK_ORDER_URL,
        method: 'POST',
        body: { orderNo: '100000123', emailOrZip: 'ann@example.com' },
        idempotencyKey: expect.any(String),
        contentType: 'application/json',
      },
    ]);
    expect(order.orderNo).toBe('100000123');
    expect(order.timeline.map((t) => t.label)).toEqual(['Order placed', 'Ready for pickup']);
  });

  it('a 404 rejects with the server’s sentence', async () => {
    const sentence = "We couldn't find an order with that number and email or ZIP code.";
    answer({ success: false, code: 'NotFound', message: sentence }, 404);
    const error = await trackOrder({ orderNo: '1', emailOrZip: '53545' }).catch((e: unknown) => e);
    expect(isOrderNotFound(error)).toBe(true);
    expect(trackFailureText(error)).toBe(sentence);
  });

  it('a 404 without the error shape still says the order was not found', async () => {
    answer(new Response('', { status: 404 }));
    const error = await trackOrder({ orderNo: '1', emailOrZip: '53545' }).catch((e: unknown) => e);
    expect(trackFailureText(error)).toBe(TRACK_NOT_FOUND_MESSAGE);
  });

  it('a 429 asks to wait', async () => {
    answer(new Response(JSON.stringify({ success: false, code: 'TooManyRequests', message: 'Slow down.' }), {
      status: 429,
      headers: { 'Retry-After': '120', 'Content-Type': 'application/json' },
    }));
    const error = await trackOrder({ orderNo: '1', emailOrZip: '53545' }).catch((e: unknown) => e);
    expect(isTooManyTries(error)).toBe(true);
    expect(trackFailureText(error)).toBe(TOO_MANY_TRIES_MESSAGE);
    expect(TOO_MANY_TRIES_MESSAGE).toBe('Too many tries. Please wait a few minutes and try again.');
  });

  it('other failures have no words of their own', async () => {
    answer(new Response('oops', { status: 500 }));
    const error = await trackOrder({ orderNo: '1', emailOrZip: '53545' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(trackFailureText(error)).toBeNull();
    expect(trackFailureText(new Error('x'))).toBeNull();
  });
});
