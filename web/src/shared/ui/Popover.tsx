import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { POPOVER_DISMISS_MS } from './constants';
import './Popover.css';

export interface PopoverProps {
  /** The button's text. */
  label: ReactNode;
  /** The button's accessible name when `label` is an icon. */
  ariaLabel?: string;
  children: ReactNode;
  /** The pointer resting on the button opens it too (default: click and keyboard only). */
  openOnHover?: boolean;
  className?: string;
}

/**
 * A button with a non-modal panel (aria-expanded, aria-controls).
 *
 * - Click or Enter/Space toggles it; Escape closes it and gives focus back to
 *   the button; a click outside or focus leaving closes it.
 * - The pointer leaving the button and the panel closes it after
 *   `POPOVER_DISMISS_MS` (250 ms); coming back within that time keeps it open,
 *   so the pointer can cross the gap between them.
 */
export function Popover({ label, ariaLabel, children, openOnHover = false, className }: PopoverProps) {
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancelDismiss = useCallback(() => clearTimeout(timer.current), []);
  const close = useCallback(() => {
    clearTimeout(timer.current);
    setOpen(false);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const inside = root.current?.contains(document.activeElement);
      close();
      if (inside) button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, close]);

  return (
    <div
      ref={root}
      className={`popover${className ? ` ${className}` : ''}`}
      onMouseEnter={() => {
        cancelDismiss();
        if (openOnHover) setOpen(true);
      }}
      onMouseLeave={() => {
        if (!open) return;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setOpen(false), POPOVER_DISMISS_MS);
      }}
      onBlur={(event) => {
        if (open && event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) close();
      }}
    >
      <button
        ref={button}
        type="button"
        className="popover__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={ariaLabel}
        onClick={() => {
          cancelDismiss();
          setOpen((o) => !o);
        }}
      >
        {label}
      </button>
      <div id={panelId} className="popover__panel" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
