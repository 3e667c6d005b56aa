/**
 * What a pin change has to say after the page is loaded again (it reloads so the results show
 * the pins as they now are): the outcome, announced by the preview bar once the page is back,
 * and the control to give the focus to (the same card's, when it is still there).
 */
export interface Flash {
  message: string;
  blainNumber?: string;
  /** The control to focus (`data-preview-action`), else the card's first control. */
  action?: string;
}

const KEY = 'sf.preview.flash';

export function saveFlash(flash: Flash): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(flash));
  } catch {
    // Storage blocked: the outcome is not said after the reload.
  }
}

/** The flash left by the last change (once: it is removed). */
export function takeFlash(): Flash | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    const value: unknown = raw === null ? null : JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const flash = value as Record<string, unknown>;
    if (typeof flash.message !== 'string') return null;
    return {
      message: flash.message,
      ...(typeof flash.blainNumber === 'string' ? { blainNumber: flash.blainNumber } : {}),
      ...(typeof flash.action === 'string' ? { action: flash.action } : {}),
    };
  } catch {
    return null;
  }
}
