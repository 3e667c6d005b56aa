import { useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  REAUTHENTICATION_REQUIRED,
  updatePassword,
} from '../../shared/api/accountPages';
import { isLocalUrl, passwordStatus, validatePassword } from '../../shared/forms';
import { GENERIC_ERROR_MESSAGE } from '../../shared/ui/errors';
import { useSession } from '../../session';
import {
  ACCOUNT_HOME_PATH,
  ACCOUNT_HOME_TITLE,
  AccountBreadcrumb,
  AccountPageHead,
  failureMessage,
  loadAfterSessionChange,
  SignInButton,
  SignInRequired,
} from './common';
import { NewPasswordField } from './NewPasswordField';

export const UPDATE_PASSWORD_TITLE = 'Update Your Password';
export const UPDATE_PASSWORD_PATH = '/account/update-password/';

/**
 * /account/update-password/?refUrl=…, where a sign-in that needs a new password lands
 * (spec 2.1): one new-password field with one message under it, and the destination in a
 * hidden `refUrl` field (local paths only). Success signs the browser in again: the next
 * page is a full load of `refUrl`, else /account/.
 */
export function UpdatePasswordPage() {
  const [params] = useSearchParams();
  const ref = params.get('refUrl');
  const refUrl = isLocalUrl(ref) ? ref : '';
  const guest = useSession((s) => s.status === 'success' && !s.loggedIn);
  return (
    <article className="account-page account-page--narrow">
      <AccountPageHead title={UPDATE_PASSWORD_TITLE} />
      <AccountBreadcrumb trail={[{ label: ACCOUNT_HOME_TITLE, href: ACCOUNT_HOME_PATH }]} current={UPDATE_PASSWORD_TITLE} />
      <h1 className="account-page__title">{UPDATE_PASSWORD_TITLE}</h1>
      {guest ? <SignInRequired message="Please sign in to change your password." /> : <UpdatePasswordForm refUrl={refUrl} />}
    </article>
  );
}

function UpdatePasswordForm({ refUrl }: { refUrl: string }) {
  const messageId = useId();
  const [password, setPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ text: string; signInAgain: boolean } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const invalid = validatePassword(password) !== null;
  // The one message under the field: the next rule to meet, or 'Password requirements met.'
  const message = passwordStatus(password);
  const showAsError = invalid && (attempted || password !== '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setAttempted(true);
    setFailure(null);
    if (invalid) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    let leaving = false;
    try {
      const answer = await updatePassword({ newPassword: password, refUrl: refUrl || null });
      if (answer.success) {
        leaving = true;
        loadAfterSessionChange(refUrl || answer.redirectUrl, ACCOUNT_HOME_PATH);
        return;
      }
      setFailure({
        text: answer.errorMessage ?? GENERIC_ERROR_MESSAGE,
        // An old sign-in (13), or a session that ended: signing in again lets the change through.
        signInAgain: answer.reasonCode === REAUTHENTICATION_REQUIRED || !useSession.getState().loggedIn,
      });
    } catch (error) {
      setFailure({ text: failureMessage(error), signInAgain: false });
    } finally {
      if (!leaving) setBusy(false);
    }
  }

  return (
    <form className="account-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
      <p>For your security, please choose a new password for your account.</p>
      {failure && (
        <div className="account-message account-message--error" role="alert">
          <p>{failure.text}</p>
          {failure.signInAgain && <SignInButton className="button button--secondary" />}
        </div>
      )}
      <input type="hidden" name="refUrl" value={refUrl} />
      <NewPasswordField
        inputRef={input}
        value={password}
        onChange={setPassword}
        invalid={showAsError}
        describedBy={messageId}
      >
        <p
          id={messageId}
          className={`account-password-status account-password-status--${invalid ? (showAsError ? 'error' : 'hint') : 'met'}`}
          aria-live="polite"
        >
          {message}
        </p>
      </NewPasswordField>
      <button type="submit" className="button account-form__submit" aria-disabled={busy || undefined}>
        {busy ? 'Updating…' : 'Update Password'}
      </button>
    </form>
  );
}
