/**
 * Stock labels (storefront-shell spec §4 "Store stock label"), tested in
 * this order:
 *   - not carried, if not stocked;
 *   - out of stock, if both on-hand counts are below 1;
 *   - limited quantities in store, if storeOnHand is 1 to 10 and ecomOnHand is below 1;
 *   - available in store only, if storeOnHand is above 10 and ecomOnHand is below 1;
 *   - in stock, if ecomOnHand exceeds both the desired quantity and 10;
 *   - otherwise 'Only {n} left!'.
 * The server computes the same label for store searches (query/src/stock.rs);
 * the product page computes it again when the shopper changes the quantity.
 */
import type { StockStatus } from '../shared/api/stores';

/** Stock thresholds (spec §9). */
export const STOCK_THRESHOLD = 10;
export const MIN_ON_HAND = 1;

export interface Inventory {
  isStocked: boolean;
  storeOnHand: number;
  ecomOnHand: number;
}

export interface StockLabel {
  status: StockStatus;
  label: string;
}

export function stockLabel(inventory: Inventory, desiredQuantity = 1): StockLabel {
  const { isStocked, storeOnHand, ecomOnHand } = inventory;
  if (!isStocked) return { status: 'NotCarried', label: 'Not carried' };
  if (storeOnHand < MIN_ON_HAND && ecomOnHand < MIN_ON_HAND) return { status: 'OutOfStock', label: 'Out of stock' };
  if (storeOnHand >= MIN_ON_HAND && storeOnHand <= STOCK_THRESHOLD && ecomOnHand < MIN_ON_HAND) {
    return { status: 'LimitedInStore', label: 'Limited quantities in store' };
  }
  if (storeOnHand > STOCK_THRESHOLD && ecomOnHand < MIN_ON_HAND) {
    return { status: 'InStoreOnly', label: 'Available in store only' };
  }
  if (ecomOnHand > desiredQuantity && ecomOnHand > STOCK_THRESHOLD) return { status: 'InStock', label: 'In stock' };
  return { status: 'OnlyLeft', label: `Only ${ecomOnHand} left!` };
}

/**
 * The ship-to-home label: the same rules with the web stock only (nothing
 * on a store shelf ships). A product that doesn't ship says so.
 */
export function shipToHomeLabel(shipToHome: boolean, ecomOnHand: number, desiredQuantity = 1): StockLabel {
  if (!shipToHome) return { status: 'NotCarried', label: 'Not available for shipping' };
  return stockLabel({ isStocked: true, storeOnHand: 0, ecomOnHand }, desiredQuantity);
}

/** Whether a label lets the shopper buy (the tone it is shown in). */
export function isAvailable(status: StockStatus): boolean {
  return status === 'InStock' || status === 'OnlyLeft' || status === 'LimitedInStore' || status === 'InStoreOnly';
}
