import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useDismiss } from './useDismiss';
import './SidePanel.css';

export interface SidePanelProps {
  open: boolean;
  onClose: () => void;
  /** Visible heading, also the dialog's accessible name. */
  title: string;
  /** Which edge it slides from. */
  side?: 'left' | 'right';
  /** Optional control rendered before the title (a back arrow). */
  headerStart?: ReactNode;
  children: ReactNode;
}

/**
 * A modal panel at the edge of the screen (sign-in, change store, rewards).
 * Escape, the close button and a click on the overlay close it; focus moves
 * into it on open and back to the opener on close.
 */
export function SidePanel({ open, onClose, title, side = 'right', headerStart, children }: SidePanelProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useDismiss(open, onClose);

  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);

  if (!open) return null;
  return (
    <div className="side-panel__overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        className={`side-panel side-panel--${side}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="side-panel__header">
          {headerStart}
          <h2 id={titleId} className="side-panel__title">
            {title}
          </h2>
          <button type="button" className="side-panel__close" onClick={onClose} aria-label="Close">
            ×
          </button>
        </div>
        <div className="side-panel__body">{children}</div>
      </div>
    </div>
  );
}
