import { compose, maskInputProps, required, useField, useForm, validatePhone } from '../../shared/forms';
import { joinByPhone, showConnect } from '../rewardsFlow';
import { useRewardsMenu } from '../rewardsMenuStore';
import { EMAIL_LINKED_TEXT } from '../rewardsText';
import { CustomerServiceLink, LinkButton, MenuField, SubmitButton } from './common';

/** Join: a phone number (required and valid), submit, and the way to connect instead. */
export function JoinStep() {
  const emailAlreadyLinked = useRewardsMenu((s) => s.emailAlreadyLinked);
  const form = useForm();
  const phone = useField(form, { initialValue: '', mask: 'phone', validate: compose(required(), validatePhone) });

  return (
    <div className="rewards-menu__step">
      {emailAlreadyLinked ? (
        <p className="rewards-menu__notice">
          {EMAIL_LINKED_TEXT[0]}
          <CustomerServiceLink />
          {EMAIL_LINKED_TEXT[1]}
        </p>
      ) : (
        <>
          <p className="rewards-menu__lead">
            Join free with your phone number. It is also your rewards pin at the register in our stores.
          </p>
          <form className="rewards-menu__form" noValidate onSubmit={form.handleSubmit(() => joinByPhone(phone.value))}>
            <MenuField
              field={phone}
              label="Phone Number"
              type="tel"
              autoComplete="tel-national"
              {...maskInputProps('phone')}
            />
            <SubmitButton busyText="Joining…">Join Rewards</SubmitButton>
          </form>
        </>
      )}
      <p className="rewards-menu__switch">
        Already a rewards member? <LinkButton onClick={showConnect}>Connect</LinkButton>
      </p>
    </div>
  );
}
