/**
 * The order calls: the signed-in customer's order history and one of their orders, and
 * tracking an order by its number with the email or ZIP code it was placed with (anyone).
 *
 * | call                                | answer                                              |
 * |-------------------------------------|-----------------------------------------------------|
 * | GET  /api/account/orders            | `{orders}` newest first; 401 for a guest            |
 * | GET  /api/account/orders/{orderNo}  | OrderView; 401 guest; 404 (not theirs) → null       |
 * | POST /api/orders/track              | OrderView; 404 no such order/pair; 429 too many     |
 *
 * Tracking is a plain JSON POST (it changes nothing; the client gives it its own
 * `Idempotency-Key`). Its refusals reject with the client's `NetworkError`:
 * `isOrderNotFound(error)` (the server's sentence is the error's `serverMessage`) and
 * `isTooManyTries(error)` tell them. Answers are normalised, so a missing field is a default
 * rather than a crash in a page.
 *
 * The shapes are declared here, named as the API document names them, until
 * docs/openapi.json declares the ordering schemas (then they become `Wire<'OrderView'>`, …).
 */
import { apiGet, apiRequest, NetworkError } from './client';
import { isObject, num, str, type Json } from './json';
import type { FulfillmentType } from './productSummary';

export type { FulfillmentType };

export const ACCOUNT_ORDERS_URL = '/api/account/orders';
export const TRACK_ORDER_URL = '/api/orders/track';

/** The server's words for a track that matched nothing (a wrong pair or no such order). */
export const TRACK_NOT_FOUND_MESSAGE = "We couldn't find an order with that number and email or ZIP code.";
/** What a 429 on tracking shows. */
export const TOO_MANY_TRIES_MESSAGE = 'Too many tries. Please wait a few minutes and try again.';

/** One of the customer's orders. */
export function accountOrderUrl(orderNo: string): string {
  return `${ACCOUNT_ORDERS_URL}/${encodeURIComponent(orderNo)}`;
}

/** An order's statuses (a newer one the server may add is kept as sent). */
export type OrderStatus =
  | 'Placed'
  | 'ReadyForPickup'
  | 'PickedUp'
  | 'Shipped'
  | 'Delivered'
  | 'Cancelled'
  | 'LineReturned';

/** Each status's words, for an answer that has no label. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  Placed: 'Order placed',
  ReadyForPickup: 'Ready for pickup',
  PickedUp: 'Picked up',
  Shipped: 'Shipped',
  Delivered: 'Delivered',
  Cancelled: 'Cancelled',
  LineReturned: 'Items returned',
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && Object.hasOwn(ORDER_STATUS_LABELS, value);
}

/** A status's label: the one sent, else the known words, else the status itself. */
function statusLabel(status: string, label: unknown): string {
  const sent = str(label).trim();
  if (sent) return sent;
  return isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status;
}

/** The store an order is picked up at (or delivered from). */
export interface PickupStore {
  storeNum: number;
  /** 'Janesville, WI' */
  name: string;
  address1: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
}

/** Where an order ships: the city, state and ZIP only. */
export interface ShipTo {
  city: string;
  state: string;
  zip: string;
}

/** The card an order was paid with: its brand ('visa', …) and last four digits. */
export interface CardSummary {
  brand: string;
  last4: string;
}

/** A step of an order's history. `at` is an ISO 8601 instant. */
export interface TimelineEntry {
  status: OrderStatus | string;
  label: string;
  at: string;
}

/** A line of an order; `returnedQuantity` of its `quantity` came back. */
export interface OrderLineView {
  lineNo: number;
  blainNumber: string;
  name: string;
  quantity: number;
  returnedQuantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  fulfillment: FulfillmentType;
  storeNum: number | null;
}

