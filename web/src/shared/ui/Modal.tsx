import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useDismiss } from './useDismiss';
import './Modal.css';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children?: ReactNode;
  /** Label of the closing button at the bottom; none when omitted. */
  closeLabel?: string;
  /** Enter closes the modal too (spec: "Enter closes when set"). */
  closeOnEnter?: boolean;
  /** 'alertdialog' for a message that needs acknowledging (an alert). */
  role?: 'dialog' | 'alertdialog';
}

/**
 * Whether Enter on `target` already means something else: activating a
 * button or link, a new line, choosing an option, submitting a form.
 */
function enterHasOwnMeaning(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('button, a[href], textarea, select, summary, [role="button"], [role="link"]')) return true;
  return target instanceof HTMLInputElement && target.form !== null;
}

/**
 * A centred dialog. Escape closes it (spec: "Modals: Escape closes"), and
 * Enter too with `closeOnEnter` (unless Enter activates the focused control);
 * focus moves into it on open and back to the opener on close.
 */
export function Modal({ open, onClose, title, children, closeLabel, closeOnEnter = false, role = 'dialog' }: ModalProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  useDismiss(open, onClose);
  useEffect(() => {
    if (open) box.current?.focus();
  }, [open]);
  if (!open) return null;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!closeOnEnter || event.key !== 'Enter' || event.defaultPrevented) return;
    if (event.nativeEvent.isComposing || enterHasOwnMeaning(event.target)) return;
    event.preventDefault();
    onClose();
  };
  return (
    <div className="modal__overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={box} className="modal" role={role} aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
        <button type="button" className="modal__x" onClick={onClose} aria-label="Close">
          ×
        </button>
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children}
        {closeLabel && (
          <button type="button" className="button modal__ok" onClick={onClose}>
            {closeLabel}
          </button>
        )}
      </div>
    </div>
  );
}

/** The spec's generic failure modal. */
export const GENERIC_ERROR_TITLE = 'Uh oh, something unexpected happened.';
