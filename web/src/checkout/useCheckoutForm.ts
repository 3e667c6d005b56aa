/**
 * The checkout form's fields and rules: contact, the shipping address (checked only while the
 * order needs one), and the card. Each rule is the shared validators', with their messages.
 */
import {
  compose,
  detectCardType,
  required,
  useField,
  useForm,
  validateCardNumber,
  validateEmail,
  validateExpiry,
  validatePhone,
  validateSecurityCode,
  validateSelect,
  validateZip,
  type Field,
  type FormApi,
} from '../shared/forms';
import type { CheckoutField, PlaceOrderRequest, ShippingAddress } from '../shared/api/checkout';

export interface CheckoutForm {
  form: FormApi;
  email: Field<string>;
  phone: Field<string>;
  firstName: Field<string>;
  lastName: Field<string>;
  address1: Field<string>;
  address2: Field<string>;
  city: Field<string>;
  state: Field<string>;
  zip: Field<string>;
  nameOnCard: Field<string>;
  cardNumber: Field<string>;
  expiry: Field<string>;
  securityCode: Field<string>;
  /** The field a request field names (a 422's `field`). */
  byName: Record<CheckoutField, Field<string>>;
  /** The request the fields make (valid only after `form.validateAll()`). */
  request: (needsShippingAddress: boolean, expectedTotalCents: number) => PlaceOrderRequest;
}

export function useCheckoutForm(needsShippingAddress: boolean): CheckoutForm {
  const form = useForm();
  // The address fields keep what was typed while the order needs no address, unchecked.
  const addressForm = needsShippingAddress ? form : null;

  const email = useField(form, { initialValue: '', validate: compose(required(), validateEmail), name: 'email', id: 'checkout-email' });
  const phone = useField(form, {
    initialValue: '',
    validate: compose(required(), validatePhone),
    mask: 'phone',
    name: 'phone',
    id: 'checkout-phone',
  });

  const firstName = useField(addressForm, { initialValue: '', validate: required(), name: 'firstName', id: 'checkout-first-name' });
  const lastName = useField(addressForm, { initialValue: '', validate: required(), name: 'lastName', id: 'checkout-last-name' });
  const address1 = useField(addressForm, { initialValue: '', validate: required(), name: 'address1', id: 'checkout-address1' });
  const address2 = useField(addressForm, { initialValue: '', name: 'address2', id: 'checkout-address2' });
  const city = useField(addressForm, { initialValue: '', validate: required(), name: 'city', id: 'checkout-city' });
  const state = useField(addressForm, { initialValue: '', validate: validateSelect, name: 'state', id: 'checkout-state' });
  const zip = useField(addressForm, {
    initialValue: '',
    validate: compose(required(), validateZip),
    mask: 'zip',
    name: 'zip',
    id: 'checkout-zip',
  });

  const nameOnCard = useField(form, { initialValue: '', validate: required(), name: 'nameOnCard', id: 'checkout-card-name' });
  const cardNumber = useField(form, {
    initialValue: '',
    validate: compose(required(), validateCardNumber),
    mask: 'card',
    name: 'cardNumber',
    id: 'checkout-card-number',
  });
  const expiry = useField(form, {
    initialValue: '',
    validate: compose(required(), (value) => validateExpiry(value)),
    mask: 'expiry',
    name: 'expiry',
    id: 'checkout-card-expiry',
  });
  // Amex has a 4-digit code, every other card 3: the rule follows the number typed.
  const cardType = detectCardType(cardNumber.value);
  const securityCode = useField(form, {
    initialValue: '',
    validate: compose(required(), (value) => validateSecurityCode(value, cardType)),
    mask: 'cvv',
    name: 'securityCode',
    id: 'checkout-card-code',
  });

  const byName: Record<CheckoutField, Field<string>> = {
    email,
    phone,
    'shippingAddress.firstName': firstName,
    'shippingAddress.lastName': lastName,
    'shippingAddress.address1': address1,
    'shippingAddress.address2': address2,
    'shippingAddress.city': city,
    'shippingAddress.state': state,
    'shippingAddress.zip': zip,
    'card.number': cardNumber,
    'card.expiry': expiry,
    'card.securityCode': securityCode,
    'card.nameOnCard': nameOnCard,
  };

  function request(needsAddress: boolean, expectedTotalCents: number): PlaceOrderRequest {
    const shippingAddress: ShippingAddress | null = needsAddress
      ? {
          firstName: firstName.value.trim(),
          lastName: lastName.value.trim(),
          address1: address1.value.trim(),
          address2: address2.value.trim(),
          city: city.value.trim(),
          state: state.value,
          zip: zip.value.trim(),
        }
      : null;
    return {
      email: email.value.trim(),
      phone: phone.value.trim(),
      shippingAddress,
      card: {
        number: cardNumber.value.trim(),
        expiry: expiry.value.trim(),
        securityCode: securityCode.value.trim(),
        nameOnCard: nameOnCard.value.trim(),
      },
      expectedTotalCents,
    };
  }

  return {
    form,
    email,
    phone,
    firstName,
    lastName,
    address1,
    address2,
    city,
    state,
    zip,
    nameOnCard,
    cardNumber,
    expiry,
    securityCode,
    byName,
    request,
  };
}
