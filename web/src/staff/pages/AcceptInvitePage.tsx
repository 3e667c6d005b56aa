import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { forgetAntiForgeryToken } from '../../shared/api/antiforgery';
import { NetworkError } from '../../shared/api/client';
import {
  compose,
  FieldError,
  FieldLabel,
  maskInputProps,
  required,
  useField,
  useForm,
  validateEmail,
  validatePassword,
  validatePhone,
  type Field,
} from '../../shared/forms';
import { GENERIC_ERROR_MESSAGE } from '../../shared/ui/errors';
import { acceptInvitation, type AcceptInvitationRequest } from '../api/invitation';
import { StaffPageTitle } from '../components/StaffLayout';
import { signInUrl, STAFF_HOME } from '../paths';
import { useStaffSession } from '../session';

export const INCOMPLETE_LINK_MESSAGE =
  'This invitation link is incomplete. Please open the link in your invitation email again.';

/**
 * /staff/accept-invite/?id=…&token=… (no staff role needed): the invited person accepts with
 * the address the invitation went to. Someone signed in accepts for that account; a guest
 * creates an account here (names, password, phone) or signs in to theirs first and comes back.
 * Success signs this browser in with the roles and goes to the console's home.
 */
export function AcceptInvitePage() {
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const id = params.get('id')?.trim() ?? '';
  const token = params.get('token')?.trim() ?? '';
  const session = useStaffSession((s) => s.session);
  const load = useStaffSession((s) => s.load);

  // Whether this browser is signed in to an account: 401 is a guest; 403 (no staff role) or
  // 200 is signed in.
  useEffect(() => {
    if (id && token) void load();
  }, [id, token, load]);

  const here = `${pathname}${search}`;
  let content;
  if (!id || !token) {
    content = (
      <p role="alert" className="staff-error">
        {INCOMPLETE_LINK_MESSAGE}
      </p>
    );
  } else if (session.status === 'loading') {
    content = (
      <p role="status" className="page-loading">
        Loading…
      </p>
    );
  } else {
    const signedIn = session.status === 'ready' || session.status === 'forbidden';
    content = <AcceptForm key={String(signedIn)} id={id} token={token} signedIn={signedIn} here={here} />;
  }
  return (
    <div className="accept-invite">
      <StaffPageTitle title="Accept your invitation" />
      <p>You are invited to the Storefront staff. Accept the invitation with the email address it was sent to.</p>
      {content}
    </div>
  );
}

function TextField({
  field,
  label,
  type = 'text',
  autoComplete,
  hint,
  extra,
}: {
  field: Field<string>;
  label: string;
  type?: string;
  autoComplete: string;
  hint?: string;
  extra?: ReturnType<typeof maskInputProps>;
}) {
  const hintId = `${field.id}-hint`;
  const describedBy = [hint ? hintId : null, field.inputProps['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return (
    <div className="staff-form__field">
      <FieldLabel htmlFor={field.id} required>
        {label}
      </FieldLabel>
      {hint && (
        <p id={hintId} className="staff-field__hint">
          {hint}
        </p>
      )}
      <input
        {...field.inputProps}
        {...extra}
        aria-describedby={describedBy}
        type={type}
        autoComplete={autoComplete}
        className="staff-input"
      />
      <FieldError id={field.errorId} message={field.error} />
    </div>
  );
}

function AcceptForm({ id, token, signedIn, here }: { id: string; token: string; signedIn: boolean; here: string }) {
  const navigate = useNavigate();
  const reset = useStaffSession((s) => s.reset);
  const form = useForm();
  // A signed-in person accepts with the address alone: the new account's fields are not asked.
  const newAccount = signedIn ? null : form;
  const email = useField(form, { initialValue: '', validate: compose(required(), validateEmail), name: 'emailAddress' });
  const firstName = useField(newAccount, { initialValue: '', validate: required(), name: 'firstName' });
  const lastName = useField(newAccount, { initialValue: '', validate: required(), name: 'lastName' });
  const password = useField(newAccount, {
    initialValue: '',
    validate: compose(required(), validatePassword),
    name: 'password',
  });
  const phone = useField(newAccount, {
    initialValue: '',
    validate: compose(required(), validatePhone),
    mask: 'phone',
    name: 'phoneNumber',
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const request: AcceptInvitationRequest = { id, token, emailAddress: email.value.trim() };
    if (!signedIn) {
      request.firstName = firstName.value.trim();
      request.lastName = lastName.value.trim();
      request.password = password.value;
      request.phoneNumber = phone.value;
    }
    try {
      const answer = await acceptInvitation(request);
      if (answer.success) {
        // Signed in anew: a new session, its own token, its roles.
        forgetAntiForgeryToken();
        reset();
        void navigate(STAFF_HOME, { replace: true });
        return;
      }
      setError(answer.errorMessage);
    } catch (failure) {
      setError(failure instanceof NetworkError && failure.serverMessage ? failure.serverMessage : GENERIC_ERROR_MESSAGE);
    }
    setBusy(false);
  });

  return (
    <form className="staff-form" aria-label="Accept the invitation" onSubmit={onSubmit} noValidate>
      {signedIn ? (
        <p>
          You are signed in: accepting adds the staff role to this account. Not your account?{' '}
          <a href={`/account/logout/?refUrl=${encodeURIComponent(here)}`}>Sign out</a>
        </p>
      ) : (
        <p>
          If you already have an account, sign in first. <a href={signInUrl(here)}>Sign in</a>
        </p>
      )}
      <TextField field={email} label="Email address" type="email" autoComplete="email" />
      {!signedIn && (
        <fieldset className="staff-form__group">
          <legend>Your new account</legend>
          <TextField field={firstName} label="First name" autoComplete="given-name" />
          <TextField field={lastName} label="Last name" autoComplete="family-name" />
          <TextField
            field={password}
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="8 to 100 characters, with a lowercase letter, an uppercase letter and a number."
          />
          <TextField
            field={phone}
            label="Phone number"
            type="tel"
            autoComplete="tel"
            extra={maskInputProps('phone')}
          />
        </fieldset>
      )}
      {error && (
        <p role="alert" className="staff-error">
          {error}
        </p>
      )}
      <button type="submit" className="button" aria-disabled={busy || undefined}>
        {busy ? 'Accepting…' : 'Accept invitation'}
      </button>
    </form>
  );
}