/** An order as its customer sees it. Money in cents. */
export interface OrderView {
  orderNo: string;
  placedAt: string;
  status: OrderStatus | string;
  statusLabel: string;
  lines: OrderLineView[];
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  refundedCents: number;
  taxExempt: boolean;
  card: CardSummary | null;
  pickupStore: PickupStore | null;
  shipTo: ShipTo | null;
  /** Oldest first. */
  timeline: TimelineEntry[];
  /** Rewards points the order earned; null when it earns none (not a member). */
  pointsEarned: number | null;
}

/** A row of the order history. */
export interface OrderSummary {
  orderNo: string;
  placedAt: string;
  status: OrderStatus | string;
  statusLabel: string;
  totalCents: number;
  itemCount: number;
}

export interface OrdersAnswer {
  orders: OrderSummary[];
}

/** The order number and the email or ZIP code the order was placed with. */
export interface TrackOrderRequest {
  orderNo: string;
  emailOrZip: string;
}

/** A call answered 401: the visitor is not signed in. */
export function isSignInNeeded(error: unknown): boolean {
  return error instanceof NetworkError && error.status === 401;
}

/** A call answered 404: no such order (or not the caller's, or a wrong email/ZIP). */
export function isOrderNotFound(error: unknown): boolean {
  return error instanceof NetworkError && error.status === 404;
}

/** Tracking answered 429: too many tries from this visitor for now. */
export function isTooManyTries(error: unknown): boolean {
  return error instanceof NetworkError && error.status === 429;
}

// ---------------------------------------------------------- normalisers

