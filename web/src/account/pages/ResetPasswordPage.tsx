import { useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { INVALID_INPUT_DATA, resetPassword } from '../../shared/api/accountPages';
import { MESSAGES, passwordChecks, validatePassword } from '../../shared/forms';
import { GENERIC_ERROR_MESSAGE } from '../../shared/ui/errors';
import { openSignIn, SIGN_IN_PAGES } from '../signInPanelStore';
import {
  ACCOUNT_HOME_PATH,
  AccountBreadcrumb,
  AccountPageHead,
  failureMessage,
  loadAfterSessionChange,
} from './common';
import { NewPasswordField } from './NewPasswordField';

/** The spec's page title (2.1). */
export const RESET_PASSWORD_TITLE = 'Reset Your Password';
export const RESET_PASSWORD_PATH = '/account/reset-password/';
export const RESET_LINK_NOT_VALID = 'This password reset link is not valid.';

/**
 * /account/reset-password/?bid=…&at=…, the link of the recovery mail (docs/decisions.md
 * "Recovery"): a new password with each rule shown met or not (spec 5) and 'Keep me signed
 * in'. Success signs this browser in: a full load of the answer's page (/account/). A link
 * without `bid` and `at` offers 'Forgot Password?' (the sign-in panel's page 2).
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const bid = params.get('bid')?.trim() ?? '';
  const at = params.get('at')?.trim() ?? '';
  return (
    <article className="account-page account-page--narrow">
      <AccountPageHead title={RESET_PASSWORD_TITLE} />
      {/* The link's token must not leave in a Referer header. */}
      <meta name="referrer" content="no-referrer" />
      <AccountBreadcrumb current={RESET_PASSWORD_TITLE} />
      <h1 className="account-page__title">{RESET_PASSWORD_TITLE}</h1>
      {bid && at ? <ResetForm key={`${bid} ${at}`} bid={bid} at={at} /> : <InvalidLink />}
    </article>
  );
}

function ForgotPasswordButton() {
  return (
    <button type="button" className="button button--secondary" onClick={() => openSignIn(SIGN_IN_PAGES.forgotPassword)}>
      Forgot Password?
    </button>
  );
}

function InvalidLink() {
  return (
    <div className="account-message account-message--error" role="alert">
      <p className="account-notice__lead">{RESET_LINK_NOT_VALID}</p>
      <p>Use the link in the latest password reset email we sent you, or ask for a new one.</p>
      <ForgotPasswordButton />
    </div>
  );
}

function ResetForm({ bid, at }: { bid: string; at: string }) {
  const rulesId = useId();
  const rememberId = useId();
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ text: string; newLink: boolean } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const failureBox = useRef<HTMLDivElement>(null);

  const problem = validatePassword(password);
  const checks = passwordChecks(password);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setAttempted(true);
    setFailure(null);
    if (problem !== null) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    let leaving = false;
    try {
      const answer = await resetPassword({ bid, at, newPassword: password, rememberMe });
      if (answer.success) {
        leaving = true;
        loadAfterSessionChange(answer.redirectUrl, ACCOUNT_HOME_PATH);
        return;
      }
      setFailure({
        text: answer.errorMessage ?? GENERIC_ERROR_MESSAGE,
        newLink: answer.reasonCode !== INVALID_INPUT_DATA,
      });
      requestAnimationFrame(() => failureBox.current?.focus());
    } catch (error) {
      setFailure({ text: failureMessage(error), newLink: false });
    } finally {
      if (!leaving) setBusy(false);
    }
  }

  return (
    <form className="account-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
      <p>Choose a new password for your account.</p>
      {failure && (
        <div ref={failureBox} tabIndex={-1} className="account-message account-message--error" role="alert">
          <p>{failure.text}</p>
          {failure.newLink && <ForgotPasswordButton />}
        </div>
      )}
      <NewPasswordField
        inputRef={input}
        value={password}
        onChange={setPassword}
        invalid={attempted && problem !== null}
        describedBy={rulesId}
      >
        <div id={rulesId} className="account-password-rules">
          <ul aria-label="Password requirements">
            {checks.map((check) => (
              <li
                key={check.id}
                className={`account-password-rules__rule account-password-rules__rule--${check.met ? 'met' : attempted ? 'error' : 'unmet'}`}
              >
                <span aria-hidden="true" className="account-password-rules__icon">
                  {check.met ? '✓' : '•'}
                </span>
                <span className="visually-hidden">{check.met ? 'Met: ' : 'Not met: '}</span>
                {check.message}
              </li>
            ))}
          </ul>
          <p className="account-password-status account-password-status--met" aria-live="polite">
            {problem === null ? MESSAGES.passwordMet : ''}
          </p>
        </div>
      </NewPasswordField>
      <p className="account-checkbox">
        <input
          id={rememberId}
          name="rememberMe"
          type="checkbox"
          checked={rememberMe}
          onChange={(e) => setRememberMe(e.target.checked)}
        />
        <label htmlFor={rememberId}>Keep me signed in</label>
      </p>
      <button type="submit" className="button account-form__submit" aria-disabled={busy || undefined}>
        {busy ? 'Saving…' : 'Reset Password'}
      </button>
    </form>
  );
}
