import { useEffect, useRef, type RefObject } from 'react';

/**
 * Where focus goes back to when a layer closes: its opener, or, when the opener was hidden
 * meanwhile (a dropdown link that opened a panel, the dropdown then closing), the toggle of the
 * disclosure around it (the element whose `aria-controls` names a container of the opener).
 */
function returnTarget(opener: HTMLElement): HTMLElement {
  if (opener.getClientRects().length > 0) return opener;
  for (let el = opener.parentElement; el; el = el.parentElement) {
    if (!el.id) continue;
    const toggle = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(el.id)}"]`);
    if (toggle) return toggle;
  }
  return opener;
}

/**
 * Closes an open layer on Escape and gives focus back to the element that
 * was focused when it opened. Used by every panel and modal.
 */
export function useDismiss(open: boolean, onClose: () => void): RefObject<HTMLElement | null> {
  const opener = useRef<HTMLElement | null>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) return;
    opener.current = document.activeElement as HTMLElement | null;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      const target = opener.current;
      if (target && document.contains(target)) returnTarget(target).focus();
    };
  }, [open]);

  return opener;
}
