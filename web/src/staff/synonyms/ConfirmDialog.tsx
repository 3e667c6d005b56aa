import type { ReactNode } from 'react';
import { Modal } from '../../shared/ui/Modal';

/**
 * 'Are you sure?' before a change that shoppers will notice (a removal drafted, a rollback):
 * the shared modal as an alert dialog (Escape and its close button cancel, the focus goes back
 * to the button that opened it) with the action and Cancel.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  busyLabel,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  busy: boolean;
  busyLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal open={open} onClose={busy ? () => {} : onCancel} title={title} role="alertdialog">
      {children}
      <div className="synonyms-dialog__actions">
        <button
          type="button"
          className="button"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onConfirm();
          }}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
