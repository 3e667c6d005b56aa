import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CART_QUANTITY_URL,
  CART_REMOVE_URL,
  changeQuantity,
  EMPTY_CART,
  fetchCart,
  fetchWarrantyOptions,
  normalizeCart,
  normalizeCartResult,
  removeLine,
  removeWarranty,
  REMOVE_WARRANTY_URL,
  updateWarranty,
  UPDATE_WARRANTY_URL,
} from './cart';
import { NetworkError } from './client';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

const LINE = {
  lineId: 3,
  blainNumber: '100200',
  name: 'Heavy Duty Rope, 50 ft',
  url: '/product/100200/heavy-duty-rope-50-ft/',
  thumbnail: '/images/products/100200.svg',
  quantity: 2,
  unitPriceCents: 1299,
  unitPrice: '$12.99',
  fulfillmentType: 'StorePickup',
  storeNum: 7,
  warranty: { id: 'w2', name: '2-Year Plan', priceCents: 300, years: 2 },
  plans: [
    { id: 'w2', name: '2-Year Plan', priceCents: 300, years: 2 },
    { id: 'w3', name: '3-Year Plan', priceCents: 450, years: 3 },
  ],
  lineTotalCents: 3198,
  lineTotal: '$31.98',
};

describe('normalizeCart', () => {
  it('keeps the server fields', () => {
    const cart = normalizeCart({ cartQty: 2, lineCount: 1, subtotalCents: 3198, subtotal: '$31.98', lines: [LINE] });
    expect(cart.cartQty).toBe(2);
    expect(cart.subtotal).toBe('$31.98');
    expect(cart.lines).toEqual([LINE]);
  });

  it('defaults missing optional fields and drops lines that are not lines', () => {
    const cart = normalizeCart({
      lines: [{ lineId: 1, name: 'A', quantity: 3, unitPriceCents: 100, lineTotalCents: 300 }, { nope: true }, 5],
      subtotalCents: 300,
    });
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({
      unitPrice: '$1.00',
      lineTotal: '$3.00',
      fulfillmentType: 'ShipToHome',
      storeNum: null,
      warranty: null,
      plans: null,
      thumbnail: null,
    });
    expect(cart.cartQty).toBe(3);
    expect(cart.subtotal).toBe('$3.00');
  });

  it('a 204 is an empty cart; a body that is no cart is a network error', () => {
    expect(normalizeCart(undefined)).toBe(EMPTY_CART);
    expect(() => normalizeCart([1, 2])).toThrow(NetworkError);
  });
});

describe('normalizeCartResult', () => {
  it('reads the result code and message', () => {
    expect(
      normalizeCartResult({
        success: false,
        resultCode: 'CannotAdd',
        message: 'Please enter a quantity from 1 to 999.',
        cartQty: 2,
        lineCount: 1,
      }),
    ).toEqual({
      success: false,
      resultCode: 'CannotAdd',
      message: 'Please enter a quantity from 1 to 999.',
      cartQty: 2,
      lineCount: 1,
    });
    expect(normalizeCartResult({ success: true, cartQty: 1, lineCount: 1 }).message).toBeUndefined();
  });
});

describe('cart calls', () => {
  function ok(body: unknown) {
    return new Response(JSON.stringify(body), { status: 200 });
  }
  const RESULT = { success: true, resultCode: 'Success', cartQty: 4, lineCount: 1 };

  it('GET /api/cart', async () => {
    fetchMock.mockResolvedValueOnce(ok({ cartQty: 0, lineCount: 0, subtotalCents: 0, subtotal: '$0.00', lines: [] }));
    await expect(fetchCart()).resolves.toMatchObject({ cartQty: 0, lines: [] });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/cart');
  });

  it('each command posts its body with a fresh Idempotency-Key', async () => {
    fetchMock.mockImplementation(async () => ok(RESULT));
    await changeQuantity(3, 4);
    await removeLine(3);
    await updateWarranty(3, 'w2');
    await removeWarranty(3);

    const calls = fetchMock.mock.calls.map(([url, init]) => [url, init?.method, JSON.parse(String(init?.body))]);
    expect(calls).toEqual([
      [CART_QUANTITY_URL, 'POST', { lineId: 3, quantity: 4 }],
      [CART_REMOVE_URL, 'POST', { lineId: 3 }],
      [UPDATE_WARRANTY_URL, 'POST', { lineId: 3, warrantyId: 'w2' }],
      [REMOVE_WARRANTY_URL, 'POST', { lineId: 3 }],
    ]);
    const keys = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(new Set(keys).size).toBe(4);
    for (const key of keys) expect(key).toMatch(/^[\x21-\x7e]{1,255}$/);
  });

  it('a refused command resolves with its message', async () => {
    fetchMock.mockResolvedValueOnce(
      ok({ success: false, resultCode: 'PickupDeliveryError', message: 'Your store does not have that many.', cartQty: 2, lineCount: 1 }),
    );
    await expect(changeQuantity(3, 40)).resolves.toMatchObject({
      success: false,
      resultCode: 'PickupDeliveryError',
      message: 'Your store does not have that many.',
    });
  });

  it('the plans on offer come from the product; none for an unknown product', async () => {
    fetchMock.mockResolvedValueOnce(
      ok({ blainNumber: '100200', warranties: [{ id: 'w2', name: '2-Year Plan', priceCents: 300, years: 2 }, { bad: 1 }] }),
    );
    await expect(fetchWarrantyOptions('100200')).resolves.toEqual([
      { id: 'w2', name: '2-Year Plan', priceCents: 300, years: 2 },
    ]);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/product/100200');

    fetchMock.mockResolvedValueOnce(new Response('{"code":"NotFound"}', { status: 404 }));
    await expect(fetchWarrantyOptions('nope')).resolves.toEqual([]);

    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    await expect(fetchWarrantyOptions('100200')).rejects.toThrow(NetworkError);
  });
});
