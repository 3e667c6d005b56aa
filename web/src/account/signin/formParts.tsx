import { useState, type ReactNode } from 'react';
import { FieldError, FieldLabel } from '../../shared/forms/components';
import type { Field } from '../../shared/forms/useForm';
import type { SignInPage } from '../signInPanelStore';
import { useSignInFlow } from './flow';
import { faultText } from './texts';

/**
 * A form's call to the server: `busy` while it runs (another submit meanwhile is ignored), and
 * the banner's message, cleared as it starts. A call that throws shows its sentence
 * (`faultText`), or hands it to `onFault`.
 */
export function useFormCall() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(call: () => Promise<void>, onFault: (message: string) => void = setError): Promise<void> {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (cause) {
      onFault(faultText(cause));
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, setError, run };
}

/** The form's message (an alert), empty until there is one. */
export function Banner({ message }: { message: string | null }) {
  return (
    <p className="sign-in__banner" role="alert">
      {message}
    </p>
  );
}

/** A labelled text input with its message. */
export function TextField({
  field,
  label,
  type = 'text',
  ...rest
}: {
  field: Field<string>;
  label: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'decimal';
  maxLength?: number;
  spellCheck?: boolean;
}) {
  return (
    <div className="sign-in__field">
      <FieldLabel htmlFor={field.id} required>
        {label}
      </FieldLabel>
      <input {...field.inputProps} {...rest} className="sign-in__input" type={type} />
      <FieldError id={field.errorId} message={field.error} />
    </div>
  );
}

/**
 * The labelled password input with a Show/Hide toggle, and its message. `describedBy` names one
 * more element that describes the input, shown after it (`children`).
 */
export function PasswordField({
  field,
  autoComplete,
  maxLength,
  describedBy,
  children,
}: {
  field: Field<string>;
  autoComplete: 'current-password' | 'new-password';
  maxLength?: number;
  describedBy?: string;
  children?: ReactNode;
}) {
  const [shown, setShown] = useState(false);
  return (
    <div className="sign-in__field">
      <FieldLabel htmlFor={field.id} required>
        Password
      </FieldLabel>
      <div className="sign-in__password">
        <input
          {...field.inputProps}
          autoComplete={autoComplete}
          aria-describedby={[field.inputProps['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined}
          maxLength={maxLength}
          className="sign-in__input"
          type={shown ? 'text' : 'password'}
          spellCheck={false}
        />
        <button
          type="button"
          className="sign-in__reveal"
          aria-pressed={shown}
          aria-controls={field.id}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? 'Hide' : 'Show'}
          <span className="visually-hidden"> password</span>
        </button>
      </div>
      <FieldError id={field.errorId} message={field.error} />
      {children}
    </div>
  );
}

/**
 * The page's main button, which says what it is doing (with a spinner) while busy: the form's
 * submit, or with `onClick` a button of its own.
 */
export function SubmitButton({
  busy,
  busyLabel,
  onClick,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type={onClick ? 'button' : 'submit'}
      className="button sign-in__submit"
      onClick={onClick}
      aria-disabled={busy || undefined}
    >
      {busy && <span className="sign-in__spinner" aria-hidden="true" />}
      {busy ? busyLabel : children}
    </button>
  );
}

/** The way to another page at the foot of this one ('New here?' … 'Create Account'). */
export function SwitchTo({ page, prompt, children }: { page: SignInPage; prompt?: string; children: ReactNode }) {
  const flow = useSignInFlow();
  return (
    <div className="sign-in__switch">
      {prompt && <p>{prompt}</p>}
      <button type="button" className="button button--secondary" onClick={() => flow.goTo(page)}>
        {children}
      </button>
    </div>
  );
}

/** A page opened without what the pages before it gathered: what to do, and the button back. */
export function StartAgain({ text, page, children }: { text: string; page: SignInPage; children: ReactNode }) {
  const flow = useSignInFlow();
  return (
    <div className="sign-in">
      <p className="sign-in__intro">{text}</p>
      <button type="button" className="button" onClick={() => flow.goTo(page)}>
        {children}
      </button>
    </div>
  );
}
