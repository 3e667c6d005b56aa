/**
 * What the order pages share: their paths, titles and sentences, and how an order's card,
 * status and item count read.
 */
import type { OrderLineView } from '../shared/api/orders';

export const ORDER_PATHS = {
  history: '/account/orders/',
  track: '/account/track-your-order/',
} as const;

export const ORDER_HISTORY_TITLE = 'Order History';
export const TRACK_ORDER_TITLE = 'Track Your Order';

export const NO_ORDERS_MESSAGE = "You haven't placed any online orders yet.";
export const ORDER_NOT_FOUND_MESSAGE = "We couldn't find that order.";
export const ORDERS_SIGN_IN_MESSAGE = 'Please sign in to see your orders.';
export const ORDER_CANCELLED_MESSAGE = 'This order was cancelled.';

/** An order's page in the account. */
export function orderPagePath(orderNo: string): string {
  return `${ORDER_PATHS.history}${encodeURIComponent(orderNo)}/`;
}

/** 'Order 100000123' */
export function orderTitle(orderNo: string): string {
  return `Order ${orderNo}`;
}

/** '1 item', '3 items' */
export function itemCountText(count: number): string {
  return count === 1 ? '1 item' : `${count} items`;
}

/** The items of an order's lines. */
export function itemCountOf(lines: readonly OrderLineView[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  maestro: 'Maestro',
  laser: 'Laser',
  storecard: 'Storefront Card',
};

/** 'Visa', 'American Express'; an unknown brand as sent, capitalised; 'Card' for none. */
export function cardBrandLabel(brand: string): string {
  const key = brand.trim().toLowerCase();
  if (Object.hasOwn(CARD_BRANDS, key)) return CARD_BRANDS[key]!;
  return key ? key.charAt(0).toUpperCase() + key.slice(1) : 'Card';
}

/** 'Visa ending in 4242' */
export function cardText(card: { brand: string; last4: string }): string {
  return `${cardBrandLabel(card.brand)} ending in ${card.last4}`;
}

/** How a status's badge looks: done, cancelled, or on its way. */
export function statusTone(status: string): 'done' | 'cancelled' | 'open' {
  if (status === 'Cancelled') return 'cancelled';
  if (status === 'PickedUp' || status === 'Delivered' || status === 'LineReturned') return 'done';
  return 'open';
}
