/**
 * The checkout calls: the order summary the checkout and cart pages read, placing the order,
 * the confirmation of a placed order, and changing how a cart line is fulfilled.
 *
 * | call                                          | answer                                       |
 * |-----------------------------------------------|----------------------------------------------|
 * | GET  /api/checkout/summary?zip=…              | CheckoutSummary (`lines: []` for no cart)    |
 * | POST /api/checkout/place                      | PlacedOrder; refusals in the error shape     |
 * | GET  /api/orders/confirmation?key=…           | OrderView; 404 → null                        |
 * | POST /api/cart/fulfillment                    | CartResult (as the cart's line commands)     |
 *
 * Placing an order needs an `Idempotency-Key`: the page makes one per submission and sends the
 * same one again only when it repeats the very same submission after no answer came
 * (`placeOrder`'s `idempotencyKey`). A refusal rejects with the client's `NetworkError` (its
 * `status`, `code` and the server's `serverMessage`); `placeRefusal(error)` reads it, with the
 * field a 422 names.
 *
 * The types mirror the server's schema types of the same names (a placed order, OrderView, is
 * read by ./orders.ts's normaliser, shared with the order pages); every answer is normalised,
 * so a missing field is a default rather than a crash in a page.
 */
import { apiGet, apiRequest, NetworkError } from './client';
import { normalizeCartResult, type CartResult, type FulfillmentType } from './cart';
import { isObject, num, safeLocalLink, str, strOrNull, type Json } from './json';
import { toOrderView, toPickupStore, type OrderView, type PickupStore } from './orders';

export type { FulfillmentType };
/** A placed order and its store are the order pages' shapes (./orders.ts). */
export type { CardSummary, OrderLineView, OrderView, PickupStore, ShipTo, TimelineEntry } from './orders';

export const CHECKOUT_SUMMARY_URL = '/api/checkout/summary';
export const CHECKOUT_PLACE_URL = '/api/checkout/place';
export const ORDER_CONFIRMATION_URL = '/api/orders/confirmation';
export const CART_FULFILLMENT_URL = '/api/cart/fulfillment';

/** The checkout page and the confirmation page (paths of the app). */
export const CHECKOUT_PATH = '/checkout/';
export const CONFIRMATION_PATH = '/checkout/confirmation/';

export function checkoutSummaryUrl(zip?: string | null): string {
  return zip ? `${CHECKOUT_SUMMARY_URL}?zip=${encodeURIComponent(zip)}` : CHECKOUT_SUMMARY_URL;
}

export function orderConfirmationUrl(key: string): string {
  return `${ORDER_CONFIRMATION_URL}?key=${encodeURIComponent(key)}`;
}

// ------------------------------------------------------------------ types

/** A cart line as the checkout sees it: whether it can be had as chosen, and what works instead. */
export interface CheckoutLine {
  lineId: number;
  blainNumber: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  fulfillment: FulfillmentType;
  storeNum: number | null;
  available: boolean;
  /** A sentence to show when the line is not available. */
  problem: string | null;
  /** The fulfilments that work now. */
  alternatives: FulfillmentType[];
}

export interface CheckoutSummary {
  lines: CheckoutLine[];
  pickupStore: PickupStore | null;
  /** A line ships or goes by same-day delivery: the order needs a shipping address. */
  needsShippingAddress: boolean;
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  /** The state tax is figured for; null while it is not known (no ZIP, no pickup store). */
  taxState: string | null;
  taxExempt: boolean;
  freeShippingThresholdCents: number;
  shippingRateCents: number;
}

export interface ShippingAddress {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
}

export interface CardInput {
  /** As typed ('4242 4242 4242 4242'). */
  number: string;
  /** 'MM/YY' */
  expiry: string;
  securityCode: string;
  nameOnCard: string;
}

export interface PlaceOrderRequest {
  email: string;
  /** '(608) 555-0100' */
  phone: string;
  /** Required when the summary `needsShippingAddress`. */
  shippingAddress: ShippingAddress | null;
  card: CardInput;
  /** The total the shopper saw: the server refuses the order when its own differs. */
  expectedTotalCents: number;
}

export interface PlacedOrder {
  success: boolean;
  orderNo: string;
  totalCents: number;
  /** The confirmation page's local path ('/checkout/confirmation/?key=…'). */
  confirmationUrl: string;
}

export interface ChangeFulfillmentRequest {
  lineId: number;
  fulfillmentType: FulfillmentType;
  storeNum: number | null;
}

// ---------------------------------------------------------- normalisers

export const FULFILLMENT_TYPES: readonly FulfillmentType[] = ['ShipToHome', 'StorePickup', 'SameDayDelivery'];

export function isFulfillmentType(value: unknown): value is FulfillmentType {
  return typeof value === 'string' && (FULFILLMENT_TYPES as readonly string[]).includes(value);
}

