import type { ReactNode } from 'react';
import { Modal } from '../../shared/ui/Modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** While the action runs: the buttons say so and do nothing more. */
  busy?: boolean;
  busyLabel?: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * 'Are you sure?' before an action that cannot be taken back: the shared modal (Escape and
 * its close button cancel, focus goes back to the opener) with the action and Cancel.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy = false,
  busyLabel,
  danger = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal open={open} onClose={busy ? () => {} : onCancel} title={title}>
      {children}
      <div className="account-dialog__actions">
        <button
          type="button"
          className={`button${danger ? ' account-button--danger' : ''}`}
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onConfirm();
          }}
        >
          {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
