import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  OPTIONAL_LABEL,
  REQUIRED_LABEL,
  exactLengthMessage,
  maxLengthMessage,
  minLengthMessage,
} from './messages';
import {
  BAD_EMAIL_ENDINGS,
  MISTYPED_EMAIL_HOSTS,
  compose,
  exactLength,
  isValidEmail,
  maxLength,
  minLength,
  parseCurrency,
  required,
  validateCheckbox,
  validateCurrency,
  validateEmail,
  validateNumber,
  validateOnePieceOfInformation,
  validatePhone,
  validatePhoneLegacy,
  validateRadio,
  validateRewardsNumber,
  validateSelect,
  validateVerificationCode,
  validateZip,
} from './validators';
import { characterCount, maxCharacters } from './textarea';
import {
  passwordChecks,
  passwordStatus,
  validatePassword,
  validatePasswordGeneric,
} from './password';
import { normalizeRange } from './format';
import { isLocalUrl, safeLocalRedirect } from './redirect';

describe('messages (word for word)', () => {
  it('has every fixed message of the spec', () => {
    expect(MESSAGES).toMatchObject({
      required: 'This field is required.',
      checkboxRequired: 'This box must be checked.',
      selectRequired: 'Please make a selection.',
      radioRequired: 'Please make a selection',
      email: 'Please enter a valid email address.',
      phone: 'Please enter a valid 10-digit phone number.',
      phoneLegacy: 'Please specify a valid phone number',
      zip: 'Please enter a valid ZIP code.',
      number: 'Please enter a valid number.',
      currency: 'Please enter a valid dollar amount.',
      expiryFormat: 'Expiry date format must be MM/YY',
      expiryMonth: 'Please enter a valid month',
      expiryPast: 'Please enter a future date',
      expiryLegacy: 'Expiration date is invalid.',
      cardNumber: 'Please enter a valid credit card number.',
      cardType: "We're sorry, but we do not accept this card type",
      cardNumberLegacy: 'Credit card number is not valid',
      securityCode3: 'Security code is a 3 digit number',
      securityCode4: 'Security code is a 4 digit number',
      passwordLowercase: 'Password requires at least 1 lowercase character.',
      passwordUppercase: 'Password requires at least 1 uppercase character.',
      passwordLength: 'Password must be 8 characters long.',
      passwordNumber: 'Password requires at least 1 number.',
      passwordMet: 'Password requirements met.',
      passwordGeneric: 'See password requirements below.',
      passwordGenericAlt:
        'Please enter at least 1 uppercase letter, 1 lowercase letter and 1 number',
      onePieceOfInformation: 'Please only enter one piece of information.',
    });
    expect(REQUIRED_LABEL).toBe('*required');
    expect(OPTIONAL_LABEL).toBe('—optional');
  });
});

describe('required', () => {
  it('rejects blank text', () => {
    expect(required()('')).toBe('This field is required.');
    expect(required()('   ')).toBe('This field is required.');
    expect(required()('x')).toBeNull();
  });
  it('has an inline-label variant', () => {
    expect(required('First name')('')).toBe('First name is required');
  });
  it('checkbox, select and radio', () => {
    expect(validateCheckbox(false)).toBe('This box must be checked.');
    expect(validateCheckbox(true)).toBeNull();
    expect(validateSelect('')).toBe('Please make a selection.');
    expect(validateSelect(null)).toBe('Please make a selection.');
    expect(validateSelect('WI')).toBeNull();
    expect(validateRadio(undefined)).toBe('Please make a selection');
    expect(validateRadio('email')).toBeNull();
  });
});

