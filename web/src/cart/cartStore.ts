/**
 * The cart page's state: the cart, the stores its lines are picked up at,
 * the protection plans each product offers, the line being changed and what
 * to announce. Every change is a cart command, then a fresh read of the cart;
 * the header's count is set from the command's answer at once and the header
 * data refetched, so the badge stays in step.
 */
import { create } from 'zustand';
import {
  changeQuantity,
  EMPTY_CART,
  fetchCart,
  fetchWarrantyOptions,
  removeLine,
  removeWarranty,
  updateWarranty,
  type Cart,
  type CartResult,
  type Warranty,
} from '../shared/api/cart';
import { fetchAllStores } from '../shared/api/stores';
import { refreshHeader, useSession } from '../session';
import { reportError } from '../shared/ui/errors';
import { storeTitle } from '../storefinder/format';
import { CART_ERROR_MESSAGE, itemCount, pickupStores, type StoreName } from './format';

export type CartStatus = 'idle' | 'loading' | 'success' | 'error';

export interface CartState {
  status: CartStatus;
  cart: Cart;
  /** Stores the lines are picked up at (by number). */
  stores: Record<number, StoreName>;
  /** Plans on offer per product; absent while unknown. */
  warranties: Record<string, Warranty[]>;
  /** The line a command is running for. */
  busyLine: number | null;
  /** A refusal or failure per line, shown next to it. */
  lineErrors: Record<number, string>;
  /** The polite live region's text; `announcementId` changes with every announcement. */
  announcement: string;
  announcementId: number;

  load: () => Promise<void>;
  setQuantity: (lineId: number, quantity: number) => Promise<boolean>;
  remove: (lineId: number) => Promise<boolean>;
  chooseWarranty: (lineId: number, warrantyId: string) => Promise<boolean>;
  removeWarranty: (lineId: number) => Promise<boolean>;
  setLineError: (lineId: number, message: string | null) => void;
  announce: (text: string) => void;
  reset: () => void;
}

const initial = {
  status: 'idle' as CartStatus,
  cart: EMPTY_CART,
  stores: {} as Record<number, StoreName>,
  warranties: {} as Record<string, Warranty[]>,
  busyLine: null as number | null,
  lineErrors: {} as Record<number, string>,
  announcement: '',
  announcementId: 0,
};

let loadGeneration = 0;
let storesRequested = false;
const warrantyRequested = new Set<string>();

