import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * The preview's modal dialog, the browser's own (the page behind is inert, Escape closes it),
 * named by its title, with Close next to it. `onClose` is told however it closes (Escape or
 * Close), and the page then takes it away; whoever opened it puts the focus back. Where the
 * browser has no modal dialog it is only shown.
 */
export function PreviewDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    // Escape closes the browser's dialog: say so to the page.
    const onClosed = () => close.current();
    element.addEventListener('close', onClosed);
    return () => element.removeEventListener('close', onClosed);
  }, []);

  return (
    <dialog ref={dialog} className="staff-preview-dialog" aria-labelledby={titleId}>
      <div className="staff-preview-dialog__head">
        <h2 id={titleId} className="staff-preview-dialog__title">
          {title}
        </h2>
        <button type="button" className="staff-preview-button" onClick={() => close.current()}>
          Close
        </button>
      </div>
      {children}
    </dialog>
  );
}

/** A term of a dialog's list and what it is. */
export function Term({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="staff-preview-explain__term">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
