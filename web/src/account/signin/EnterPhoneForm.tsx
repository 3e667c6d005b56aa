import { useState } from 'react';
import { createOauthWithPhone, REASON_CODES } from '../../shared/api/account';
import { maskInputProps } from '../../shared/forms/masks';
import { useField, useForm } from '../../shared/forms/useForm';
import { compose, required, validatePhone } from '../../shared/forms/validators';
import { useSignInData } from '../signInData';
import { SIGN_IN_PAGES } from '../signInPanelStore';
import { TextField } from './CreateAccountForm';
import { useSignInFlow } from './flow';
import { handleRegistration } from './outcomes';
import { ENTER_PHONE_MESSAGE, faultText } from './texts';

/**
 * Page 4, 'Finish Signing Up': a third-party sign-in that needs an account asks for the phone
 * (required, US format) and makes the account with `createoauthwithphone`. Its answer goes on
 * as a registration's (rewards success, verification-join, select-account);
 * REWARDS_ACCOUNT_NOT_FOUND stays here.
 */
export function EnterPhoneForm() {
  const flow = useSignInFlow();
  const newAccount = useSignInData((s) => s.newAccount);
  const form = useForm();
  const phone = useField(form, {
    initialValue: '',
    validate: compose(required(), validatePhone),
    mask: 'phone',
    name: 'phoneNumber',
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async () => {
    if (busy || !newAccount) return;
    setBusy(true);
    setError(null);
    const request = {
      loginMethod: newAccount.loginMethod,
      credentialToken: newAccount.credentialToken,
      phoneNumber: phone.value,
      skipCartMerge: flow.skipCartMerge,
    };
    try {
      const answer = await createOauthWithPhone(request);
      const outcome = handleRegistration(answer, { kind: 'oauth', request }, flow);
      if (outcome.kind === 'error') {
        if (outcome.reasonCode === REASON_CODES.INVALID_INPUT_DATA && answer.errorMessage) {
          phone.setError(answer.errorMessage);
          document.getElementById(phone.id)?.focus();
        } else {
          setError(outcome.message);
        }
      }
    } catch (cause) {
      setError(faultText(cause));
    } finally {
      setBusy(false);
    }
  });

  if (!newAccount) {
    return (
      <div className="sign-in">
        <p className="sign-in__intro">Please sign in again to finish creating your account.</p>
        <button type="button" className="button" onClick={() => flow.goTo(SIGN_IN_PAGES.login)}>
          Sign In
        </button>
      </div>
    );
  }

  return (
    <div className="sign-in">
      <p className="sign-in__intro">
        {ENTER_PHONE_MESSAGE} Your phone number is also your rewards pin in our stores.
      </p>
      <form className="sign-in__form" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
        <p className="sign-in__banner" role="alert">
          {error}
        </p>
        <TextField field={phone} label="Phone Number" type="tel" autoComplete="tel-national" {...maskInputProps('phone')} />
        <button type="submit" className="button sign-in__submit" aria-disabled={busy || undefined}>
          {busy && <span className="sign-in__spinner" aria-hidden="true" />}
          {busy ? 'Creating Account…' : 'Finish Signing Up'}
        </button>
      </form>
    </div>
  );
}
