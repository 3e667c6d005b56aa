import { maskInputProps } from '../../shared/forms';
import type { CheckoutForm } from '../useCheckoutForm';
import { CheckoutStep, TextField } from './common';

/** Step 1: the email the confirmation goes to and a phone number. */
export function ContactStep({ fields }: { fields: CheckoutForm }) {
  return (
    <CheckoutStep number={1} title="Contact">
      <p className="checkout-step__intro" id="checkout-contact-intro">
        We'll send your order confirmation to this email address.
      </p>
      <div className="checkout-grid">
        <TextField
          field={fields.email}
          label="Email address"
          describedBy="checkout-contact-intro"
          inputProps={{ type: 'email', autoComplete: 'email', spellCheck: false }}
        />
        <TextField
          field={fields.phone}
          label="Phone number"
          inputProps={{ type: 'tel', autoComplete: 'tel-national', placeholder: '(555) 555-5555', ...maskInputProps('phone') }}
        />
      </div>
    </CheckoutStep>
  );
}
