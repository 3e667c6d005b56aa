/** Fixtures for the order pages' tests (imported by tests only): orders as the server sends them. */

export const JANESVILLE_STORE = {
  storeNum: 12,
  name: 'Janesville, WI',
  address1: '2700 Milton Ave',
  city: 'Janesville',
  state: 'WI',
  zip: '53545',
  phone: '(608) 754-9000',
};

/** A pickup order, ready at the store, as `GET /api/account/orders/{orderNo}` answers it. */
export function orderJson(overrides: Record<string, unknown> = {}) {
  return {
    orderNo: '100000123',
    placedAt: '2026-11-28T06:00:00Z',
    status: 'ReadyForPickup',
    statusLabel: 'Ready for pickup',
    lines: [
      {
        lineNo: 1,
        blainNumber: '4935743',
        name: 'Manila Rope',
        quantity: 2,
        returnedQuantity: 0,
        unitPriceCents: 1999,
        lineTotalCents: 3998,
        fulfillment: 'StorePickup',
        storeNum: 12,
      },
      {
        lineNo: 2,
        blainNumber: '2000001',
        name: 'Galvanized Bucket',
        quantity: 1,
        returnedQuantity: 0,
        unitPriceCents: 1299,
        lineTotalCents: 1299,
        fulfillment: 'StorePickup',
        storeNum: 12,
      },
    ],
    subtotalCents: 5297,
    shippingCents: 0,
    taxCents: 291,
    totalCents: 5588,
    refundedCents: 0,
    taxExempt: false,
    card: { brand: 'visa', last4: '4242' },
    pickupStore: JANESVILLE_STORE,
    shipTo: null,
    timeline: [
      { status: 'Placed', label: 'Order placed', at: '2026-11-28T06:00:00Z' },
      { status: 'ReadyForPickup', label: 'Ready for pickup', at: '2026-11-28T08:30:00Z' },
    ],
    pointsEarned: 52,
    ...overrides,
  };
}

/** A row of the order history. */
export function summaryJson(orderNo: string, overrides: Record<string, unknown> = {}) {
  return {
    orderNo,
    placedAt: '2026-11-28T06:00:00Z',
    status: 'Placed',
    statusLabel: 'Order placed',
    totalCents: 5588,
    itemCount: 3,
    ...overrides,
  };
}
