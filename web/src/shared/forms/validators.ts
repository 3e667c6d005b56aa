import {
  MESSAGES,
  exactLengthMessage,
  maxLengthMessage,
  minLengthMessage,
  requiredLabelMessage,
} from './messages';

/** A validator answers an error message, or null when the value is valid. */
export type Validator<V = string> = (value: V) => string | null;

function isBlank(value: string): boolean {
  return value.trim() === '';
}

// ---- presence -------------------------------------------------------------

/** Required text: 'This field is required.', or '{label} is required' with a label. */
export function required(label?: string): Validator {
  return (value) =>
    isBlank(value) ? (label ? requiredLabelMessage(label) : MESSAGES.required) : null;
}

export function validateCheckbox(checked: boolean): string | null {
  return checked ? null : MESSAGES.checkboxRequired;
}

export function validateSelect(value: string | null | undefined): string | null {
  return value ? null : MESSAGES.selectRequired;
}

export function validateRadio(value: string | null | undefined): string | null {
  return value ? null : MESSAGES.radioRequired;
}

// ---- length ---------------------------------------------------------------

export function exactLength(n: number): Validator {
  return (value) => (value.length === n ? null : exactLengthMessage(n, value.length));
}

export function minLength(n: number): Validator {
  return (value) => (value.length >= n ? null : minLengthMessage(n));
}

export function maxLength(n: number): Validator {
  return (value) => (value.length <= n ? null : maxLengthMessage(n));
}

// ---- email ----------------------------------------------------------------

/** Endings that are almost always typos. */
export const BAD_EMAIL_ENDINGS = ['.con', 'comcast.nt', '.coim', '.vom'] as const;

/** Mistyped mail hosts (the server rejects the same list). */
export const MISTYPED_EMAIL_HOSTS = [
  'gmail.co',
  'gmial.com',
  'gmai.com',
  'gmal.com',
  'gnail.com',
  'gmail.cm',
  'yahoo.co',
  'yaho.com',
  'yahooo.com',
  'hotmial.com',
  'hotmail.co',
  'hotmal.com',
  'outlok.com',
  'aol.co',
  'iclud.com',
] as const;

const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) return false;
  const lower = email.toLowerCase();
  const [local = '', host = ''] = lower.split('@');
  if (local.length > 64 || local.startsWith('.') || local.endsWith('.') || local.includes('..')) {
    return false;
  }
  if (BAD_EMAIL_ENDINGS.some((ending) => lower.endsWith(ending))) return false;
  return !(MISTYPED_EMAIL_HOSTS as readonly string[]).includes(host);
}

/** Email: 'Please enter a valid email address.' (blank passes; combine with required). */
export const validateEmail: Validator = (value) =>
  isBlank(value) || isValidEmail(value) ? null : MESSAGES.email;

// ---- phone ----------------------------------------------------------------

/** 10 digits, optionally prefixed with the country code 1; formatting ignored. */
export function isValidPhone(value: string): boolean {
  if (!/^[\d\s()+.-]+$/.test(value.trim())) return false;
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
}

export const validatePhone: Validator = (value) =>
  isBlank(value) || isValidPhone(value) ? null : MESSAGES.phone;

/**
 * The older US phone rule: after spaces are removed, more than 9 characters
 * shaped like a US number ('Please specify a valid phone number').
 */
export const validatePhoneLegacy: Validator = (value) => {
  const compact = value.replace(/\s+/g, '');
  if (compact === '') return null;
  const ok =
    compact.length > 9 && /^(\+?1[-.]?)?(\(\d{3}\)|\d{3})[-.]?\d{3}[-.]?\d{4}$/.test(compact);
  return ok ? null : MESSAGES.phoneLegacy;
};

// ---- ZIP, numbers, money ---------------------------------------------------

export const ZIP_LENGTH = 5;

export function isValidZip(value: string): boolean {
  return /^\d{5}$/.test(value.trim());
}

export const validateZip: Validator = (value) =>
  isBlank(value) || isValidZip(value) ? null : MESSAGES.zip;

export const validateNumber: Validator = (value) => {
  const v = value.trim();
  return v === '' || /^-?(\d+\.?\d*|\.\d+)$/.test(v) ? null : MESSAGES.number;
};

/** A positive dollar amount: optional $, thousands commas, up to 2 decimals. */
export const validateCurrency: Validator = (value) => {
  const v = value.trim();
  if (v === '') return null;
  const ok = /^\$?(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$|^\$?\.\d{1,2}$/.test(v);
  return ok ? null : MESSAGES.currency;
};

/** The numeric value of a money string ('$1,234.5' → 1234.5), NaN when invalid. */
export function parseCurrency(value: string): number {
  if (validateCurrency(value) !== null || value.trim() === '') return Number.NaN;
  return Number(value.replace(/[$,\s]/g, ''));
}

// ---- rewards ----------------------------------------------------------------

export const REWARDS_NUMBER_LENGTH = 13;
export const VERIFICATION_CODE_LENGTH = 6;

export const validateRewardsNumber: Validator = (value) =>
  isBlank(value) ? null : /^\d{13}$/.test(value) ? null : exactLengthMessage(13, value.length);

export const validateVerificationCode: Validator = (value) =>
  isBlank(value) ? null : /^\d{6}$/.test(value) ? null : exactLengthMessage(6, value.length);

/** Rewards connect: at most one of phone, email and rewards number may be filled. */
export function validateOnePieceOfInformation(values: readonly string[]): string | null {
  return values.filter((v) => !isBlank(v)).length >= 2 ? MESSAGES.onePieceOfInformation : null;
}

// ---- composition --------------------------------------------------------------

/** Runs validators in order and answers the first message. */
export function compose<V>(...validators: Validator<V>[]): Validator<V> {
  return (value) => {
    for (const validate of validators) {
      const message = validate(value);
      if (message) return message;
    }
    return null;
  };
}
