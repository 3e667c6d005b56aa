/**
 * The cart page's calls: the cart (GET /api/cart), quantity change and
 * removal of a line, and choosing or removing a line's protection plan
 * (POST /products/a/update-warranty, /products/a/remove-warranty). The plans
 * a product offers come with each line (`plans`); for an answer without them,
 * from the product's data (GET /api/product/{blainNumber}).
 *
 * Every call goes through the shared client, so each POST carries a fresh
 * `Idempotency-Key` (one user action, one key; nothing here retries).
 * The commands answer 200 with a result code even when they refuse (e.g.
 * 'Please enter a quantity from 1 to 999.'); callers show `message`.
 */
import { apiGet, apiRequest, NetworkError } from './client';
import { formatCents } from '../money';
import { isObject, num, str } from './json';
import type { Warranty } from './product';
import type { FulfillmentType } from './productSummary';
import type { Wire } from './wire';

export type { FulfillmentType, Warranty };

export const CART_URL = '/api/cart';
export const CART_QUANTITY_URL = '/api/cart/quantity';
export const CART_REMOVE_URL = '/api/cart/remove';
export const UPDATE_WARRANTY_URL = '/products/a/update-warranty';
export const REMOVE_WARRANTY_URL = '/products/a/remove-warranty';

/** The product page's data (it carries the protection plans on offer). */
export function productDetailsUrl(blainNumber: string): string {
  return `/api/product/${encodeURIComponent(blainNumber)}`;
}

/** The server's limit for one line's quantity. */
export const MAX_LINE_QUANTITY = 999;

type WireLine = Wire<'Cart'>['lines'][number];

/**
 * A cart line. The normaliser leaves out `store` (the page names stores by `storeNum` from the
 * store list) and has `plans` null when the answer names none (unknown: asked of the product's
 * data).
 */
export type CartLine = Omit<WireLine, 'store' | 'plans'> & { plans: Warranty[] | null };

/** The cart; the normaliser leaves unreadable lines out and fills absent totals from the lines. */
export type Cart = Omit<Wire<'Cart'>, 'lines'> & { lines: CartLine[] };

/** The spec's add-to-cart result codes (storefront-shell §4). */
export type CartResultCode = Wire<'CartResult'>['resultCode'];

/** The codes this client knows (each one the document's). */
export const CART_RESULT_CODES = [
  'Success',
  'CannotAdd',
  'MaxLines',
  'PickupDeliveryError',
  'RequireConfirmation',
  'RequireAgreement',
] as const satisfies readonly CartResultCode[];

export function isCartResultCode(code: unknown): code is CartResultCode {
  return typeof code === 'string' && (CART_RESULT_CODES as readonly string[]).includes(code);
}

/**
 * The answer of every cart command: add to cart, a bundle, the compared items, a line's
 * quantity, removal and protection plan.
 */
export type CartResult = Omit<Wire<'CartResult'>, 'resultCode'> & {
  /** May be a code this client doesn't know (the normaliser keeps it). */
  resultCode: CartResultCode | string;
};

export const EMPTY_CART: Cart = {
  cartQty: 0,
  lineCount: 0,
  subtotalCents: 0,
  subtotal: '$0.00',
  lines: [],
};

// ---------------------------------------------------------- normalisers

export function normalizeWarranty(value: unknown): Warranty | null {
  if (!isObject(value) || typeof value.id !== 'string' || value.id === '') return null;
  return {
    id: value.id,
    name: str(value.name, 'Protection plan'),
    priceCents: num(value.priceCents),
    years: num(value.years),
  };
}

const FULFILLMENT_TYPES: readonly FulfillmentType[] = ['ShipToHome', 'StorePickup', 'SameDayDelivery'];

function cartLine(value: unknown): CartLine | null {
  if (!isObject(value) || typeof value.lineId !== 'number' || typeof value.name !== 'string') {
    return null;
  }
  const unitPriceCents = num(value.unitPriceCents);
  const lineTotalCents = num(value.lineTotalCents);
  const fulfillmentType = FULFILLMENT_TYPES.includes(value.fulfillmentType as FulfillmentType)
    ? (value.fulfillmentType as FulfillmentType)
    : 'ShipToHome';
  return {
    lineId: value.lineId,
    blainNumber: str(value.blainNumber),
    name: value.name,
    url: str(value.url, '#'),
    thumbnail: typeof value.thumbnail === 'string' && value.thumbnail !== '' ? value.thumbnail : null,
    quantity: num(value.quantity, 1),
    unitPriceCents,
    unitPrice: str(value.unitPrice, formatCents(unitPriceCents)),
    fulfillmentType,
    storeNum: typeof value.storeNum === 'number' ? value.storeNum : null,
    warranty: normalizeWarranty(value.warranty),
    plans: Array.isArray(value.plans)
      ? value.plans.map(normalizeWarranty).filter((w): w is Warranty => w !== null)
      : null,
    lineTotalCents,
    lineTotal: str(value.lineTotal, formatCents(lineTotalCents)),
  };
}

