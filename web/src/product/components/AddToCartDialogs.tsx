import { useId, useState } from 'react';
import { Modal } from '../../shared/ui/Modal';
import type { AddState } from '../addToCart';

export const CONFIRM_TITLE = 'Please confirm';
export const AGREEMENT_TITLE = 'Purchase agreement';
export const AGREEMENT_REQUIRED = 'Please accept the purchase agreement to continue.';

export interface AddToCartDialogsProps {
  state: AddState;
  productName: string;
  onConfirm: () => void;
  onAgree: () => void;
  onCancel: () => void;
}

/**
 * The prompts RequireConfirmation and RequireAgreement open. Confirming or
 * accepting sends the add again; Cancel, × and Escape close (focus returns
 * to the add button).
 */
export function AddToCartDialogs({ state, productName, onConfirm, onAgree, onCancel }: AddToCartDialogsProps) {
  return (
    <>
      <Modal open={state.step === 'confirm'} onClose={onCancel} title={CONFIRM_TITLE}>
        {state.step === 'confirm' && (
          <div className="add-dialog" data-dialog="confirm">
            <p>{state.message}</p>
            <p className="add-dialog__product">{productName}</p>
            <div className="add-dialog__actions">
              <button type="button" className="button" onClick={onConfirm}>
                Confirm and Add to Cart
              </button>
              <button type="button" className="button button--secondary" onClick={onCancel}>
                Cancel
              </button>
            </div>
          </div>
        )}
      </Modal>
      <Modal open={state.step === 'agree'} onClose={onCancel} title={AGREEMENT_TITLE}>
        {state.step === 'agree' && (
          <AgreementForm message={state.message} productName={productName} onAgree={onAgree} onCancel={onCancel} />
        )}
      </Modal>
    </>
  );
}

function AgreementForm({
  message,
  productName,
  onAgree,
  onCancel,
}: {
  message: string;
  productName: string;
  onAgree: () => void;
  onCancel: () => void;
}) {
  const checkboxId = useId();
  const errorId = useId();
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState(false);
  return (
    <form
      className="add-dialog"
      data-dialog="agreement"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!accepted) {
          setError(true);
          document.getElementById(checkboxId)?.focus();
          return;
        }
        onAgree();
      }}
    >
      <p>{message}</p>
      <p className="add-dialog__product">{productName}</p>
      <div className="add-dialog__check">
        <input
          id={checkboxId}
          type="checkbox"
          checked={accepted}
          aria-invalid={error || undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setAccepted(e.target.checked);
            if (e.target.checked) setError(false);
          }}
        />
        <label htmlFor={checkboxId}>I have read and accept the purchase agreement for this item.</label>
      </div>
      {error && (
        <p id={errorId} className="add-dialog__error" role="alert">
          {AGREEMENT_REQUIRED}
        </p>
      )}
      <div className="add-dialog__actions">
        <button type="submit" className="button">
          Accept and Add to Cart
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
