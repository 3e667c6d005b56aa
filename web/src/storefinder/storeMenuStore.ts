import { create } from 'zustand';

/** Event the header (or any opener) dispatches to open the change-store menu. */
export const OPEN_STORE_MENU_EVENT = 'storefront:open-store-menu';
/** Cancelable event dispatched after the visitor's store changed. */
export const STORE_CHANGED_EVENT = 'storefront:store-changed';

/** A product whose stock the menu shows (the in-stock-only switch appears). */
export interface StoreMenuProduct {
  blainNumber: string;
  name?: string;
  desiredQuantity?: number;
}

export interface OpenStoreMenuDetail {
  product?: StoreMenuProduct;
  /** Shorthand for `product.blainNumber`. */
  blainNumber?: string;
}

function productOf(detail: OpenStoreMenuDetail | null | undefined): StoreMenuProduct | null {
  if (!detail || typeof detail !== 'object') return null;
  if (detail.product && typeof detail.product.blainNumber === 'string') return detail.product;
  if (typeof detail.blainNumber === 'string' && detail.blainNumber) {
    return { blainNumber: detail.blainNumber };
  }
  return null;
}

interface StoreMenuState {
  open: boolean;
  product: StoreMenuProduct | null;
  openMenu: (detail?: OpenStoreMenuDetail | null) => void;
  close: () => void;
}

export const useStoreMenuStore = create<StoreMenuState>()((set) => ({
  open: false,
  product: null,
  openMenu: (detail) => set({ open: true, product: productOf(detail) }),
  close: () => set({ open: false }),
}));

/** Opens the change-store menu from anywhere (same as dispatching the event). */
export function openStoreMenu(detail?: OpenStoreMenuDetail): void {
  window.dispatchEvent(new CustomEvent(OPEN_STORE_MENU_EVENT, { detail }));
}
