/**
 * The cart page's view of which lines can be had as chosen: the checkout summary's
 * `available`, `problem` and `alternatives` per line, read whenever the cart's lines change,
 * and the one-click switch of a line to a fulfilment that works (POST /api/cart/fulfillment),
 * run like the cart page's other line commands (the line busy meanwhile, a refusal shown on
 * it, the change announced, the header's count and the cart read again).
 */
import { create } from 'zustand';
import { fetchCart, type Cart } from '../shared/api/cart';
import { changeFulfillment, fetchCheckoutSummary, type CheckoutLine, type FulfillmentType } from '../shared/api/checkout';
import { NetworkError } from '../shared/api/client';
import { useCartStore } from '../cart/cartStore';
import { CART_ERROR_MESSAGE } from '../cart/format';
import { refreshHeader, useSession } from '../session';
import { reportError } from '../shared/ui/errors';
import { fulfillmentText } from './format';

interface CartAvailabilityState {
  /** The summary's view of each line, by line id; absent while unknown. */
  lines: Record<number, CheckoutLine>;
}

export const useCartAvailability = create<CartAvailabilityState>()(() => ({ lines: {} }));

let generation = 0;
let readFor = '';

/** What the summary depends on: each line's id, quantity and fulfilment. */
function cartKey(cart: Cart): string {
  return cart.lines.map((l) => `${l.lineId}:${l.quantity}:${l.fulfillmentType}:${l.storeNum ?? ''}`).join('|');
}

/** Reads the summary for the cart's lines unless it was read for these very lines. */
export function loadCartAvailability(cart: Cart): void {
  const key = cartKey(cart);
  if (key === readFor) return;
  readFor = key;
  const mine = ++generation;
  if (cart.lines.length === 0) {
    useCartAvailability.setState({ lines: {} });
    return;
  }
  fetchCheckoutSummary()
    .then((summary) => {
      if (mine !== generation) return;
      const lines: Record<number, CheckoutLine> = {};
      for (const line of summary.lines) lines[line.lineId] = line;
      useCartAvailability.setState({ lines });
    })
    .catch((error: unknown) => {
      if (mine !== generation) return;
      // Without the summary the lines show as the cart has them; the next change reads again.
      readFor = '';
      if (!(error instanceof NetworkError)) reportError(error);
    });
}

/** Forgets what was read (the cart page left). */
export function resetCartAvailability(): void {
  generation++;
  readFor = '';
  useCartAvailability.setState({ lines: {} });
}

/** The summary's view of a cart line: null while unknown or when it can be had as chosen. */
export function useLineProblem(lineId: number): CheckoutLine | null {
  return useCartAvailability((s) => {
    const line = s.lines[lineId];
    return line && !line.available ? line : null;
  });
}

/**
 * Switches a cart line to `fulfillment` (at `storeNum` for pickup and same-day delivery).
 * `storeName` names the store in the announcement. Answers whether it succeeded.
 */
export async function switchCartLine(
  lineId: number,
  fulfillment: FulfillmentType,
  storeNum: number | null,
  storeName: string | null,
): Promise<boolean> {
  const cartStore = useCartStore;
  if (cartStore.getState().busyLine !== null) return false;
  const name = cartStore.getState().cart.lines.find((l) => l.lineId === lineId)?.name ?? 'Item';
  cartStore.getState().setLineError(lineId, null);
  cartStore.setState({ busyLine: lineId });
  try {
    let success: boolean;
    let message: string | undefined;
    try {
      const result = await changeFulfillment(lineId, fulfillment, storeNum);
      success = result.success;
      message = result.message;
      void refreshHeader({ cartQty: result.cartQty });
    } catch (error) {
      if (!(error instanceof NetworkError)) reportError(error);
      cartStore.getState().setLineError(lineId, CART_ERROR_MESSAGE);
      return false;
    }
    if (success && storeNum !== null && storeName && fulfillment !== 'ShipToHome' && !cartStore.getState().stores[storeNum]) {
      // The cart names a line's store from its store list: add this one, so the line reads right.
      cartStore.setState((s) => ({ stores: { ...s.stores, [storeNum]: { storeNum, title: storeName } } }));
    }
    try {
      const cart = await fetchCart();
      cartStore.setState({ cart });
      useSession.getState().setCartQty(cart.cartQty);
    } catch (error) {
      reportError(error);
    }
    if (!success) {
      cartStore.getState().setLineError(lineId, message ?? CART_ERROR_MESSAGE);
      return false;
    }
    cartStore.getState().announce(`${name}: ${fulfillmentText(fulfillment, storeName)}.`);
    return true;
  } finally {
    cartStore.setState({ busyLine: null });
  }
}
