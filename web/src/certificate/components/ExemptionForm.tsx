import { useEffect, useId, useRef, useState, type FocusEvent, type Ref } from 'react';
import { failureMessage, NoticeLine } from '../../account/pages/common';
import { US_STATES } from '../../checkout/format';
import {
  applyForTaxExemption,
  applyRefusal,
  TAX_EXEMPTION_KINDS,
  type TaxExemptionField,
  type TaxExemptionKind,
  type TaxExemptionRequest,
  type TaxExemptionView,
} from '../../shared/api/certificate';
import {
  CharacterCounter,
  FieldError,
  FieldLabel,
  REQUIRED_LABEL,
  useField,
  useForm,
  type Field,
} from '../../shared/forms';
import {
  BUSINESS_NAME_MAX_LENGTH,
  KIND_LABELS,
  SUBMIT_LABEL,
  validateBusinessName,
  validateCertificateNumber,
  validateKind,
  validateState,
} from '../common';

export interface ExemptionFormProps {
  /** The form's heading ('Apply for a tax exemption'). */
  title: string;
  /** Kind, state and name to start from (a pending or rejected application's); the number is always typed again. */
  initial: Pick<TaxExemptionView, 'kind' | 'state' | 'businessName'>;
  headingRef?: Ref<HTMLHeadingElement>;
  /** The application was taken: it waits for review. */
  onApplied: (request: TaxExemptionRequest) => void;
  /** 409: the exemption is approved already (the form shows the server's sentence). */
  onAlreadyApproved: () => void;
  /** 401: the session ended. */
  onSignedOut: () => void;
  /** Shown as Cancel when given (an update of a pending application). */
  onCancel?: () => void;
}

/** Joins ids for `aria-describedby`; none as undefined. */
function describedBy(...ids: (string | undefined | false)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/**
 * The application: exemption type (radios in a fieldset), state, name on the certificate
 * (with its counter) and the certificate or permit number. Submit checks every field first
 * (focus goes to the first message); a field the server refuses (422) shows the server's
 * sentence at that field, other failures in an alert above the button.
 */
export function ExemptionForm({
  title,
  initial,
  headingRef,
  onApplied,
  onAlreadyApproved,
  onSignedOut,
  onCancel,
}: ExemptionFormProps) {
  const headingId = useId();
  const counterId = useId();
  const numberHintId = useId();
  const form = useForm();
  const kind = useField(form, { initialValue: initial.kind ?? '', validate: validateKind, name: 'kind' });
  const state = useField(form, { initialValue: initial.state ?? '', validate: validateState, name: 'state' });
  const businessName = useField(form, {
    initialValue: initial.businessName ?? '',
    validate: validateBusinessName,
    name: 'businessName',
  });
  const certificateNumber = useField(form, {
    initialValue: '',
    validate: validateCertificateNumber,
    name: 'certificateNumber',
  });
  const byName: Record<TaxExemptionField, Field<string>> = { kind, state, businessName, certificateNumber };

  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A second submit before the first one's answer (a double click) sends nothing.
  const inFlight = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const submit = form.handleSubmit(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    setError(null);
    const request: TaxExemptionRequest = {
      kind: kind.value as TaxExemptionKind,
      state: state.value,
      businessName: businessName.value,
      certificateNumber: certificateNumber.value,
    };
    try {
      await applyForTaxExemption(request);
      onApplied(request);
    } catch (failure) {
      if (!mounted.current) return;
      const refusal = applyRefusal(failure);
      switch (refusal.kind) {
        case 'field':
          if (refusal.field) {
            byName[refusal.field].setError(refusal.message);
            document.getElementById(byName[refusal.field].id)?.focus();
          } else {
            setError(refusal.message);
          }
          break;
        case 'approved':
          setError(refusal.message);
          onAlreadyApproved();
          break;
        case 'signIn':
          onSignedOut();
          break;
        case 'failed':
          setError(refusal.message ?? failureMessage(failure));
          break;
      }
    } finally {
      inFlight.current = false;
      if (mounted.current) setSending(false);
    }
  });

  /** The radios' message shows once focus leaves the group (moving between radios is no blur). */
  function onKindBlur(event: FocusEvent<HTMLFieldSetElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) kind.validate();
  }

  return (
    <section className="account-section certificate-apply" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="account-section__title certificate-apply__title">
        {title}
      </h2>
      <form
        className="account-form certificate-form"
        onSubmit={submit}
        noValidate
        aria-labelledby={headingId}
        aria-busy={sending || undefined}
      >
        <fieldset className="certificate-kinds" onBlur={onKindBlur}>
          <legend className="form-label certificate-kinds__legend">
            Exemption type <span className="form-label__required">{REQUIRED_LABEL}</span>
          </legend>
          {TAX_EXEMPTION_KINDS.map((value, i) => (
            <label key={value} className="certificate-kinds__option">
              <input
                type="radio"
                name="kind"
                value={value}
                // The first radio stands for the group: the message's focus goes there.
                id={i === 0 ? kind.id : undefined}
                ref={i === 0 ? kind.inputProps.ref : undefined}
                checked={kind.value === value}
                onChange={() => kind.setValue(value)}
                aria-invalid={kind.inputProps['aria-invalid']}
                aria-describedby={kind.inputProps['aria-describedby']}
              />
              <span>{KIND_LABELS[value]}</span>
            </label>
          ))}
          <FieldError id={kind.errorId} message={kind.error} />
        </fieldset>

        <div className="account-field">
          <FieldLabel htmlFor={state.id} required>
            State
          </FieldLabel>
          <select {...state.inputProps} className="account-input certificate-form__state" aria-required>
            <option value="">Select a state</option>
            {US_STATES.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
          <FieldError id={state.errorId} message={state.error} />
        </div>

        <div className="account-field">
          <FieldLabel htmlFor={businessName.id} required>
            Name on the certificate
          </FieldLabel>
          <input
            {...businessName.inputProps}
            type="text"
            className="account-input"
            autoComplete="organization"
            aria-required
            aria-describedby={describedBy(businessName.inputProps['aria-describedby'], counterId)}
          />
          <CharacterCounter id={counterId} value={businessName.value} allowed={BUSINESS_NAME_MAX_LENGTH} />
          <FieldError id={businessName.errorId} message={businessName.error} />
        </div>

        <div className="account-field">
          <FieldLabel htmlFor={certificateNumber.id} required>
            Certificate or permit number
          </FieldLabel>
          <p id={numberHintId} className="certificate-form__hint">
            As on your certificate: 4 to 30 letters, digits, spaces or dashes.
          </p>
          <input
            {...certificateNumber.inputProps}
            type="text"
            className="account-input"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-required
            aria-describedby={describedBy(numberHintId, certificateNumber.inputProps['aria-describedby'])}
          />
          <FieldError id={certificateNumber.errorId} message={certificateNumber.error} />
        </div>

        <NoticeLine notice={error ? { kind: 'error', text: error } : null} />
        <div className="certificate-form__actions">
          <button type="submit" className="button account-form__submit" aria-disabled={sending || undefined}>
            {SUBMIT_LABEL}
          </button>
          {onCancel && (
            <button type="button" className="button button--secondary" onClick={onCancel}>
              Cancel
            </button>
          )}
        </div>
        <p className="visually-hidden" role="status">
          {sending ? 'Sending your application…' : ''}
        </p>
      </form>
    </section>
  );
}
