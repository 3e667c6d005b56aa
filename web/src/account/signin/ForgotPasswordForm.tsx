import { useEffect, useRef, useState } from 'react';
import { recoverPassword } from '../../shared/api/account';
import { useField, useForm } from '../../shared/forms/useForm';
import { compose, required, validateEmail } from '../../shared/forms/validators';
import { SIGN_IN_PAGES } from '../signInPanelStore';
import { useSignInFlow } from './flow';
import { Banner, SubmitButton, SwitchTo, TextField } from './formParts';
import { CUSTOMER_SERVICE_HINT, GENERIC_ERROR_MESSAGE, RECOVER_MESSAGE } from './texts';

/**
 * Page 2, 'Reset Your Password' (spec §4, §5, §8): the email, then 'Please check your email.'
 * with the server's words, then, behind 'Didn't get an email?', 'Check your spam folder.' with
 * Resend and the customer-service hint. Those two states title the panel (spec §2.1). Any
 * failure shows the generic message.
 */
export function ForgotPasswordForm() {
  const flow = useSignInFlow();
  const form = useForm();
  const email = useField(form, { initialValue: '', validate: compose(required(), validateEmail), name: 'emailAddress' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState(RECOVER_MESSAGE);
  const [sentAgain, setSentAgain] = useState<string | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  const step = flow.forgotStep;

  // A new state moves focus to its text, so it is read out.
  useEffect(() => {
    if (step !== 'request') confirmation.current?.focus();
  }, [step]);

  async function recover(): Promise<string | null> {
    try {
      const answer = await recoverPassword(email.value.trim());
      return answer.success ? (answer.message ?? RECOVER_MESSAGE) : null;
    } catch {
      return null;
    }
  }

  const onSubmit = form.handleSubmit(async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const text = await recover();
    setBusy(false);
    if (text === null) {
      setError(GENERIC_ERROR_MESSAGE);
      return;
    }
    setMessage(text);
    flow.setForgotStep('checkEmail');
  });

  async function resend() {
    if (busy) return;
    setBusy(true);
    setError(null);
    setSentAgain(null);
    const text = await recover();
    setBusy(false);
    if (text === null) setError(GENERIC_ERROR_MESSAGE);
    else setSentAgain(text);
  }

  if (step === 'request') {
    return (
      <div className="sign-in">
        <p className="sign-in__intro">
          Enter the email address of your account and we'll send you a link to reset your password.
        </p>
        <form className="sign-in__form" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
          <Banner message={error} />
          <TextField field={email} label="Email Address" type="email" autoComplete="email" spellCheck={false} />
          <SubmitButton busy={busy} busyLabel="Sending…">
            Reset Password
          </SubmitButton>
        </form>
      </div>
    );
  }

  return (
    <div className="sign-in">
      <div ref={confirmation} className="sign-in__confirmation" tabIndex={-1}>
        {step === 'checkEmail' ? (
          <>
            <p>{message}</p>
            <p className="sign-in__sent-to">
              Sent to <strong>{email.value.trim()}</strong>
            </p>
          </>
        ) : (
          <>
            <p>
              Emails sometimes land in a spam or junk folder. Please look there for a message about resetting your
              password, or send it again.
            </p>
            <p>{CUSTOMER_SERVICE_HINT}</p>
          </>
        )}
      </div>
      <Banner message={error} />
      {step === 'checkEmail' ? (
        <button type="button" className="sign-in__link-button" onClick={() => flow.setForgotStep('checkSpam')}>
          Didn't get an email?
        </button>
      ) : (
        <>
          <p className="sign-in__status" role="status">
            {sentAgain}
          </p>
          <SubmitButton busy={busy} busyLabel="Sending…" onClick={() => void resend()}>
            Resend
          </SubmitButton>
        </>
      )}
      <SwitchTo page={SIGN_IN_PAGES.login}>Back to Sign In</SwitchTo>
    </div>
  );
}
