import { useState } from 'react';
import {
  compose,
  REWARDS_NUMBER_LENGTH,
  required,
  useField,
  useForm,
  validateRewardsNumber,
  validateVerificationCode,
  VERIFICATION_CODE_LENGTH,
} from '../../shared/forms';
import { confirmCode, linkWithRewardsNumber, sendCode } from '../rewardsFlow';
import { useRewardsMenu, type CodeRequest } from '../rewardsMenuStore';
import { RESEND_TEXT } from '../rewardsText';
import { digitsMask } from './ConnectStep';
import { LinkButton, MenuField, SkipLink, SubmitButton } from './common';

const codeMask = digitsMask(VERIFICATION_CODE_LENGTH);
const numberMask = digitsMask(REWARDS_NUMBER_LENGTH);

/**
 * Enter-code: the 6-digit code that was sent (with 'Resend code'), or the 13-digit rewards
 * number when verifying by number; submit, and skip connecting rewards.
 */
export function EnterCodeStep() {
  const code = useRewardsMenu((s) => s.code);
  const byNumber = !code || code.method === 'rewardsNumber';
  return (
    <div className="rewards-menu__step">
      {byNumber ? <RewardsNumberForm /> : <CodeForm code={code} />}
      <SkipLink always />
    </div>
  );
}

function CodeForm({ code }: { code: CodeRequest }) {
  const busy = useRewardsMenu((s) => s.busy);
  const error = useRewardsMenu((s) => s.error);
  const form = useForm();
  const field = useField(form, {
    initialValue: '',
    mask: codeMask,
    validate: compose(required(), validateVerificationCode),
  });
  const [resent, setResent] = useState(false);

  const resend = async () => {
    setResent(false);
    await sendCode(code.method);
    const { error: failed, step } = useRewardsMenu.getState();
    if (!failed && step === 'enter-code') {
      setResent(true);
      field.reset('');
    }
  };

  const where = code.method === 'email' ? 'email' : 'phone';
  return (
    <>
      <p className="rewards-menu__lead">
        We sent a 6-digit verification code to{' '}
        {code.recipient ? <span className="rewards-menu__masked">{code.recipient}</span> : `your ${where}`}. It
        expires in 10 minutes.
      </p>
      <form className="rewards-menu__form" noValidate onSubmit={form.handleSubmit(() => confirmCode(field.value))}>
        <MenuField
          field={field}
          label="Verification Code"
          className="rewards-menu__input--code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={VERIFICATION_CODE_LENGTH}
        />
        <SubmitButton busyText="Verifying…">Verify</SubmitButton>
      </form>
      <p className="rewards-menu__switch">
        Didn&apos;t get it?{' '}
        <LinkButton onClick={() => void resend()} disabled={busy}>
          {RESEND_TEXT}
        </LinkButton>
      </p>
      <p className="rewards-menu__status" role="status">
        {resent && !error ? `We sent a new code to ${code.recipient ?? `your ${where}`}.` : ''}
      </p>
    </>
  );
}

function RewardsNumberForm() {
  const form = useForm();
  const field = useField(form, {
    initialValue: '',
    mask: numberMask,
    validate: compose(required(), validateRewardsNumber),
  });
  return (
    <>
      <p className="rewards-menu__lead">
        Enter the 13-digit rewards number printed on your rewards card or on a store receipt.
      </p>
      <form
        className="rewards-menu__form"
        noValidate
        onSubmit={form.handleSubmit(() => linkWithRewardsNumber(field.value))}
      >
        <MenuField
          field={field}
          label="Rewards Number"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          pattern="[0-9]*"
          maxLength={REWARDS_NUMBER_LENGTH}
        />
        <SubmitButton busyText="Connecting…">Connect Account</SubmitButton>
      </form>
    </>
  );
}
