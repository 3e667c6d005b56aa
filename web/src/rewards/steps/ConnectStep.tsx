import { useState, type FormEvent } from 'react';
import {
  maskInputProps,
  REWARDS_NUMBER_LENGTH,
  useField,
  useForm,
  validateEmail,
  validateOnePieceOfInformation,
  validatePhone,
  validateRewardsNumber,
} from '../../shared/forms';
import { lookUpRewards, showJoin } from '../rewardsFlow';
import { useRewardsMenu } from '../rewardsMenuStore';
import { NO_PIECE_MESSAGE } from '../rewardsText';
import { LinkButton, MenuField, SubmitButton } from './common';

/** Digits only, at most `max`. */
export function digitsMask(max: number): (value: string) => string {
  return (value) => value.replace(/\D/g, '').slice(0, max);
}

const rewardsNumberMask = digitsMask(REWARDS_NUMBER_LENGTH);

/** The form-level message: one piece of information, and at least one. */
function pieceMessage(values: readonly string[]): string | null {
  if (values.every((v) => v.trim() === '')) return NO_PIECE_MESSAGE;
  return validateOnePieceOfInformation(values);
}

/**
 * Connect (rewards account lookup): phone, email (prefilled with the customer's) or rewards
 * number, exactly one of them (spec §5).
 */
export function ConnectStep() {
  const customerEmail = useRewardsMenu((s) => s.customerEmail);
  const form = useForm();
  const phone = useField(form, { initialValue: '', mask: 'phone', validate: validatePhone });
  const email = useField(form, { initialValue: customerEmail ?? '', validate: validateEmail });
  const rewardsNumber = useField(form, { initialValue: '', mask: rewardsNumberMask, validate: validateRewardsNumber });
  const [submitted, setSubmitted] = useState(false);

  const values = [phone.value, email.value, rewardsNumber.value];
  // Shown from the first submit on, and cleared as soon as the fields say one thing.
  const piece = submitted ? pieceMessage(values) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!form.validateAll()) return;
    if (pieceMessage(values) !== null) {
      const filled = [phone, email, rewardsNumber].find((f) => f.value.trim() !== '');
      document.getElementById((filled ?? phone).id)?.focus();
      return;
    }
    void lookUpRewards({ phoneNumber: phone.value, email: email.value, rewardsNumber: rewardsNumber.value });
  };

  const pieceId = `${phone.id}-piece`;
  // Each field is optional; the form's message describes all three.
  const optional = { required: false, describedBy: piece ? pieceId : null };
  const or = (
    <p className="rewards-menu__or" aria-hidden="true">
      or
    </p>
  );

  return (
    <div className="rewards-menu__step">
      <p className="rewards-menu__lead">
        Find your Rewards Account with the phone number, email or rewards number it was opened with. Please fill in
        one of them.
      </p>
      <form className="rewards-menu__form" noValidate onSubmit={onSubmit}>
        <MenuField
          {...optional}
          field={phone}
          label="Phone Number"
          type="tel"
          autoComplete="tel-national"
          {...maskInputProps('phone')}
        />
        {or}
        <MenuField {...optional} field={email} label="Email" type="email" autoComplete="email" maxLength={254} />
        {or}
        <MenuField
          {...optional}
          field={rewardsNumber}
          label="Rewards Number"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={REWARDS_NUMBER_LENGTH}
        />
        <div aria-live="polite">
          {piece && (
            <p id={pieceId} className="form-error rewards-menu__piece">
              {piece}
            </p>
          )}
        </div>
        <SubmitButton busyText="Searching…">Find My Account</SubmitButton>
      </form>
      <p className="rewards-menu__switch">
        Not a member yet? <LinkButton onClick={showJoin}>Join Rewards</LinkButton>
      </p>
    </div>
  );
}
