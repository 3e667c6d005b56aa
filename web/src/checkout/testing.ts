/** Test fixtures of the checkout pages (imported by tests only). */
import { vi } from 'vitest';

export const JANESVILLE = {
  storeNum: 12,
  name: 'Janesville, WI',
  address1: '2500 Milton Ave',
  city: 'Janesville',
  state: 'WI',
  zip: '53545',
  phone: '(608) 752-9000',
};

export interface FakeLine {
  lineId: number;
  blainNumber: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  fulfillment: 'ShipToHome' | 'StorePickup' | 'SameDayDelivery';
  storeNum: number | null;
  available: boolean;
  problem: string | null;
  alternatives: string[];
}

export function line(overrides: Partial<FakeLine> & Pick<FakeLine, 'lineId' | 'name'>): FakeLine {
  const quantity = overrides.quantity ?? 1;
  const unitPriceCents = overrides.unitPriceCents ?? 1999;
  return {
    blainNumber: String(100000 + overrides.lineId),
    quantity,
    unitPriceCents,
    lineTotalCents: quantity * unitPriceCents,
    fulfillment: 'ShipToHome',
    storeNum: null,
    available: true,
    problem: null,
    alternatives: [],
    ...overrides,
  };
}

/** A summary answer for `lines` (tax known when `zip` or a pickup line is there). */
export function summaryBody(lines: FakeLine[], zip: string | null = null) {
  const subtotal = lines.reduce((n, l) => n + l.lineTotalCents, 0);
  const ships = lines.some((l) => l.fulfillment !== 'StorePickup');
  const pickup = lines.some((l) => l.fulfillment === 'StorePickup');
  const shipping = ships && subtotal < 4900 ? 799 : 0;
  const taxState = zip ? 'WI' : pickup ? 'WI' : null;
  const tax = taxState ? Math.round((subtotal + shipping) * (zip === '60601' ? 0.1 : 0.055)) : 0;
  return {
    lines,
    pickupStore: pickup ? JANESVILLE : null,
    needsShippingAddress: ships,
    subtotalCents: subtotal,
    shippingCents: shipping,
    taxCents: tax,
    totalCents: subtotal + shipping + tax,
    taxState,
    taxExempt: false,
    freeShippingThresholdCents: 4900,
    shippingRateCents: 799,
  };
}

export function urlOf(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

export interface Sent {
  url: string;
  method: string | undefined;
  body: unknown;
  key: string | null;
}

/** The calls a fetch mock received (error reports left out). */
export function sentCalls(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>): Sent[] {
  return fetchMock.mock.calls
    .filter(([input]) => urlOf(input) !== '/a/log/')
    .map(([input, init]) => ({
      url: urlOf(input),
      method: init?.method,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      key: new Headers(init?.headers).get('Idempotency-Key'),
    }));
}

export function refusal(status: number, code: string, message: string, field?: string): Response {
  return Response.json({ success: false, code, message, ...(field ? { field } : {}) }, { status });
}

export const ORDER_VIEW = {
  orderNo: '100000123',
  placedAt: '2026-11-28T06:00:00Z',
  status: 'Placed',
  statusLabel: 'Order placed',
  lines: [
    {
      lineNo: 1,
      blainNumber: '123',
      name: 'Poly Rope 50 ft',
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
  timeline: [{ status: 'Placed', label: 'Order placed', at: '2026-11-28T06:00:00Z' }],
  pointsEarned: 39,
};
