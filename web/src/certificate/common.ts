/**
 * What the tax-exemption page shares: its path, title and sentences, how an exemption's kind
 * and state read, and the application form's rules (their messages are the server's words).
 */
import { US_STATES } from '../checkout/format';
import { CERTIFICATE_PATH } from '../content/siteLinks';
import {
  isTaxExemptionKind,
  TAX_EXEMPTION_FIELD_MESSAGES,
  type TaxExemptionKind,
  type TaxExemptionView,
} from '../shared/api/certificate';

export { CERTIFICATE_PATH };

export const TAX_EXEMPTION_TITLE = 'Tax Exempt Application';
export const TAX_EXEMPTION_SIGN_IN_MESSAGE = 'Please sign in to apply for a tax exemption.';

export const PENDING_MESSAGE = 'Your application is under review.';
export const APPROVED_MESSAGE = 'Your tax exemption is approved.';
export const REVIEW_TIME_MESSAGE = 'Our staff review applications within 2 business days.';

export const SUBMIT_LABEL = 'Submit application';
export const UPDATE_LABEL = 'Update application';

/** The name on the certificate: 1 to this many characters (trimmed, as sent). */
export const BUSINESS_NAME_MAX_LENGTH = 100;
/** A certificate or permit number: 4 to 30 letters, digits, spaces and dashes (trimmed, as sent). */
export const CERTIFICATE_NUMBER_PATTERN = /^[A-Za-z0-9 -]{4,30}$/;

/** What the form offers for each kind. */
export const KIND_LABELS: Record<TaxExemptionKind, string> = {
  Farm: 'Farm / agricultural',
  Resale: 'Resale',
  Nonprofit: 'Nonprofit organization',
  Government: 'Government agency',
};

/** A kind as shown ('Farm / agricultural'); none as ''. */
export function kindLabel(kind: TaxExemptionKind | null): string {
  return kind ? KIND_LABELS[kind] : '';
}

const STATE_NAMES = new Map<string, string>(US_STATES.map(([code, name]) => [code, name]));

/** 'Wisconsin' for 'WI'; a code this page doesn't know, as sent; none as ''. */
export function stateName(code: string | null): string {
  if (!code) return '';
  return STATE_NAMES.get(code) ?? code;
}

/** 'Certificate ending in 4821' */
export function certificateEnding(last4: string): string {
  return `Certificate ending in ${last4}`;
}

/** 'Orders taxed in Wisconsin carry no sales tax.' */
export function exemptOrdersText(state: string | null): string {
  return `Orders taxed in ${stateName(state) || 'the certificate’s state'} carry no sales tax.`;
}

/** 'Your last application was not approved: {reason}' (without a reason, the sentence alone). */
export function rejectedText(reason: string | null): string {
  return reason ? `Your last application was not approved: ${reason}` : 'Your last application was not approved.';
}

/**
 * The exemption as shown right after an application was taken, until the server's own view is
 * read again: pending, with what was sent.
 */
export function pendingView(
  request: { kind: TaxExemptionKind; state: string; businessName: string; certificateNumber: string },
  now: Date = new Date(),
): TaxExemptionView {
  const number = request.certificateNumber.trim();
  return {
    status: 'Pending',
    kind: request.kind,
    state: request.state,
    businessName: request.businessName.trim(),
    certificateLast4: number ? number.slice(-4) : null,
    appliedAt: now.toISOString(),
    decidedAt: null,
    reason: null,
  };
}

// ---------------------------------------------------------------- rules

export function validateKind(value: string): string | null {
  return isTaxExemptionKind(value) ? null : TAX_EXEMPTION_FIELD_MESSAGES.kind;
}

export function validateState(value: string): string | null {
  return STATE_NAMES.has(value) ? null : TAX_EXEMPTION_FIELD_MESSAGES.state;
}

export function validateBusinessName(value: string): string | null {
  const length = value.trim().length;
  return length >= 1 && length <= BUSINESS_NAME_MAX_LENGTH ? null : TAX_EXEMPTION_FIELD_MESSAGES.businessName;
}

export function validateCertificateNumber(value: string): string | null {
  return CERTIFICATE_NUMBER_PATTERN.test(value.trim()) ? null : TAX_EXEMPTION_FIELD_MESSAGES.certificateNumber;
}
