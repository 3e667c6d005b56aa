/** Texts and rules of the cart page (pure; unit tested). */
import { MAX_LINE_QUANTITY, type CartLine, type FulfillmentType, type Warranty } from '../shared/api/cart';
import { maskQuantity } from '../shared/forms/masks';
import { formatCents } from '../shared/money';

export const QUANTITY_MESSAGE = `Please enter a quantity from 1 to ${MAX_LINE_QUANTITY}.`;
export const CART_ERROR_MESSAGE = 'Something went wrong. Please try again later.';

/** '1 item', '3 items' */
export function itemCount(qty: number): string {
  return `${qty} ${qty === 1 ? 'item' : 'items'}`;
}

/** The quantity field's value as the shopper types it: digits only, at most 3. */
export { maskQuantity };

/**
 * The quantity to send, or an error message: a whole number from 1 to 999
 * (the masked field can't hold more than 3 digits).
 */
export function parseQuantity(value: string): { quantity: number } | { error: string } {
  const masked = maskQuantity(value);
  if (masked === '' || masked !== value.trim()) return { error: QUANTITY_MESSAGE };
  const quantity = Number.parseInt(masked, 10);
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
    return { error: QUANTITY_MESSAGE };
  }
  return { quantity };
}

export interface StoreName {
  storeNum: number;
  /** 'Janesville, WI' */
  title: string;
  address?: string;
  urlAlias?: string;
  hours?: string;
}

/** 'Store #12' when the store's name is not known. */
export function storeLabel(storeNum: number, stores: Record<number, StoreName>): string {
  return stores[storeNum]?.title ?? `Store #${storeNum}`;
}

/** How a line reaches the shopper: 'Ship to home', 'Pick up at Janesville, WI', … */
export function fulfillmentLabel(
  type: FulfillmentType,
  storeNum: number | null,
  stores: Record<number, StoreName>,
): string {
  switch (type) {
    case 'ShipToHome':
      return 'Ship to home';
    case 'StorePickup':
      return storeNum === null ? 'Store pickup' : `Pick up at ${storeLabel(storeNum, stores)}`;
    case 'SameDayDelivery':
      return storeNum === null
        ? 'Same day delivery'
        : `Same day delivery from ${storeLabel(storeNum, stores)}`;
  }
}

/** '2-Year Protection Plan – $19.99 each' */
export function warrantyLabel(w: Warranty): string {
  return `${w.name} – ${formatCents(w.priceCents)}`;
}

/** The distinct stores lines are picked up at or delivered from, in line order. */
export function pickupStores(lines: CartLine[]): number[] {
  const out: number[] = [];
  for (const l of lines) {
    if (l.fulfillmentType !== 'ShipToHome' && l.storeNum !== null && !out.includes(l.storeNum)) {
      out.push(l.storeNum);
    }
  }
  return out;
}

/** Total of the lines' protection plans (already inside the subtotal). */
export function warrantyTotalCents(lines: CartLine[]): number {
  return lines.reduce((sum, l) => sum + (l.warranty ? l.warranty.priceCents * l.quantity : 0), 0);
}

/** Total of the products alone (subtotal without plans). */
export function merchandiseCents(lines: CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
}

/**
 * The line to focus after `removedId` is removed: the one after it, else the
 * one before, else none (the cart is empty).
 */
export function focusAfterRemove(lineIds: number[], removedId: number): number | null {
  const i = lineIds.indexOf(removedId);
  if (i === -1) return lineIds[0] ?? null;
  return lineIds[i + 1] ?? lineIds[i - 1] ?? null;
}
