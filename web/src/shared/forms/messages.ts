/**
 * Every shopper-facing validation message of the shared form helpers
 * (accounts-rewards-search.md §5, storefront-shell.md §5), word for word.
 */
export const MESSAGES = {
  required: 'This field is required.',
  checkboxRequired: 'This box must be checked.',
  selectRequired: 'Please make a selection.',
  /** Radio groups: note, no final period (spec). */
  radioRequired: 'Please make a selection',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid 10-digit phone number.',
  /** Older wording of the US phone rule. */
  phoneLegacy: 'Please specify a valid phone number',
  zip: 'Please enter a valid ZIP code.',
  number: 'Please enter a valid number.',
  currency: 'Please enter a valid dollar amount.',
  expiryFormat: 'Expiry date format must be MM/YY',
  expiryMonth: 'Please enter a valid month',
  expiryPast: 'Please enter a future date',
  /** Older wording of every card expiry failure. */
  expiryLegacy: 'Expiration date is invalid.',
  cardNumber: 'Please enter a valid credit card number.',
  cardType: "We're sorry, but we do not accept this card type",
  /** Older wording of every card number failure. */
  cardNumberLegacy: 'Credit card number is not valid',
  securityCode3: 'Security code is a 3 digit number',
  securityCode4: 'Security code is a 4 digit number',
  passwordLowercase: 'Password requires at least 1 lowercase character.',
  passwordUppercase: 'Password requires at least 1 uppercase character.',
  passwordLength: 'Password must be 8 characters long.',
  passwordNumber: 'Password requires at least 1 number.',
  passwordMet: 'Password requirements met.',
  passwordGeneric: 'See password requirements below.',
  passwordGenericAlt: 'Please enter at least 1 uppercase letter, 1 lowercase letter and 1 number',
  onePieceOfInformation: 'Please only enter one piece of information.',
} as const;

/** 'Must be {N} characters. Currently ({count})' */
export function exactLengthMessage(n: number, count: number): string {
  return `Must be ${n} characters. Currently (${count})`;
}

/** 'Must be at least {N} characters long.' */
export function minLengthMessage(n: number): string {
  return `Must be at least ${n} characters long.`;
}

/** 'Must be {N} characters or less.' */
export function maxLengthMessage(n: number): string {
  return `Must be ${n} characters or less.`;
}

/** Inline-label variant of the required message: '{label} is required'. */
export function requiredLabelMessage(label: string): string {
  return `${label} is required`;
}

/** Text-area overflow: 'Exceeds {n}-character max by {m}'. */
export function exceedsMaxMessage(max: number, over: number): string {
  return `Exceeds ${max}-character max by ${over}`;
}

/** Field label suffixes. */
export const REQUIRED_LABEL = '*required';
export const OPTIONAL_LABEL = '\u2014optional';
