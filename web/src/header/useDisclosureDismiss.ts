import { useEffect, useRef, type RefObject } from 'react';

/**
 * Dismissal for a header disclosure (account dropdown, mega menu): it closes
 * on Escape (focus goes back to the toggle), on a pointer press outside
 * `container`, and when focus moves to an element outside it.
 *
 * Unlike `ui/useDismiss` (modal layers), focus is restored only on Escape:
 * after an outside click or a Tab away, focus must stay where the user put it.
 */
export function useDisclosureDismiss(
  open: boolean,
  onClose: () => void,
  container: RefObject<HTMLElement | null>,
  toggle: RefObject<HTMLElement | null>,
): void {
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) return;
    const root = container.current;
    const inside = (node: EventTarget | null) => node instanceof Node && !!root?.contains(node);

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      close.current();
      toggle.current?.focus();
    };
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (!inside(event.target)) close.current();
    };
    const onFocusOut = (event: FocusEvent) => {
      // null: focus went to the page itself (a click on text); the pointer
      // handler decides those.
      if (event.relatedTarget && !inside(event.relatedTarget)) close.current();
    };

    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    root?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      root?.removeEventListener('focusout', onFocusOut);
    };
  }, [open, container, toggle]);
}