describe('length', () => {
  it('exact length', () => {
    expect(exactLength(13)('123')).toBe('Must be 13 characters. Currently (3)');
    expect(exactLengthMessage(6, 7)).toBe('Must be 6 characters. Currently (7)');
    expect(exactLength(3)('abc')).toBeNull();
  });
  it('minimum length', () => {
    expect(minLength(8)('abc')).toBe('Must be at least 8 characters long.');
    expect(minLengthMessage(2)).toBe('Must be at least 2 characters long.');
    expect(minLength(3)('abc')).toBeNull();
  });
  it('maximum length', () => {
    expect(maxLength(5)('abcdef')).toBe('Must be 5 characters or less.');
    expect(maxLengthMessage(100)).toBe('Must be 100 characters or less.');
    expect(maxLength(5)('abcde')).toBeNull();
  });
  it('compose answers the first failure', () => {
    const v = compose(required(), minLength(3));
    expect(v('')).toBe('This field is required.');
    expect(v('ab')).toBe('Must be at least 3 characters long.');
    expect(v('abc')).toBeNull();
  });
});

describe('email', () => {
  it.each(['a@b.co', 'jane.doe+farm@example.com', 'x@sub.domain.org', 'o\'neil@example.com'])(
    'accepts %s',
    (email) => {
      expect(isValidEmail(email)).toBe(true);
      expect(validateEmail(email)).toBeNull();
    },
  );
  it.each(['plain', 'a@b', 'a@@b.com', 'a b@c.com', '@example.com', 'a@.com', 'a..b@c.com'])(
    'rejects %s',
    (email) => {
      expect(validateEmail(email)).toBe('Please enter a valid email address.');
    },
  );
  it.each([...BAD_EMAIL_ENDINGS])('rejects the ending %s', (ending) => {
    const email = ending.startsWith('.') ? `jane@example${ending}` : `jane@${ending}`;
    expect(validateEmail(email)).toBe('Please enter a valid email address.');
    expect(validateEmail(email.toUpperCase())).toBe('Please enter a valid email address.');
  });
  it.each([...MISTYPED_EMAIL_HOSTS])('rejects the mistyped host %s', (host) => {
    expect(validateEmail(`jane@${host}`)).toBe('Please enter a valid email address.');
  });
  it('accepts the real hosts and look-alikes that are not typos', () => {
    expect(validateEmail('jane@gmail.com')).toBeNull();
    expect(validateEmail('jane@yahoo.com')).toBeNull();
    expect(validateEmail('jane@comcast.net')).toBeNull();
    expect(validateEmail('jane@bigmail.co')).toBeNull();
  });
  it('leaves blank to the required rule', () => {
    expect(validateEmail('')).toBeNull();
  });
});

describe('phone', () => {
  it.each(['6087529000', '(608) 752-9000', '608-752-9000', '1 608 752 9000', '+1 (608) 752-9000'])(
    'accepts %s',
    (phone) => expect(validatePhone(phone)).toBeNull(),
  );
  it.each(['752-9000', '608752900', '60875290001', 'phone', '608-752-900x'])('rejects %s', (phone) =>
    expect(validatePhone(phone)).toBe('Please enter a valid 10-digit phone number.'),
  );
  it('older rule: more than 9 characters after spaces are removed', () => {
    expect(validatePhoneLegacy('608 752 900')).toBe('Please specify a valid phone number');
    expect(validatePhoneLegacy('608 752 9000')).toBeNull();
    expect(validatePhoneLegacy('(608) 752-9000')).toBeNull();
    expect(validatePhoneLegacy('abcdefghijk')).toBe('Please specify a valid phone number');
    expect(validatePhoneLegacy('')).toBeNull();
  });
});

