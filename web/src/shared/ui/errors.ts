/**
 * The generic error modal ('Uh oh, something unexpected happened.') that any
 * code, the API layer included, can open with `showGenericError()`, and
 * client error reporting (`POST /a/log/`).
 *
 * `<GenericErrorHost/>` renders the modal; the footer mounts it once.
 */
import { createElement } from 'react';
import { create } from 'zustand';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from '../api/client';
import type { Wire } from '../api/wire';
import { GENERIC_ERROR_TITLE, Modal } from './Modal';

export { GENERIC_ERROR_TITLE };

/** What a page shows shoppers (and staff) when a call fails. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again later.';
export const LOG_URL = '/a/log/';

interface GenericErrorState {
  message: string | null;
  show: (message?: string) => void;
  dismiss: () => void;
}

export const useGenericErrorStore = create<GenericErrorState>()((set) => ({
  message: null,
  show: (message) => set({ message: message?.trim() ? message : GENERIC_ERROR_MESSAGE }),
  dismiss: () => set({ message: null }),
}));

/** Opens the generic error modal; the message defaults to the spec's generic failure. */
export function showGenericError(message?: string): void {
  useGenericErrorStore.getState().show(message);
}

/** The modal; render once. */
export function GenericErrorHost() {
  const message = useGenericErrorStore((s) => s.message);
  const dismiss = useGenericErrorStore((s) => s.dismiss);
  return createElement(
    Modal,
    { open: message !== null, onClose: dismiss, title: GENERIC_ERROR_TITLE, closeLabel: 'OK' },
    createElement('p', null, message),
  );
}

/**
 * Reports an error to the server's client log. Fire-and-forget: never throws,
 * never shows anything. Sent with `fetch` directly (keepalive, and none of the
 * API client's reload handling), with a fresh `Idempotency-Key` per report.
 */
export function reportError(error: unknown, url: string = window.location.href): void {
  const text =
    error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? 'Unknown error');
  const report: Wire<'LogRequest'> = { url, error: text.slice(0, 8192) };
  try {
    void fetch(LOG_URL, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey(),
      },
      body: JSON.stringify(report),
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => {});
  } catch {
    // Reporting must never fail the caller.
  }
}
