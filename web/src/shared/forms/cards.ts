import { MESSAGES } from './messages';

export type CardType =
  | 'amex'
  | 'diners'
  | 'jcb'
  | 'laser'
  | 'visa'
  | 'mastercard'
  | 'maestro'
  | 'discover'
  | 'storecard';

interface CardRule {
  type: CardType;
  pattern: RegExp;
  lengths: readonly number[];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * The accepted card types: a number's type is the first rule whose prefix
 * matches (more specific prefixes come first); its length must be one of the
 * rule's lengths and it must pass the Luhn checksum.
 *
 * The store's own (private-label) card is numbered from the `7` range, which
 * no card network uses, so it never shadows another type. Change
 * `STORE_CARD_PATTERN` if the issuer's BIN range differs.
 */
export const STORE_CARD_PATTERN = /^7/;

export const CARD_RULES: readonly CardRule[] = [
  { type: 'storecard', pattern: STORE_CARD_PATTERN, lengths: [16] },
  { type: 'amex', pattern: /^3[47]/, lengths: [15] },
  { type: 'diners', pattern: /^3(0[0-5]|095|[689])/, lengths: [14, 16] },
  { type: 'jcb', pattern: /^35(2[89]|[3-8]\d)/, lengths: range(16, 19) },
  { type: 'laser', pattern: /^(6304|670[69]|6771)/, lengths: range(16, 19) },
  { type: 'maestro', pattern: /^(5018|5020|5038|5893|6759|676[1-3])/, lengths: range(13, 19) },
  { type: 'visa', pattern: /^4/, lengths: [13, 16, 19] },
  {
    type: 'mastercard',
    pattern: /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/,
    lengths: [16],
  },
  {
    type: 'discover',
    pattern: /^(6011|65|64[4-9]|622(12[6-9]|1[3-9]\d|[2-8]\d\d|9[01]\d|92[0-5]))/,
    lengths: range(16, 19),
  },
];

/** Digits only. */
export function cardDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** The card type for a number by its prefix, or null when no type matches. */
export function detectCardType(value: string): CardType | null {
  const digits = cardDigits(value);
  if (!digits) return null;
  return CARD_RULES.find((rule) => rule.pattern.test(digits))?.type ?? null;
}

/** The Luhn (mod 10) checksum. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/**
 * Card number: digits, spaces and dashes only, at least 13 characters, a
 * known type with a valid length and checksum. Returns the message or null.
 */
export function validateCardNumber(value: string): string | null {
  const trimmed = value.trim();
  if (!/^[\d -]+$/.test(trimmed) || trimmed.length < 13) return MESSAGES.cardNumber;
  const digits = cardDigits(trimmed);
  const rule = CARD_RULES.find((r) => r.pattern.test(digits));
  if (!rule) return MESSAGES.cardType;
  if (!rule.lengths.includes(digits.length) || !luhnValid(digits)) return MESSAGES.cardNumber;
  return null;
}

/** The older card-number rule, one message for every failure. */
export function validateCardNumberLegacy(value: string): string | null {
  return validateCardNumber(value) === null ? null : MESSAGES.cardNumberLegacy;
}

/** Security code: 4 digits for American Express, 3 for every other type. */
export function validateSecurityCode(value: string, cardType: CardType | null): string | null {
  const four = cardType === 'amex';
  const ok = four ? /^\d{4}$/.test(value.trim()) : /^\d{3}$/.test(value.trim());
  if (ok) return null;
  return four ? MESSAGES.securityCode4 : MESSAGES.securityCode3;
}

/**
 * Card expiry as MM/YY, valid through the end of its month.
 * `now` is injectable for tests.
 */
export function validateExpiry(value: string, now: Date = new Date()): string | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  if (!match) return MESSAGES.expiryFormat;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return MESSAGES.expiryMonth;
  const currentYear = now.getFullYear();
  const currentMonth = now.getMonth() + 1;
  if (year < currentYear || (year === currentYear && month < currentMonth)) {
    return MESSAGES.expiryPast;
  }
  return null;
}

/** The older expiry rule, one message for every failure. */
export function validateExpiryLegacy(value: string, now: Date = new Date()): string | null {
  return validateExpiry(value, now) === null ? null : MESSAGES.expiryLegacy;
}