function list(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** Digits of a number the server may send as a number or a string ('100000123'). */
function digitsOf(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(Math.trunc(value));
  return str(value).trim();
}

function cents(value: unknown): number {
  return Math.round(num(value));
}

function storeNumOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

function fulfillmentOf(value: unknown): FulfillmentType {
  return isFulfillmentType(value) ? value : 'ShipToHome';
}

function toCheckoutLine(value: Json): CheckoutLine | null {
  if (typeof value.lineId !== 'number' || !Number.isFinite(value.lineId)) return null;
  const available = value.available !== false;
  return {
    lineId: value.lineId,
    blainNumber: digitsOf(value.blainNumber),
    name: str(value.name, 'Item') || 'Item',
    quantity: Math.max(1, Math.trunc(num(value.quantity, 1))),
    unitPriceCents: cents(value.unitPriceCents),
    lineTotalCents: cents(value.lineTotalCents),
    fulfillment: fulfillmentOf(value.fulfillment),
    storeNum: storeNumOf(value.storeNum),
    available,
    problem: available ? null : strOrNull(value.problem),
    alternatives: Array.isArray(value.alternatives) ? value.alternatives.filter(isFulfillmentType) : [],
  };
}

export const EMPTY_SUMMARY: CheckoutSummary = {
  lines: [],
  pickupStore: null,
  needsShippingAddress: false,
  subtotalCents: 0,
  shippingCents: 0,
  taxCents: 0,
  totalCents: 0,
  taxState: null,
  taxExempt: false,
  freeShippingThresholdCents: 4900,
  shippingRateCents: 799,
};

/** GET /api/checkout/summary's answer; an answer that is not a summary at all is a network error. */
export function toCheckoutSummary(value: unknown): CheckoutSummary {
  if (value === undefined) return EMPTY_SUMMARY;
  if (!isObject(value)) throw new NetworkError(200);
  const lines = list(value.lines)
    .map(toCheckoutLine)
    .filter((line): line is CheckoutLine => line !== null);
  const subtotalCents = cents(value.subtotalCents ?? lines.reduce((n, l) => n + l.lineTotalCents, 0));
  const shippingCents = cents(value.shippingCents);
  const taxCents = cents(value.taxCents);
  return {
    lines,
    pickupStore: toPickupStore(value.pickupStore),
    needsShippingAddress:
      typeof value.needsShippingAddress === 'boolean'
        ? value.needsShippingAddress
        : lines.some((l) => l.fulfillment !== 'StorePickup'),
    subtotalCents,
    shippingCents,
    taxCents,
    totalCents: cents(value.totalCents ?? subtotalCents + shippingCents + taxCents),
    taxState: strOrNull(value.taxState),
    taxExempt: value.taxExempt === true,
    freeShippingThresholdCents: cents(value.freeShippingThresholdCents ?? EMPTY_SUMMARY.freeShippingThresholdCents),
    shippingRateCents: cents(value.shippingRateCents ?? EMPTY_SUMMARY.shippingRateCents),
  };
}

function toPlacedOrder(value: unknown): PlacedOrder {
  if (!isObject(value)) throw new NetworkError(200);
  const orderNo = digitsOf(value.orderNo);
  const confirmationUrl = safeLocalLink(value.confirmationUrl);
  if (value.success !== true || !orderNo || confirmationUrl === null) throw new NetworkError(200);
  return { success: true, orderNo, totalCents: cents(value.totalCents), confirmationUrl };
}

// ---------------------------------------------------------------- refusals

/** The request fields a 422 may name. */
export type CheckoutField =
  | 'email'
  | 'phone'
  | 'shippingAddress.firstName'
  | 'shippingAddress.lastName'
  | 'shippingAddress.address1'
  | 'shippingAddress.address2'
  | 'shippingAddress.city'
  | 'shippingAddress.state'
  | 'shippingAddress.zip'
  | 'card.number'
  | 'card.expiry'
  | 'card.securityCode'
  | 'card.nameOnCard';

export const CHECKOUT_FIELDS: readonly CheckoutField[] = [
  'email',
  'phone',
  'shippingAddress.firstName',
  'shippingAddress.lastName',
  'shippingAddress.address1',
  'shippingAddress.address2',
  'shippingAddress.city',
  'shippingAddress.state',
  'shippingAddress.zip',
  'card.number',
  'card.expiry',
  'card.securityCode',
  'card.nameOnCard',
];

function isCheckoutField(value: unknown): value is CheckoutField {
  return typeof value === 'string' && (CHECKOUT_FIELDS as readonly string[]).includes(value);
}

/**
 * The field a 422 message belongs to, for an answer whose `field` did not reach this layer:
 * each of the server's field messages but 'This field is required.' names one field.
 */
const FIELD_OF_MESSAGE: Record<string, CheckoutField> = {
  'Please enter a valid email address.': 'email',
  'Please enter a valid 10-digit phone number.': 'phone',
  'Please enter a valid ZIP code.': 'shippingAddress.zip',
  'Expiry date format must be MM/YY': 'card.expiry',
  'Please enter a valid month': 'card.expiry',
  'Please enter a future date': 'card.expiry',
  'Please enter a valid credit card number.': 'card.number',
  "We're sorry, but we do not accept this card type": 'card.number',
  'Security code is a 3 digit number': 'card.securityCode',
  'Security code is a 4 digit number': 'card.securityCode',
};

export type PlaceRefusal =
  /** 422: a field's value was refused; `field` is null when the answer did not say which. */
  | { kind: 'field'; field: CheckoutField | null; message: string }
  /** 409 EmptyCart */
  | { kind: 'emptyCart'; message: string }
  /** 409 TotalChanged or Unavailable: the summary must be read again. */
  | { kind: 'changed'; code: string; message: string }
  /** 402 PaymentDeclined, 503 PaymentUnavailable: said at the payment step. */
  | { kind: 'payment'; code: string; message: string }
  /**
   * No answer, or one this page has no words of its own for. `unknownOutcome`: no answer
   * told what became of the submission (the connection failed, an unreadable answer, a
   * gateway's page), so a repeat of it must carry the same `Idempotency-Key`.
   */
  | { kind: 'failed'; message: string | null; unknownOutcome: boolean };

export const EMPTY_CART_MESSAGE = 'Your cart is empty.';
export const TOTAL_CHANGED_MESSAGE = 'Your order total has changed. Please review your order.';
export const PAYMENT_UNAVAILABLE_MESSAGE =
  'We could not reach our payment service. Your card was not charged. Please try again.';
export const PAYMENT_DECLINED_MESSAGE = 'Your card was declined. Please use another card.';

/** What a failed place call means for the page. */
export function placeRefusal(error: unknown): PlaceRefusal {
  if (!(error instanceof NetworkError)) return { kind: 'failed', message: null, unknownOutcome: true };
  const message = error.serverMessage;
  switch (error.status) {
    case 422: {
      // The error shape's `field`; an older answer without it, by its message.
      const named = error.field;
      const field = isCheckoutField(named) ? named : message ? (FIELD_OF_MESSAGE[message] ?? null) : null;
      return { kind: 'field', field, message: message ?? 'This field is required.' };
    }
    case 409:
      if (error.code === 'EmptyCart') return { kind: 'emptyCart', message: message ?? EMPTY_CART_MESSAGE };
      return {
        kind: 'changed',
        code: error.code ?? 'TotalChanged',
        message: message ?? TOTAL_CHANGED_MESSAGE,
      };
    case 402:
      return { kind: 'payment', code: error.code ?? 'PaymentDeclined', message: message ?? PAYMENT_DECLINED_MESSAGE };
    case 503:
      return {
        kind: 'payment',
        code: error.code ?? 'PaymentUnavailable',
        message: message ?? PAYMENT_UNAVAILABLE_MESSAGE,
      };
    default:
      return {
        kind: 'failed',
        message: message ?? null,
        // No answer, a 200 this layer could not read, or a gateway's error page.
        unknownOutcome:
          error.status === undefined || error.status === 200 || (error.status >= 500 && error.code === undefined),
      };
  }
}

// ---------------------------------------------------------------- calls

/** The order summary; `zip` (5 digits) is the shipping ZIP typed so far, for the tax. */
export async function fetchCheckoutSummary(zip?: string | null, signal?: AbortSignal): Promise<CheckoutSummary> {
  return toCheckoutSummary(await apiGet<unknown>(checkoutSummaryUrl(zip), signal));
}

/**
 * Places the order. `idempotencyKey` is the submission's: the same one only for a repeat of
 * the very same submission after no answer came. Rejects with the client's `NetworkError` for
 * every refusal (`placeRefusal` reads it).
 */
export async function placeOrder(request: PlaceOrderRequest, idempotencyKey: string): Promise<PlacedOrder> {
  return toPlacedOrder(
    await apiRequest<unknown>(CHECKOUT_PLACE_URL, { method: 'POST', body: request, idempotencyKey }),
  );
}

/** A placed order by its confirmation key, or null when there is none for this visitor (404). */
export async function fetchOrderConfirmation(key: string, signal?: AbortSignal): Promise<OrderView | null> {
  let body: unknown;
  try {
    body = await apiGet<unknown>(orderConfirmationUrl(key), signal);
  } catch (error) {
    if (error instanceof NetworkError && error.status === 404) return null;
    throw error;
  }
  if (body === undefined) return null;
  const order = toOrderView(body);
  if (order === null) throw new NetworkError(200);
  return order;
}

/** Changes how a cart line is fulfilled (`storeNum` for pickup and same-day delivery). */
export async function changeFulfillment(
  lineId: number,
  fulfillment: FulfillmentType,
  storeNum: number | null,
): Promise<CartResult> {
  const body: ChangeFulfillmentRequest = {
    lineId,
    fulfillmentType: fulfillment,
    storeNum: fulfillment === 'ShipToHome' ? null : storeNum,
  };
  return normalizeCartResult(await apiRequest<unknown>(CART_FULFILLMENT_URL, { method: 'POST', body }));
}
