import { useEffect, useRef, type RefObject } from 'react';

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
      if (target && document.contains(target)) target.focus();
    };
  }, [open]);

  return opener;
}
