import { describe, expect, it } from 'vitest';
import {
  detectCardType,
  luhnValid,
  validateCardNumber,
  validateCardNumberLegacy,
  validateExpiry,
  validateExpiryLegacy,
  validateSecurityCode,
  type CardType,
} from './cards';

/** Well-known test numbers (all pass Luhn). */
const NUMBERS: Array<[CardType, string]> = [
  ['visa', '4111111111111111'],
  ['visa', '4222222222222'],
  ['mastercard', '5555555555554444'],
  ['mastercard', '2223003122003222'],
  ['amex', '378282246310005'],
  ['diners', '30569309025904'],
  ['discover', '6011111111111117'],
  ['jcb', '3530111333300000'],
  ['maestro', '6759649826438453'],
  ['laser', '6304000000000000'],
  ['storecard', '7000000000000005'],
];

describe('card number', () => {
  it.each(NUMBERS)('detects %s (%s) and accepts it', (type, number) => {
    expect(detectCardType(number)).toBe(type);
    expect(luhnValid(number)).toBe(true);
    expect(validateCardNumber(number)).toBeNull();
  });

  it('accepts spaces and dashes', () => {
    expect(validateCardNumber('4111 1111 1111 1111')).toBeNull();
    expect(validateCardNumber('4111-1111-1111-1111')).toBeNull();
  });

  it('rejects other characters and numbers shorter than 13 characters', () => {
    expect(validateCardNumber('4111.1111.1111.1111')).toBe('Please enter a valid credit card number.');
    expect(validateCardNumber('411111111111')).toBe('Please enter a valid credit card number.');
  });

  it('rejects a bad checksum or a bad length for the type', () => {
    expect(validateCardNumber('4111111111111112')).toBe('Please enter a valid credit card number.');
    expect(validateCardNumber('37828224631000')).toBe('Please enter a valid credit card number.');
  });

  it('rejects an unknown type', () => {
    expect(validateCardNumber('9111111111111110')).toBe(
      "We're sorry, but we do not accept this card type",
    );
    expect(detectCardType('1234')).toBeNull();
  });

  it('has the older single message', () => {
    expect(validateCardNumberLegacy('4111111111111112')).toBe('Credit card number is not valid');
    expect(validateCardNumberLegacy('9111111111111111')).toBe('Credit card number is not valid');
    expect(validateCardNumberLegacy('4111111111111111')).toBeNull();
  });
});

describe('security code', () => {
  it('is 3 digits, 4 for American Express', () => {
    expect(validateSecurityCode('123', 'visa')).toBeNull();
    expect(validateSecurityCode('12', 'visa')).toBe('Security code is a 3 digit number');
    expect(validateSecurityCode('1234', null)).toBe('Security code is a 3 digit number');
    expect(validateSecurityCode('1234', 'amex')).toBeNull();
    expect(validateSecurityCode('123', 'amex')).toBe('Security code is a 4 digit number');
  });
});

describe('card expiry', () => {
  const now = new Date(2026, 10, 22); // 22 Nov 2026

  it('checks the format, the month and the future', () => {
    expect(validateExpiry('1126', now)).toBe('Expiry date format must be MM/YY');
    expect(validateExpiry('1/27', now)).toBe('Expiry date format must be MM/YY');
    expect(validateExpiry('13/27', now)).toBe('Please enter a valid month');
    expect(validateExpiry('00/27', now)).toBe('Please enter a valid month');
    expect(validateExpiry('10/26', now)).toBe('Please enter a future date');
    expect(validateExpiry('12/25', now)).toBe('Please enter a future date');
    expect(validateExpiry('11/26', now)).toBeNull();
    expect(validateExpiry('01/27', now)).toBeNull();
  });

  it('has the older single message', () => {
    expect(validateExpiryLegacy('10/26', now)).toBe('Expiration date is invalid.');
    expect(validateExpiryLegacy('13/27', now)).toBe('Expiration date is invalid.');
    expect(validateExpiryLegacy('12/27', now)).toBeNull();
  });
});