/** GET /api/cart's answer; an answer that isn't a cart at all is a network error. */
export function normalizeCart(value: unknown): Cart {
  if (value === undefined) return EMPTY_CART;
  if (!isObject(value)) throw new NetworkError(200);
  const lines: CartLine[] = [];
  if (Array.isArray(value.lines)) {
    for (const v of value.lines) {
      const line = cartLine(v);
      if (line) lines.push(line);
    }
  }
  const subtotalCents = num(value.subtotalCents);
  return {
    cartQty: Math.max(0, num(value.cartQty, lines.reduce((n, l) => n + l.quantity, 0))),
    lineCount: num(value.lineCount, lines.length),
    subtotalCents,
    subtotal: str(value.subtotal, formatCents(subtotalCents)),
    lines,
  };
}

/**
 * A cart command's answer (every command's: the one reader of `CartResult`). An answer with
 * neither a result code nor the cart's count is no such answer: it rejects like a body that
 * isn't JSON. Without a code, `success` tells Success from CannotAdd; a code this client
 * doesn't know is kept (callers treat it as a refusal).
 */
export function normalizeCartResult(value: unknown): CartResult {
  if (!isObject(value) || (typeof value.resultCode !== 'string' && typeof value.cartQty !== 'number')) {
    throw new NetworkError(200);
  }
  const success = value.success === true;
  const result: CartResult = {
    success,
    resultCode: str(value.resultCode) || (success ? 'Success' : 'CannotAdd'),
    cartQty: Math.max(0, num(value.cartQty)),
    lineCount: Math.max(0, num(value.lineCount)),
  };
  if (typeof value.message === 'string' && value.message !== '') result.message = value.message;
  return result;
}

// ---------------------------------------------------------------- calls

/** The visitor's cart (an empty cart when the server answers 204). */
export async function fetchCart(signal?: AbortSignal): Promise<Cart> {
  return normalizeCart(await apiGet<unknown>(CART_URL, signal));
}

async function post(
  url: string,
  body: Wire<'QuantityRequest'> | Wire<'LineRequest'> | Wire<'WarrantyRequest'>,
): Promise<CartResult> {
  return normalizeCartResult(await apiRequest<unknown>(url, { method: 'POST', body }));
}

/** Sets a line's quantity (1–999; the server refuses anything else with a message). */
export function changeQuantity(lineId: number, quantity: number): Promise<CartResult> {
  const body: Wire<'QuantityRequest'> = { lineId, quantity };
  return post(CART_QUANTITY_URL, body);
}

export function removeLine(lineId: number): Promise<CartResult> {
  const body: Wire<'LineRequest'> = { lineId };
  return post(CART_REMOVE_URL, body);
}

/** Chooses (or changes) a line's protection plan. */
export function updateWarranty(lineId: number, warrantyId: string): Promise<CartResult> {
  const body: Wire<'WarrantyRequest'> = { lineId, warrantyId };
  return post(UPDATE_WARRANTY_URL, body);
}

export function removeWarranty(lineId: number): Promise<CartResult> {
  const body: Wire<'LineRequest'> = { lineId };
  return post(REMOVE_WARRANTY_URL, body);
}

/**
 * The protection plans a product offers (from its product data); none when
 * the product is unknown (404) or offers none.
 */
export async function fetchWarrantyOptions(blainNumber: string, signal?: AbortSignal): Promise<Warranty[]> {
  let body: unknown;
  try {
    body = await apiGet<unknown>(productDetailsUrl(blainNumber), signal);
  } catch (error) {
    if (error instanceof NetworkError && error.status === 404) return [];
    throw error;
  }
  if (!isObject(body) || !Array.isArray(body.warranties)) return [];
  return body.warranties.map(normalizeWarranty).filter((w): w is Warranty => w !== null);
}