function list(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** A number-like id as text ('100000123'; a number is read as its digits), else ''. */
function digitsOf(value: unknown): string {
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  return str(value).trim();
}

function cents(value: unknown): number {
  return Math.round(num(value));
}

function count(value: unknown): number {
  return Math.max(0, Math.trunc(num(value)));
}

const FULFILLMENTS: readonly FulfillmentType[] = ['ShipToHome', 'StorePickup', 'SameDayDelivery'];

function fulfillmentOf(value: unknown): FulfillmentType {
  return FULFILLMENTS.find((f) => f === value) ?? 'ShipToHome';
}

function storeNumOf(value: unknown): number | null {
  const n = num(value, Number.NaN);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export function toPickupStore(value: unknown): PickupStore | null {
  if (!isObject(value)) return null;
  const storeNum = storeNumOf(value.storeNum);
  if (storeNum === null) return null;
  return {
    storeNum,
    name: str(value.name).trim() || `Store #${storeNum}`,
    address1: str(value.address1).trim(),
    city: str(value.city).trim(),
    state: str(value.state).trim(),
    zip: str(value.zip).trim(),
    phone: str(value.phone).trim(),
  };
}

function toShipTo(value: unknown): ShipTo | null {
  if (!isObject(value)) return null;
  const shipTo = { city: str(value.city).trim(), state: str(value.state).trim(), zip: str(value.zip).trim() };
  return shipTo.city || shipTo.state || shipTo.zip ? shipTo : null;
}

function toCard(value: unknown): CardSummary | null {
  if (!isObject(value)) return null;
  const last4 = str(value.last4).replace(/\D/g, '').slice(-4);
  if (!last4) return null;
  return { brand: str(value.brand).trim().toLowerCase(), last4 };
}

function toTimelineEntry(value: Json): TimelineEntry | null {
  const status = str(value.status).trim();
  if (!status) return null;
  return { status, label: statusLabel(status, value.label), at: str(value.at) };
}

function toLine(value: Json, index: number): OrderLineView | null {
  const blainNumber = digitsOf(value.blainNumber);
  const name = str(value.name).trim();
  if (!blainNumber && !name) return null;
  const quantity = count(value.quantity);
  const unitPriceCents = cents(value.unitPriceCents);
  return {
    lineNo: Math.trunc(num(value.lineNo, index + 1)),
    blainNumber,
    name: name || `Item #${blainNumber}`,
    quantity,
    returnedQuantity: Math.min(quantity, count(value.returnedQuantity)),
    unitPriceCents,
    lineTotalCents: typeof value.lineTotalCents === 'number' ? cents(value.lineTotalCents) : unitPriceCents * quantity,
    fulfillment: fulfillmentOf(value.fulfillment),
    storeNum: storeNumOf(value.storeNum),
  };
}

/** An order as sent, or null when it has no order number. */
export function toOrderView(value: unknown): OrderView | null {
  if (!isObject(value)) return null;
  const orderNo = digitsOf(value.orderNo);
  if (!orderNo) return null;
  const status = str(value.status).trim();
  const points = num(value.pointsEarned, Number.NaN);
  return {
    orderNo,
    placedAt: str(value.placedAt),
    status,
    statusLabel: statusLabel(status, value.statusLabel),
    lines: list(value.lines)
      .map(toLine)
      .filter((line): line is OrderLineView => line !== null),
    subtotalCents: cents(value.subtotalCents),
    shippingCents: cents(value.shippingCents),
    taxCents: cents(value.taxCents),
    totalCents: cents(value.totalCents),
    refundedCents: Math.max(0, cents(value.refundedCents)),
    taxExempt: value.taxExempt === true,
    card: toCard(value.card),
    pickupStore: toPickupStore(value.pickupStore),
    shipTo: toShipTo(value.shipTo),
    timeline: list(value.timeline)
      .map(toTimelineEntry)
      .filter((entry): entry is TimelineEntry => entry !== null),
    pointsEarned: Number.isFinite(points) ? Math.trunc(points) : null,
  };
}

export function toOrderSummary(value: unknown): OrderSummary | null {
  if (!isObject(value)) return null;
  const orderNo = digitsOf(value.orderNo);
  if (!orderNo) return null;
  const status = str(value.status).trim();
  return {
    orderNo,
    placedAt: str(value.placedAt),
    status,
    statusLabel: statusLabel(status, value.statusLabel),
    totalCents: cents(value.totalCents),
    itemCount: count(value.itemCount),
  };
}

/** An order answer that must be one (a 200 without an order number is a fault). */
function orderOf(body: unknown): OrderView {
  const order = toOrderView(body);
  if (!order) throw new NetworkError(200);
  return order;
}

// ---------------------------------------------------------------- calls

/** The signed-in customer's orders, newest first (as the server sends them). */
export async function fetchOrders(signal?: AbortSignal): Promise<OrderSummary[]> {
  const body = await apiGet<unknown>(ACCOUNT_ORDERS_URL, signal);
  return list(isObject(body) ? body.orders : null)
    .map(toOrderSummary)
    .filter((order): order is OrderSummary => order !== null);
}

/** One of the customer's orders, or null when they have none of that number. */
export async function fetchOrder(orderNo: string, signal?: AbortSignal): Promise<OrderView | null> {
  let body: unknown;
  try {
    body = await apiGet<unknown>(accountOrderUrl(orderNo), signal);
  } catch (error) {
    if (isOrderNotFound(error)) return null;
    throw error;
  }
  return orderOf(body);
}

/**
 * An order by its number and the email or ZIP code it was placed with (guests and customers
 * alike). Rejects as the module's comment says when the server refuses.
 */
export async function trackOrder(request: TrackOrderRequest, signal?: AbortSignal): Promise<OrderView> {
  const body: TrackOrderRequest = { orderNo: request.orderNo.trim(), emailOrZip: request.emailOrZip.trim() };
  return orderOf(await apiRequest<unknown>(TRACK_ORDER_URL, { method: 'POST', body, signal }));
}

/** The words a failed track shows: the server's for no match, the wait for too many tries. */
export function trackFailureText(error: unknown): string | null {
  if (isOrderNotFound(error)) {
    return error instanceof NetworkError && error.serverMessage ? error.serverMessage : TRACK_NOT_FOUND_MESSAGE;
  }
  if (isTooManyTries(error)) return TOO_MANY_TRIES_MESSAGE;
  return null;
}
