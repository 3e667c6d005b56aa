import { useRef, useState } from 'react';
import { authenticate } from '../../shared/api/account';
import { compose, required, validateEmail } from '../../shared/forms/validators';
import { useField, useForm } from '../../shared/forms/useForm';
import { signInWithPasskey, passkeysSupported } from '../passkey';
import { SIGN_IN_PAGES } from '../signInPanelStore';
import { Captcha, type CaptchaHandle } from './Captcha';
import { useSignInFlow } from './flow';
import { Banner, PasswordField, SubmitButton, SwitchTo, TextField, useFormCall } from './formParts';
import {
  CAPTCHA_FAILED_MESSAGE,
  CAPTCHA_INCOMPLETE_MESSAGE,
  CAPTCHA_REQUIRED_MESSAGE,
  INVALID_LOGIN_MESSAGE,
  updatePasswordUrl,
} from './texts';
import { ThirdPartyButtons } from './ThirdPartyButtons';

/**
 * Page 0, 'Sign In' (spec §3 "Sign-in", §5): email and password, 'Save login', the captcha
 * once the server asks for it (reset after each failed attempt), passkeys, third parties.
 * A failure shows the server's words and clears the password.
 */
export function SignInForm() {
  const flow = useSignInFlow();
  const form = useForm();
  const email = useField(form, { initialValue: '', validate: compose(required(), validateEmail), name: 'userName' });
  const password = useField(form, { initialValue: '', validate: required(), name: 'password' });
  const saveLogin = useField<boolean>(null, { initialValue: false, name: 'saveLogin' });
  const { busy, setError, error, run } = useFormCall();
  /** 0: no captcha; then a new captcha (a new challenge) for each number. */
  const [captchaRound, setCaptchaRound] = useState(0);
  const captcha = useRef<CaptchaHandle>(null);
  const [canUsePasskeys] = useState(passkeysSupported);

  function failed(message: string, needCaptcha: boolean) {
    setError(message);
    password.reset('');
    document.getElementById(password.id)?.focus();
    if (needCaptcha || captchaRound > 0) setCaptchaRound((round) => round + 1);
  }

  const onSubmit = form.handleSubmit(() =>
    run(
      async () => {
        let captchaAnswer: string | null = null;
        if (captchaRound > 0) {
          captchaAnswer = (await captcha.current?.response()) ?? null;
          if (captchaAnswer === null) {
            setError(CAPTCHA_INCOMPLETE_MESSAGE);
            return;
          }
        }
        const answer = await authenticate({
          userName: email.value.trim(),
          password: password.value,
          saveLogin: saveLogin.value,
          skipCartMerge: flow.skipCartMerge,
          hasCaptcha: captchaAnswer !== null,
          captcha: captchaAnswer,
        });
        if (answer.success) {
          if (answer.passwordChangeRequired) {
            flow.leaveTo(updatePasswordUrl(answer.redirectUrl, flow.destination()), answer.headerJson);
          } else {
            flow.complete(answer.headerJson);
          }
          return;
        }
        const fallback = answer.captchaFailed
          ? CAPTCHA_FAILED_MESSAGE
          : answer.captchaRequired
            ? CAPTCHA_REQUIRED_MESSAGE
            : INVALID_LOGIN_MESSAGE;
        failed(answer.errorMessage ?? fallback, answer.captchaRequired || answer.captchaFailed);
      },
      // A captcha answer is accepted once: a new one for the next try.
      (message) => failed(message, false),
    ),
  );

  const onPasskey = () =>
    run(async () => {
      const answer = await signInWithPasskey(saveLogin.value);
      if (answer === null) return;
      if (answer.success) flow.complete(answer.headerJson);
      else setError(answer.errorMessage ?? INVALID_LOGIN_MESSAGE);
    });

  return (
    <div className="sign-in">
      <form className="sign-in__form" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
        <Banner message={error} />
        <TextField field={email} label="Email Address" type="email" autoComplete="username" spellCheck={false} />
        <PasswordField field={password} autoComplete="current-password" />
        {captchaRound > 0 && (
          <Captcha key={captchaRound} ref={captcha} />
        )}
        <div className="sign-in__row">
          <label className="sign-in__checkbox">
            <input {...saveLogin.checkboxProps} />
            Save login
          </label>
          <button type="button" className="sign-in__link-button" onClick={() => flow.goTo(SIGN_IN_PAGES.forgotPassword)}>
            Forgot Password?
          </button>
        </div>
        <SubmitButton busy={busy} busyLabel="Signing In…">
          Sign In
        </SubmitButton>
      </form>
      {canUsePasskeys && (
        <button type="button" className="button button--secondary sign-in__passkey" onClick={onPasskey} disabled={busy}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm0 2c-3.3 0-7 1.6-7 4v2h11.1a6 6 0 0 1-.1-1c0-1.9.9-3.6 2.3-4.7A13 13 0 0 0 9 13Zm12.7 2.3a3.5 3.5 0 1 0-4.2 3.4V22l1.5 1 1.5-1-1-1 1-1-1-1v-.3a3.5 3.5 0 0 0 2.2-3.4Zm-3.5-.8a1 1 0 1 1 0-2 1 1 0 0 1 0 2Z"
            />
          </svg>
          Sign in with a passkey
        </button>
      )}
      <ThirdPartyButtons purpose="signin" />
      <SwitchTo page={SIGN_IN_PAGES.create} prompt="New here? Create an account to track orders and earn rewards.">
        Create Account
      </SwitchTo>
    </div>
  );
}