export const useCartStore = create<CartState>()((set, get) => {
  /** Store names for the pickup lines (one call for all stores, once). */
  function loadStores(cart: Cart): void {
    if (storesRequested || pickupStores(cart.lines).length === 0) return;
    storesRequested = true;
    fetchAllStores()
      .then((all) => {
        const stores: Record<number, StoreName> = {};
        for (const s of all) {
          stores[s.storeNum] = {
            storeNum: s.storeNum,
            title: storeTitle(s),
            address: [s.address1, `${s.city}, ${s.state} ${s.zip ?? ''}`.trim()].filter(Boolean).join(', '),
            urlAlias: s.urlAlias,
            hours: s.currentHours?.displayText,
          };
        }
        set({ stores });
      })
      .catch((error) => {
        storesRequested = false;
        reportError(error);
      });
  }

  /**
   * The plans each product in the cart offers: from the cart answer's lines,
   * else asked once per product.
   */
  function loadWarranties(cart: Cart): void {
    const named: Record<string, Warranty[]> = {};
    for (const line of cart.lines) {
      if (line.blainNumber && line.plans) named[line.blainNumber] = line.plans;
    }
    if (Object.keys(named).length > 0) set((s) => ({ warranties: { ...s.warranties, ...named } }));
    for (const line of cart.lines) {
      const blain = line.blainNumber;
      if (!blain || line.plans || warrantyRequested.has(blain)) continue;
      warrantyRequested.add(blain);
      fetchWarrantyOptions(blain)
        .then((options) => set((s) => ({ warranties: { ...s.warranties, [blain]: options } })))
        .catch(() => {
          // Without the offer the line still shows its chosen plan and Remove.
          warrantyRequested.delete(blain);
        });
    }
  }

  /** Reads the cart again after a command; keeps what is shown if that fails. */
  async function reread(): Promise<void> {
    const mine = ++loadGeneration;
    try {
      const cart = await fetchCart();
      if (mine !== loadGeneration) return;
      set({ cart, status: 'success' });
      useSession.getState().setCartQty(cart.cartQty);
      loadStores(cart);
      loadWarranties(cart);
    } catch (error) {
      reportError(error);
    }
  }

  function afterCommand(result: CartResult): void {
    // The badge at once, then the header data (badge and the rest) from the server.
    void refreshHeader({ cartQty: result.cartQty });
  }

  /**
   * Runs one command for a line: busy while it runs, its refusal shown on
   * the line, a failure reported. Answers whether it succeeded.
   */
  async function command(
    lineId: number,
    run: () => Promise<CartResult>,
    announceSuccess: (cart: Cart) => string,
  ): Promise<boolean> {
    if (get().busyLine !== null) return false;
    set((s) => {
      const lineErrors = { ...s.lineErrors };
      delete lineErrors[lineId];
      return { busyLine: lineId, lineErrors };
    });
    let result: CartResult;
    try {
      result = await run();
    } catch (error) {
      reportError(error);
      // Shown on the line (an alert), so not announced twice.
      set((s) => ({ busyLine: null, lineErrors: { ...s.lineErrors, [lineId]: CART_ERROR_MESSAGE } }));
      return false;
    }
    afterCommand(result);
    await reread();
    set({ busyLine: null });
    if (!result.success) {
      const message = result.message ?? CART_ERROR_MESSAGE;
      if (get().cart.lines.some((l) => l.lineId === lineId)) {
        // Shown on the line (an alert).
        set((s) => ({ lineErrors: { ...s.lineErrors, [lineId]: message } }));
      } else {
        get().announce(message);
      }
      return false;
    }
    get().announce(announceSuccess(get().cart));
    return true;
  }

  function lineName(lineId: number): string {
    return get().cart.lines.find((l) => l.lineId === lineId)?.name ?? 'Item';
  }

  function totals(cart: Cart): string {
    return `Subtotal (${itemCount(cart.cartQty)}): ${cart.subtotal}.`;
  }

  return {
    ...initial,

    load: async () => {
      const mine = ++loadGeneration;
      set({ status: 'loading' });
      try {
        const cart = await fetchCart();
        if (mine !== loadGeneration) return;
        set({ cart, status: 'success' });
        useSession.getState().setCartQty(cart.cartQty);
        loadStores(cart);
        loadWarranties(cart);
      } catch (error) {
        if (mine !== loadGeneration) return;
        reportError(error);
        set({ status: 'error' });
      }
    },

    setQuantity: (lineId, quantity) => {
      const name = lineName(lineId);
      return command(
        lineId,
        () => changeQuantity(lineId, quantity),
        (cart) => `Quantity of ${name} updated to ${quantity}. ${totals(cart)}`,
      );
    },

    remove: (lineId) => {
      const name = lineName(lineId);
      return command(
        lineId,
        () => removeLine(lineId),
        (cart) =>
          cart.lines.length === 0
            ? `${name} removed from your cart. Your cart is empty.`
            : `${name} removed from your cart. ${totals(cart)}`,
      );
    },

    chooseWarranty: (lineId, warrantyId) => {
      const name = lineName(lineId);
      return command(
        lineId,
        () => updateWarranty(lineId, warrantyId),
        (cart) => {
          const plan = cart.lines.find((l) => l.lineId === lineId)?.warranty?.name ?? 'Protection plan';
          return `${plan} added to ${name}. ${totals(cart)}`;
        },
      );
    },

    removeWarranty: (lineId) => {
      const name = lineName(lineId);
      return command(
        lineId,
        () => removeWarranty(lineId),
        (cart) => `Protection plan removed from ${name}. ${totals(cart)}`,
      );
    },

    setLineError: (lineId, message) =>
      set((s) => {
        const lineErrors = { ...s.lineErrors };
        if (message === null) delete lineErrors[lineId];
        else lineErrors[lineId] = message;
        return { lineErrors };
      }),

    announce: (text) => set((s) => ({ announcement: text, announcementId: s.announcementId + 1 })),

    reset: () => {
      loadGeneration++;
      storesRequested = false;
      warrantyRequested.clear();
      set(initial);
    },
  };
});
