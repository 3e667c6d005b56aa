/**
 * The checkout page's state: the order summary (read again when the shipping ZIP changes, so
 * the tax follows), a line's switch to another fulfilment or its removal, and the message at
 * the top of the page. Every line change is a cart command, then a fresh read of the summary;
 * the header's cart count follows the command's answer.
 */
import { create } from 'zustand';
import { removeLine as removeCartLine, type CartResult } from '../shared/api/cart';
import {
  changeFulfillment,
  EMPTY_SUMMARY,
  fetchCheckoutSummary,
  type CheckoutSummary,
  type FulfillmentType,
} from '../shared/api/checkout';
import { NetworkError } from '../shared/api/client';
import { refreshHeader } from '../session';
import { reportError } from '../shared/ui/errors';
import { CHECKOUT_ERROR_MESSAGE } from './format';

export type CheckoutStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface CheckoutState {
  status: CheckoutStatus;
  summary: CheckoutSummary;
  /** The ZIP the summary was asked for (null: none). */
  summaryZip: string | null;
  /** A fresh read of a summary already shown is on its way. */
  updating: boolean;
  /** The line a command is running for. */
  busyLine: number | null;
  /** A refusal or failure per line, shown next to it. */
  lineErrors: Record<number, string>;
  /** The message at the top of the page (an alert); `alertId` changes with every one shown. */
  alert: string | null;
  alertId: number;

  /**
   * Reads the summary for `zip` (undefined: the ZIP of the last read). The first read shows the
   * loading state; later ones keep the summary shown until the answer is in. Answers the new
   * summary, or null when the read failed (what is shown stays).
   */
  load: (zip?: string | null) => Promise<CheckoutSummary | null>;
  switchFulfillment: (lineId: number, fulfillment: FulfillmentType, storeNum: number | null) => Promise<boolean>;
  removeLine: (lineId: number) => Promise<boolean>;
  showAlert: (text: string | null) => void;
  reset: () => void;
}

const initial = {
  status: 'idle' as CheckoutStatus,
  summary: EMPTY_SUMMARY,
  summaryZip: null as string | null,
  updating: false,
  busyLine: null as number | null,
  lineErrors: {} as Record<number, string>,
  alert: null as string | null,
  alertId: 0,
};

let generation = 0;

function commandFailure(error: unknown): string {
  if (!(error instanceof NetworkError)) reportError(error);
  return CHECKOUT_ERROR_MESSAGE;
}

export const useCheckoutStore = create<CheckoutState>()((set, get) => {
  /** Runs one command for a line: busy while it runs, its refusal shown on the line. */
  async function command(lineId: number, run: () => Promise<CartResult>): Promise<boolean> {
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
      set((s) => ({ busyLine: null, lineErrors: { ...s.lineErrors, [lineId]: commandFailure(error) } }));
      return false;
    }
    void refreshHeader({ cartQty: result.cartQty });
    await get().load();
    set({ busyLine: null });
    if (!result.success) {
      const message = result.message ?? CHECKOUT_ERROR_MESSAGE;
      if (get().summary.lines.some((l) => l.lineId === lineId)) {
        set((s) => ({ lineErrors: { ...s.lineErrors, [lineId]: message } }));
      } else {
        get().showAlert(message);
      }
      return false;
    }
    return true;
  }

  return {
    ...initial,

    load: async (zip) => {
      const mine = ++generation;
      const wanted = zip === undefined ? get().summaryZip : zip;
      const first = get().status !== 'ready';
      set(first ? { status: 'loading', summaryZip: wanted } : { updating: true, summaryZip: wanted });
      try {
        const summary = await fetchCheckoutSummary(wanted);
        if (mine !== generation) return summary;
        set({ summary, status: 'ready', updating: false });
        return summary;
      } catch (error) {
        if (mine !== generation) return null;
        if (!(error instanceof NetworkError)) reportError(error);
        set(first ? { status: 'error', updating: false } : { updating: false });
        return null;
      }
    },

    switchFulfillment: (lineId, fulfillment, storeNum) =>
      command(lineId, () => changeFulfillment(lineId, fulfillment, storeNum)),

    removeLine: (lineId) => command(lineId, () => removeCartLine(lineId)),

    showAlert: (text) => set((s) => (text === null ? { alert: null } : { alert: text, alertId: s.alertId + 1 })),

    reset: () => {
      generation++;
      set(initial);
    },
  };
});
