/**
 * What the sign-in pages say (accounts-rewards-search §8 "Messages", word for word where the
 * spec quotes them), and how a failure becomes a sentence.
 */
import { NetworkError } from '../../shared/api/client';
import { ProviderError } from '../../shared/api/providers';
import { isLocalUrl } from '../../shared/forms/redirect';
import { GENERIC_ERROR_MESSAGE } from '../../shared/ui/errors';
import { CUSTOMER_SERVICE_PHONE } from '../../content/siteLinks';

export { GENERIC_ERROR_MESSAGE, CUSTOMER_SERVICE_PHONE };

export const INVALID_LOGIN_MESSAGE = 'Invalid Login — Please try again.';
export const CAPTCHA_REQUIRED_MESSAGE =
  "Let's double check this. Please re-enter your password and complete the CAPTCHA below.";
export const CAPTCHA_FAILED_MESSAGE = 'reCAPTCHA validation failed. Please try again.';
/** Submitted before the captcha was done (our words). */
export const CAPTCHA_INCOMPLETE_MESSAGE = 'Please complete the CAPTCHA below.';
export const RECOVER_MESSAGE =
  'If we found a matching account, you will receive an email shortly with a link to reset your password.';
export const CUSTOMER_SERVICE_HINT = `If you still haven't received an email after several hours, please call Customer Service at ${CUSTOMER_SERVICE_PHONE}.`;
/** Enter-phone's instruction (the server's words for the same step). */
export const ENTER_PHONE_MESSAGE = 'Please enter your phone number to finish creating your account.';
/** The update-password page of a sign-in that answered passwordChangeRequired. */
export const UPDATE_PASSWORD_PATH = '/account/update-password/';

/**
 * '{error} - {message}' (spec §8, third-party and skipped-rewards failures), either part
 * alone, or the generic message when there is neither.
 */
export function failureText(error?: string | null, message?: string | null): string {
  const parts = [error, message].map((p) => p?.trim()).filter((p): p is string => Boolean(p));
  if (parts.length === 0) return GENERIC_ERROR_MESSAGE;
  return parts.join(' - ');
}

/**
 * The sentence for a call that failed outright: the client's 'A network error has occurred'
 * (or the server's words that came with the fault, e.g. the cookie message of a 403), a
 * provider's '{error} - {message}', or the generic message.
 */
export function faultText(error: unknown): string {
  if (error instanceof NetworkError) return error.serverMessage ?? error.message;
  if (error instanceof ProviderError) return failureText(error.error, error.detail);
  return GENERIC_ERROR_MESSAGE;
}

/**
 * The update-password page with the sign-in's destination as its refUrl
 * (`/account/update-password/?refUrl=<destination>`).
 */
export function updatePasswordUrl(redirectUrl: string | null, destination: string | null): string {
  const base = isLocalUrl(redirectUrl) ? redirectUrl : UPDATE_PASSWORD_PATH;
  if (!isLocalUrl(destination)) return base;
  const url = new URL(base, 'http://local');
  if (!url.searchParams.has('refUrl')) url.searchParams.set('refUrl', destination);
  return `${url.pathname}${url.search}${url.hash}`;
}