describe('ZIP, number, currency', () => {
  it('ZIP is 5 digits', () => {
    expect(validateZip('53545')).toBeNull();
    for (const bad of ['5354', '535456', '5354a', '53545-1234']) {
      expect(validateZip(bad)).toBe('Please enter a valid ZIP code.');
    }
  });
  it('number', () => {
    for (const ok of ['0', '12', '-3', '4.5', '.5']) expect(validateNumber(ok)).toBeNull();
    for (const bad of ['abc', '1.2.3', '1e5', '--1']) {
      expect(validateNumber(bad)).toBe('Please enter a valid number.');
    }
  });
  it('currency', () => {
    for (const ok of ['5', '$5', '$5.5', '5.55', '$1,234.56', '1234', '$.99']) {
      expect(validateCurrency(ok)).toBeNull();
    }
    for (const bad of ['-5', '$5.555', '1,23', '$', 'five', '$1,2345']) {
      expect(validateCurrency(bad)).toBe('Please enter a valid dollar amount.');
    }
    expect(parseCurrency('$1,234.5')).toBe(1234.5);
    expect(parseCurrency('oops')).toBeNaN();
  });
  it('numeric ranges fall back to min and max', () => {
    expect(normalizeRange(10, 20, 0, 100)).toEqual([10, 20]);
    expect(normalizeRange(null, 20, 0, 100)).toEqual([0, 20]);
    expect(normalizeRange(30, 20, 0, 100)).toEqual([0, 100]);
    expect(normalizeRange(-5, 500, 0, 100)).toEqual([0, 100]);
  });
});

describe('rewards', () => {
  it('rewards number is 13 digits, code 6 digits', () => {
    expect(validateRewardsNumber('1234567890123')).toBeNull();
    expect(validateRewardsNumber('123')).toBe('Must be 13 characters. Currently (3)');
    expect(validateVerificationCode('123456')).toBeNull();
    expect(validateVerificationCode('12345')).toBe('Must be 6 characters. Currently (5)');
  });
  it('only one piece of information', () => {
    expect(validateOnePieceOfInformation(['6087529000', '', ''])).toBeNull();
    expect(validateOnePieceOfInformation(['6087529000', 'a@b.co', ''])).toBe(
      'Please only enter one piece of information.',
    );
  });
});

describe('text area', () => {
  it('counts used/allowed and flags overflow', () => {
    expect(characterCount('hello', 250)).toMatchObject({ text: '5/250', over: false, message: null });
    expect(characterCount('x'.repeat(253), 250)).toMatchObject({
      text: '253/250',
      over: true,
      message: 'Exceeds 250-character max by 3',
    });
    expect(maxCharacters(3)('abcd')).toBe('Exceeds 3-character max by 1');
  });
});

describe('password', () => {
  it('reports each unmet rule in order', () => {
    expect(validatePassword('ABC12345')).toBe('Password requires at least 1 lowercase character.');
    expect(validatePassword('abc12345')).toBe('Password requires at least 1 uppercase character.');
    expect(validatePassword('Abc123')).toBe('Password must be 8 characters long.');
    expect(validatePassword('Abcdefgh')).toBe('Password requires at least 1 number.');
    expect(validatePassword('Abcdefg1')).toBeNull();
    expect(validatePassword(`Ab1${'x'.repeat(98)}`)).toBe('Must be 100 characters or less.');
  });
  it('shows the status line and the generic helper', () => {
    expect(passwordStatus('Abcdefg1')).toBe('Password requirements met.');
    expect(passwordStatus('abc')).toBe('Password requires at least 1 uppercase character.');
    expect(validatePasswordGeneric('abc')).toBe('See password requirements below.');
    expect(validatePasswordGeneric('Abcdefg1')).toBeNull();
    expect(passwordChecks('a').map((c) => [c.id, c.met])).toEqual([
      ['lowercase', true],
      ['uppercase', false],
      ['length', false],
      ['number', false],
    ]);
  });
});

describe('local redirect', () => {
  it('accepts a single leading slash only', () => {
    expect(isLocalUrl('/account/')).toBe(true);
    expect(isLocalUrl('/s/?keyword=rope')).toBe(true);
    for (const bad of ['//evil.com', '/\\evil.com', 'https://evil.com', 'account/', '', null, '/a\\b', '/\t/evil.com']) {
      expect(isLocalUrl(bad)).toBe(false);
    }
    expect(safeLocalRedirect('//evil.com')).toBe('/');
    expect(safeLocalRedirect('/cart/')).toBe('/cart/');
  });
});
