import { useState, type FormEvent } from 'react';
import { sendVerificationCode, type SendCodeRequest } from '../../shared/api/rewards';
import { RadioGroup } from '../../shared/ui/RadioGroup';
import { openRewardsMenu, useRewardsMenu } from '../../rewards/rewardsMenuStore';
import { showEnterCode } from '../../rewards/rewardsFlow';
import { usePendingRegistration } from '../pendingRegistration';
import { useSignInData } from '../signInData';
import { SIGN_IN_PAGES } from '../signInPanelStore';
import { useSignInFlow } from './flow';
import { Banner, StartAgain, SubmitButton, useFormCall } from './formParts';
import { GENERIC_ERROR_MESSAGE } from './texts';

type Choice = 'phone' | 'email';

/**
 * Page 3, 'Connect Rewards Account': a registration's phone and email matched two different
 * rewards accounts (answer 12, PHONE_AND_EMAIL_SEPARATE_MATCH). The visitor picks one; a code
 * goes to it (`sendverificationcode`: by phone for the account of the phone typed, by email for
 * the account of the email typed; the server finds the account from the typed values, not the
 * masked ones) and the rewards menu takes over at enter-code, the registration still pending.
 */
export function SelectAccountForm() {
  const flow = useSignInFlow();
  const matches = useSignInData((s) => s.matches);
  const pending = usePendingRegistration((s) => s.pending);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const { busy, error, setError, run } = useFormCall();

  if (!matches || !pending) {
    return (
      <StartAgain text="Please create your account again to connect your rewards account." page={SIGN_IN_PAGES.create}>
        Create Account
      </StartAgain>
    );
  }

  const typedPhone = pending.request.phoneNumber;
  const typedEmail = pending.kind === 'local' ? pending.request.emailAddress : (matches.secondEmail ?? '');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || !matches) return;
    if (choice === null) {
      setShowErrors(true);
      document.querySelector<HTMLInputElement>('.sign-in__accounts input')?.focus();
      return;
    }
    const request: SendCodeRequest =
      choice === 'phone'
        ? { verificationMethod: 'phone', phoneNumber: typedPhone }
        : { verificationMethod: 'email', email: typedEmail };
    await run(async () => {
      const answer = await sendVerificationCode(request);
      if (!answer.success) {
        setError(answer.errorMessage ?? GENERIC_ERROR_MESSAGE);
        return;
      }
      flow.handOff();
      // Enter-code with where the code went (masked as the server answered) and the session
      // id; the typed value stays the lookup key, so 'Resend code' reaches the same account.
      openRewardsMenu('enter-code', {
        ...(choice === 'phone' ? { phone: typedPhone } : { email: typedEmail }),
        redactedData: choice === 'phone' ? matches.redactedData : matches.secondRedactedData,
      });
      useRewardsMenu.setState({ lookup: choice === 'phone' ? { phoneNumber: typedPhone } : { email: typedEmail } });
      showEnterCode({
        method: choice,
        recipient: (choice === 'phone' ? (answer.phone ?? matches.phone) : (answer.email ?? matches.secondEmail)) ?? null,
        rewardsSessionId: answer.rewardsSessionId ?? null,
      });
    });
  }

  return (
    <div className="sign-in">
      <p className="sign-in__intro">
        We found two rewards accounts: one with your phone number and one with your email address. Which one would
        you like to connect? We'll send a verification code to it.
      </p>
      <form className="sign-in__form" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
        <Banner message={error} />
        <RadioGroup
          className="sign-in__accounts"
          legend="Choose your rewards account"
          name="rewardsAccount"
          required
          showErrors={showErrors}
          value={choice}
          onChange={(value) => setChoice(value as Choice)}
          options={[
            {
              value: 'phone',
              label: <AccountChoice title="Text a code to" main={matches.phone} other={matches.email} />,
            },
            {
              value: 'email',
              label: <AccountChoice title="Email a code to" main={matches.secondEmail} other={matches.secondPhone} />,
            },
          ]}
        />
        <SubmitButton busy={busy} busyLabel="Sending Code…">
          Continue
        </SubmitButton>
      </form>
    </div>
  );
}

function AccountChoice({ title, main, other }: { title: string; main: string | null; other: string | null }) {
  return (
    <span className="sign-in__account-choice">
      <span>
        {title} <strong>{main ?? 'this account'}</strong>
      </span>
      {other && <span className="sign-in__account-other">Account with {other}</span>}
    </span>
  );
}
