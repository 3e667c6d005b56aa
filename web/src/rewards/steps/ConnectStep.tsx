import { useState, type FormEvent } from 'react';
import {
  FieldError,
  FieldLabel,
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
import { LinkButton, SubmitButton } from './common';

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
  const describedBy = (field: { errorId: string; error: string | null }) =>
    [field.error ? field.errorId : null, piece ? pieceId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className="rewards-menu__step">
      <p className="rewards-menu__lead">
        Find your Rewards Account with the phone number, email or rewards number it was opened with. Please fill in
        one of them.
      </p>
      <form className="rewards-menu__form" noValidate onSubmit={onSubmit}>
        <div className="rewards-menu__field">
          <FieldLabel htmlFor={phone.id} required={false}>
            Phone Number
          </FieldLabel>
          <input
            className="rewards-menu__input"
            type="tel"
            autoComplete="tel-national"
            {...maskInputProps('phone')}
            {...phone.inputProps}
            aria-describedby={describedBy(phone)}
          />
          <FieldError id={phone.errorId} message={phone.error} />
        </div>
        <p className="rewards-menu__or" aria-hidden="true">
          or
        </p>
        <div className="rewards-menu__field">
          <FieldLabel htmlFor={email.id} required={false}>
            Email
          </FieldLabel>
          <input
            className="rewards-menu__input"
            type="email"
            autoComplete="email"
            maxLength={254}
            {...email.inputProps}
            aria-describedby={describedBy(email)}
          />
          <FieldError id={email.errorId} message={email.error} />
        </div>
        <p className="rewards-menu__or" aria-hidden="true">
          or
        </p>
        <div className="rewards-menu__field">
          <FieldLabel htmlFor={rewardsNumber.id} required={false}>
            Rewards Number
          </FieldLabel>
          <input
            className="rewards-menu__input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={REWARDS_NUMBER_LENGTH}
            {...rewardsNumber.inputProps}
            aria-describedby={describedBy(rewardsNumber)}
          />
          <FieldError id={rewardsNumber.errorId} message={rewardsNumber.error} />
        </div>
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
