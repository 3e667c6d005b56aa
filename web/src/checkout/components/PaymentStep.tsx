import { useId, type Ref } from 'react';
import { detectCardType, maskInputProps } from '../../shared/forms';
import { cardBrandName } from '../format';
import type { CheckoutForm } from '../useCheckoutForm';
import { AlertSlot, CheckoutStep, TextField } from './common';

/*
 * Step 3: the card. Local test cards (any future expiry, any 3-digit code, 4 for amex):
 * 4242 4242 4242 4242 approves; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has
 * insufficient funds; 4000 0000 0000 0119 can't reach the gateway; 4000 0000 0000 0077 answers
 * after about 3 s, then approves. They are for testing only and are not shown to shoppers.
 */

/**
 * Step 3: name on card, card number (grouped as typed, its brand shown), expiry (MM/YY) and
 * security code, with a payment refusal (declined, service unreachable) above them.
 */
export function PaymentStep({
  fields,
  paymentError,
  paymentErrorRef,
}: {
  fields: CheckoutForm;
  paymentError: string | null;
  paymentErrorRef: Ref<HTMLParagraphElement>;
}) {
  const brandId = useId();
  const brand = detectCardType(fields.cardNumber.value);
  return (
    <CheckoutStep number={3} title="Payment">
      <AlertSlot message={paymentError} focusRef={paymentErrorRef} className="checkout-payment-error" />
      <div className="checkout-grid">
        <TextField
          field={fields.nameOnCard}
          label="Name on card"
          className="checkout-field--wide"
          inputProps={{ autoComplete: 'cc-name', spellCheck: false }}
        />
        <TextField
          field={fields.cardNumber}
          label="Card number"
          className="checkout-field--wide"
          describedBy={brand ? brandId : undefined}
          inputProps={{ autoComplete: 'cc-number', ...maskInputProps('card') }}
          after={
            <p id={brandId} className="checkout-card-brand" data-testid="card-brand" aria-live="polite">
              {brand ? `Card type: ${cardBrandName(brand)}` : ''}
            </p>
          }
        />
        <TextField
          field={fields.expiry}
          label="Expiration date (MM/YY)"
          inputProps={{ autoComplete: 'cc-exp', placeholder: 'MM/YY', ...maskInputProps('expiry') }}
        />
        <TextField
          field={fields.securityCode}
          label="Security code"
          inputProps={{ autoComplete: 'cc-csc', ...maskInputProps('cvv') }}
        />
      </div>
    </CheckoutStep>
  );
}
