import { REASON_CODES, register, type RegisterRequest } from '../../shared/api/account';
import { maskInputProps } from '../../shared/forms/masks';
import { MESSAGES } from '../../shared/forms/messages';
import { PASSWORD_MAX_LENGTH, validatePasswordGeneric } from '../../shared/forms/password';
import { useField, useForm, type Field } from '../../shared/forms/useForm';
import { compose, maxLength, required, validateEmail, validatePhone } from '../../shared/forms/validators';
import { SIGN_IN_PAGES } from '../signInPanelStore';
import { useSignInFlow } from './flow';
import { Banner, PasswordField, SubmitButton, SwitchTo, TextField, useFormCall } from './formParts';
import { handleRegistration } from './outcomes';
import { PasswordRequirements } from './PasswordRequirements';
import { ThirdPartyButtons } from './ThirdPartyButtons';

/** The longest first or last name the server keeps. */
export const NAME_MAX_LENGTH = 50;

const PASSWORD_MESSAGES: ReadonlySet<string> = new Set([
  MESSAGES.passwordLowercase,
  MESSAGES.passwordUppercase,
  MESSAGES.passwordLength,
  MESSAGES.passwordNumber,
]);

/**
 * Page 1, 'Create Rewards Account' (spec §3 "Create account", §5): names, email, phone (US
 * mask), password with its rules shown live, 'Save login'. All required, formats checked, the
 * first error focused on submit. The answer's rewards reason codes go on as `handleRegistration`
 * says.
 */
export function CreateAccountForm() {
  const flow = useSignInFlow();
  const form = useForm();
  const firstName = useField(form, {
    initialValue: '',
    validate: compose(required(), maxLength(NAME_MAX_LENGTH)),
    name: 'firstName',
  });
  const lastName = useField(form, {
    initialValue: '',
    validate: compose(required(), maxLength(NAME_MAX_LENGTH)),
    name: 'lastName',
  });
  const email = useField(form, { initialValue: '', validate: compose(required(), validateEmail), name: 'emailAddress' });
  const phone = useField(form, {
    initialValue: '',
    validate: compose(required(), validatePhone),
    mask: 'phone',
    name: 'phoneNumber',
  });
  const password = useField(form, {
    initialValue: '',
    validate: compose(required(), validatePasswordGeneric),
    name: 'password',
  });
  const saveLogin = useField<boolean>(null, { initialValue: false, name: 'saveLogin' });
  const { busy, error, setError, run } = useFormCall();
  const requirementsId = `${password.id}-requirements`;

  /** A refused field's message goes under the field; anything else in the banner. */
  function showError(message: string, reasonCode: number | null) {
    let field: Field<string> | null = null;
    if (reasonCode === REASON_CODES.INVALID_INPUT_DATA) {
      if (PASSWORD_MESSAGES.has(message) || message.startsWith('Password')) field = password;
      else if (message === MESSAGES.email) field = email;
      else if (message === MESSAGES.phone) field = phone;
    }
    if (field) {
      field.setError(message);
      document.getElementById(field.id)?.focus();
    } else {
      setError(message);
    }
  }

  const onSubmit = form.handleSubmit(() =>
    run(async () => {
      const request: RegisterRequest = {
        firstName: firstName.value.trim(),
        lastName: lastName.value.trim(),
        emailAddress: email.value.trim(),
        phoneNumber: phone.value,
        password: password.value,
        saveLogin: saveLogin.value,
      };
      const answer = await register(request);
      const outcome = handleRegistration(answer, { kind: 'local', request }, flow);
      if (outcome.kind === 'error') showError(outcome.message, outcome.reasonCode);
    }),
  );

  return (
    <div className="sign-in">
      <p className="sign-in__intro">
        Earn 1 point for every $1 spent, a $25 gift card for every 2,500 points, and special deals. Your phone
        number is your rewards pin in our stores.
      </p>
      <form className="sign-in__form" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
        <Banner message={error} />
        <div className="sign-in__pair">
          <TextField field={firstName} label="First Name" autoComplete="given-name" maxLength={NAME_MAX_LENGTH} />
          <TextField field={lastName} label="Last Name" autoComplete="family-name" maxLength={NAME_MAX_LENGTH} />
        </div>
        <TextField field={email} label="Email Address" type="email" autoComplete="email" />
        <TextField field={phone} label="Phone Number" type="tel" autoComplete="tel-national" {...maskInputProps('phone')} />
        <PasswordField
          field={password}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          describedBy={requirementsId}
        >
          <PasswordRequirements id={requirementsId} password={password.value} />
        </PasswordField>
        <label className="sign-in__checkbox">
          <input {...saveLogin.checkboxProps} />
          Save login
        </label>
        <SubmitButton busy={busy} busyLabel="Creating Account…">
          Create Account
        </SubmitButton>
      </form>
      <ThirdPartyButtons purpose="signup" />
      <SwitchTo page={SIGN_IN_PAGES.login} prompt="Already have an account?">
        Sign In
      </SwitchTo>
    </div>
  );
}
