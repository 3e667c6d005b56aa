/**
 * The product page's Add to Registry: a guest gets the sign-in panel (back to the product
 * page); a customer gets a dialog that lists their registries to pick one, or offers to create
 * one when they have none, then adds the product with the quantity wanted and says
 * 'Added to {name}.' with a link to manage that registry.
 *
 * `useAddToRegistry` holds whether the dialog is open; `AddToRegistryButton` opens it and
 * `AddToRegistryDialog` is the dialog. They are apart so the button can sit in the page's
 * add-to-cart form while the dialog (a form of its own) renders outside it.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { openSignIn, SIGN_IN_PAGES } from '../account/signInPanelStore';
import {
  createRegistry,
  fetchRegistries,
  isSignInNeeded,
  REGISTRY_MAX_QUANTITY,
  REGISTRY_MIN_QUANTITY,
  setRegistryItem,
} from '../shared/api/registry';
import { FieldError, MESSAGES, useField } from '../shared/forms';
import { refreshHeader, useSession } from '../session';
import { GENERIC_ERROR_MESSAGE } from '../shared/ui/errors';
import { Modal } from '../shared/ui/Modal';
import {
  EventLine,
  manageHref,
  maskWantedQuantity,
  RegistryFields,
  registryFailureMessage,
  useRegistryForm,
  validateWantedQuantity,
} from './common';

export const ADD_TO_REGISTRY_TITLE = 'Add to Registry';
export const NO_REGISTRY_YET = "You don't have a registry yet. Create one and we'll add this item to it.";

/** 'Added to {name}.' */
export function addedToMessage(registryName: string): string {
  return `Added to ${registryName}.`;
}

export interface RegistryProduct {
  blainNumber: string;
  name: string;
}

/** Whether the dialog is open, and with which quantity; `start` decides between it and the sign-in panel. */
export function useAddToRegistry(product: RegistryProduct) {
  const status = useSession((s) => s.status);
  const loggedIn = useSession((s) => s.loggedIn);
  const { pathname, search } = useLocation();
  const destination = `${pathname}${search}`;
  const [quantity, setQuantity] = useState<number | null>(null);

  const signIn = useCallback(() => {
    setQuantity(null);
    openSignIn(SIGN_IN_PAGES.login, { destination });
  }, [destination]);

  /** Opens the dialog with the page's quantity (kept within 1–99); a known guest signs in first. */
  const start = useCallback(
    (pageQuantity: number) => {
      if (status === 'success' && !loggedIn) {
        signIn();
        return;
      }
      const n = Number.isFinite(pageQuantity) ? Math.trunc(pageQuantity) : REGISTRY_MIN_QUANTITY;
      setQuantity(Math.min(REGISTRY_MAX_QUANTITY, Math.max(REGISTRY_MIN_QUANTITY, n)));
    },
    [status, loggedIn, signIn],
  );

  const close = useCallback(() => setQuantity(null), []);

  return { product, open: quantity !== null, quantity: quantity ?? REGISTRY_MIN_QUANTITY, start, close, signIn };
}

export type AddToRegistryFlow = ReturnType<typeof useAddToRegistry>;

export function AddToRegistryButton({ onClick, disabled = false }: { onClick: () => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      className="button button--secondary registry-add-button"
      aria-haspopup="dialog"
      disabled={disabled}
      onClick={onClick}
      data-testid="add-to-registry"
    >
      {ADD_TO_REGISTRY_TITLE}
    </button>
  );
}

/** The dialog, while the flow has it open (a new one each time: it loads the registries anew). */
export function AddToRegistryDialog({ flow }: { flow: AddToRegistryFlow }) {
  if (!flow.open) return null;
  return <RegistryPicker flow={flow} />;
}

interface Choice {
  id: string;
  name: string;
  eventType: string;
  eventDate: string;
}

type Step = 'loading' | 'failed' | 'choose' | 'create' | 'done';

