import type { SignInPage } from '../signInPanelStore';
import { CreateAccountForm } from './CreateAccountForm';
import { EnterPhoneForm } from './EnterPhoneForm';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { SelectAccountForm } from './SelectAccountForm';
import { SignInForm } from './SignInForm';
import './SignIn.css';

/** The body of one sign-in page (spec §2.2 numbering), in the panel or on /account/login/. */
export function SignInPageBody({ page }: { page: SignInPage }) {
  return (
    <div className="sign-in-page-body" data-page={page}>
      {page === 0 && <SignInForm />}
      {page === 1 && <CreateAccountForm />}
      {page === 2 && <ForgotPasswordForm />}
      {page === 3 && <SelectAccountForm />}
      {page === 4 && <EnterPhoneForm />}
    </div>
  );
}
