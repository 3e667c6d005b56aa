import { createOauthWithPhone, REASON_CODES } from '../../shared/api/account';
import { maskInputProps } from '../../shared/forms/masks';
import { useField, useForm } from '../../shared/forms/useForm';
import { compose, required, validatePhone } from '../../shared/forms/validators';
import { useSignInData } from '../signInData';
import { SIGN_IN_PAGES } from '../signInPanelStore';
import { useSignInFlow } from './flow';
import { Banner, StartAgain, SubmitButton, TextField, useFormCall } from './formParts';
import { handleRegistration } from './outcomes';
import { ENTER_PHONE_MESSAGE } from './texts';

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
  const { busy, error, setError, run } = useFormCall();

  const onSubmit = form.handleSubmit(async () => {
    if (!newAccount) return;
    await run(async () => {
      const request = {
        loginMethod: newAccount.loginMethod,
        credentialToken: newAccount.credentialToken,
        phoneNumber: phone.value,
        skipCartMerge: flow.skipCartMerge,
      };
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
    });
  });

  if (!newAccount) {
    return (
      <StartAgain text="Please sign in again to finish creating your account." page={SIGN_IN_PAGES.login}>
        Sign In
      </StartAgain>
    );
  }

  return (
    <div className="sign-in">
      <p className="sign-in__intro">
        {ENTER_PHONE_MESSAGE} Your phone number is also your rewards pin in our stores.
      </p>
      <form className="sign-in__form" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
        <Banner message={error} />
        <TextField field={phone} label="Phone Number" type="tel" autoComplete="tel-national" {...maskInputProps('phone')} />
        <SubmitButton busy={busy} busyLabel="Creating Account…">
          Finish Signing Up
        </SubmitButton>
      </form>
    </div>
  );
}