function RegistryPicker({ flow }: { flow: AddToRegistryFlow }) {
  const { product, signIn, close } = flow;
  const groupId = useId();
  const [step, setStep] = useState<Step>('loading');
  const [registries, setRegistries] = useState<Choice[]>([]);
  const [selected, setSelected] = useState('');
  const [selectError, setSelectError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState<Choice | null>(null);
  const [attempt, setAttempt] = useState(0);
  const fields = useRegistryForm();
  const quantity = useField(null, {
    initialValue: String(flow.quantity),
    validate: validateWantedQuantity,
    mask: maskWantedQuantity,
  });
  const done = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchRegistries(controller.signal).then(
      (list) => {
        if (controller.signal.aborted) return;
        setRegistries(list);
        setSelected((current) => current || (list[0]?.id ?? ''));
        setStep(list.length > 0 ? 'choose' : 'create');
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        if (isSignInNeeded(failure)) signIn();
        else setStep('failed');
      },
    );
    return () => controller.abort();
  }, [attempt, signIn]);

  useEffect(() => {
    if (step === 'done') done.current?.focus();
  }, [step]);

  function quantityOk(): number | null {
    if (quantity.validate() !== null) {
      document.getElementById(quantity.id)?.focus();
      return null;
    }
    return Number(quantity.value);
  }

  async function addTo(registry: Choice, n: number) {
    try {
      const answer = await setRegistryItem({ registryId: registry.id, blainNumber: product.blainNumber, quantity: n });
      if (answer.success) {
        setAdded(registry);
        setStep('done');
      } else {
        setError(answer.errorMessage ?? GENERIC_ERROR_MESSAGE);
      }
    } catch (failure) {
      if (isSignInNeeded(failure)) signIn();
      else setError(registryFailureMessage(failure));
    }
  }

  async function submitChoice(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const registry = registries.find((r) => r.id === selected);
    if (!registry) {
      setSelectError(MESSAGES.radioRequired);
      document.getElementById(`${groupId}-0`)?.focus();
      return;
    }
    setSelectError(null);
    const n = quantityOk();
    if (n === null) return;
    setBusy(true);
    setError(null);
    await addTo(registry, n);
    setBusy(false);
  }

  async function submitCreate(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!fields.form.validateAll()) {
      quantity.validate();
      return;
    }
    const n = quantityOk();
    if (n === null) return;
    setBusy(true);
    setError(null);
    const request = fields.request();
    try {
      const answer = await createRegistry(request);
      if (!answer.success || !answer.registryId) {
        setError(answer.errorMessage ?? GENERIC_ERROR_MESSAGE);
        return;
      }
      // The account menu's and the footer's registry links appear.
      void refreshHeader();
      const made: Choice = { id: answer.registryId, ...request };
      setRegistries((list) => [...list, made]);
      setSelected(made.id);
      fields.reset();
      // Should the add fail, the new registry is there to pick and try again.
      setStep('choose');
      await addTo(made, n);
    } catch (failure) {
      if (isSignInNeeded(failure)) signIn();
      else setError(registryFailureMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  const quantityField = (
    <div className="registry-field registry-field--quantity">
      <label htmlFor={quantity.id} className="form-label">
        Quantity wanted
      </label>
      <input
        {...quantity.inputProps}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className="registry-input registry-input--quantity"
      />
      <FieldError id={quantity.errorId} message={quantity.error} />
    </div>
  );

  const errorLine = error && (
    <p className="registry-message registry-message--error" role="alert">
      {error}
    </p>
  );

  return (
    <Modal open onClose={busy ? () => {} : close} title={ADD_TO_REGISTRY_TITLE}>
      <div className="registry-dialog">
        <p className="registry-dialog__product">{product.name}</p>
        {step === 'loading' && (
          <p className="registry-muted" role="status">
            Loading your registries…
          </p>
        )}
        {step === 'failed' && (
          <div className="registry-message registry-message--error" role="alert">
            <p>{GENERIC_ERROR_MESSAGE}</p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setStep('loading');
                setAttempt((a) => a + 1);
              }}
            >
              Try again
            </button>
          </div>
        )}
        {step === 'choose' && (
          <form className="registry-form" onSubmit={(e) => void submitChoice(e)} noValidate>
            <fieldset className="registry-choices" aria-describedby={selectError ? `${groupId}-error` : undefined}>
              <legend className="form-label">Choose a registry</legend>
              {registries.map((registry, i) => (
                <div key={registry.id} className="registry-choice">
                  <input
                    id={`${groupId}-${i}`}
                    type="radio"
                    name={`${groupId}-registry`}
                    value={registry.id}
                    checked={selected === registry.id}
                    onChange={() => {
                      setSelected(registry.id);
                      setSelectError(null);
                    }}
                  />
                  <label htmlFor={`${groupId}-${i}`}>
                    <span className="registry-choice__name">{registry.name}</span>
                    <span className="registry-choice__event">
                      <EventLine eventType={registry.eventType} eventDate={registry.eventDate} />
                    </span>
                  </label>
                </div>
              ))}
              <FieldError id={`${groupId}-error`} message={selectError} />
            </fieldset>
            {quantityField}
            {errorLine}
            <div className="registry-dialog__actions">
              <button type="submit" className="button" aria-disabled={busy || undefined}>
                {busy ? 'Adding…' : ADD_TO_REGISTRY_TITLE}
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => {
                  setError(null);
                  setStep('create');
                }}
              >
                Create a New Registry
              </button>
            </div>
          </form>
        )}
        {step === 'create' && (
          <form className="registry-form" onSubmit={(e) => void submitCreate(e)} noValidate>
            {registries.length === 0 && <p>{NO_REGISTRY_YET}</p>}
            <RegistryFields fields={fields} />
            {quantityField}
            {errorLine}
            <div className="registry-dialog__actions">
              <button type="submit" className="button" aria-disabled={busy || undefined}>
                {busy ? 'Creating…' : 'Create Registry & Add Item'}
              </button>
              {registries.length > 0 && (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy}
                  onClick={() => {
                    setError(null);
                    setStep('choose');
                  }}
                >
                  Back to My Registries
                </button>
              )}
            </div>
          </form>
        )}
        {step === 'done' && added && (
          <div className="registry-dialog__done">
            <p ref={done} tabIndex={-1} role="status" className="registry-message registry-message--success">
              {addedToMessage(added.name)}
            </p>
            <div className="registry-dialog__actions">
              <Link to={manageHref(added.id)} className="button" onClick={close}>
                Manage {added.name}
              </Link>
              <button type="button" className="button button--secondary" onClick={close}>
                Continue Shopping
              </button>
            </div>
          </div>
        )}
      </div>
    </Modal>
  );
}
