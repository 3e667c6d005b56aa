import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useDismiss } from './useDismiss';
import './Modal.css';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children?: ReactNode;
  /** Label of the closing button at the bottom; none when omitted. */
  closeLabel?: string;
}

/** A centred dialog. Escape closes it (spec: "Modals: Escape closes"). */
export function Modal({ open, onClose, title, children, closeLabel }: ModalProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  useDismiss(open, onClose);
  useEffect(() => {
    if (open) box.current?.focus();
  }, [open]);
  if (!open) return null;
  return (
    <div className="modal__overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={box} className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
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
