/**
 * The rewards side menu's words: the spec's titles and texts word for word
 * (accounts-rewards-search §2.3, §8), and ours where the spec has none.
 */
import { CUSTOMER_SERVICE_PHONE } from '../content/siteLinks';
import type { RewardsStep, SuccessKind } from './rewardsMenuStore';

export { CUSTOMER_SERVICE_PHONE };

/** The customer-service line as a tel: link. */
export const CUSTOMER_SERVICE_TEL = `tel:+1${CUSTOMER_SERVICE_PHONE.replace(/\D/g, '').replace(/^1/, '')}`;

export const VERIFICATION_TEXTS = {
  connectTitle: 'Connect Rewards Account',
  connectText: 'Looks like you previously joined rewards in store! To connect your account, choose a verification method.',
  identityTitle: 'Identity Verification',
  identityText: 'We found a matching account. How would you like to receive your verification code?',
  inUseTitle: 'This rewards account is already associated with another user',
  inUseText: 'Try logging in with the email below instead!',
  cannotReceive: "Can't Receive a Code?",
} as const;

export const SUCCESS_TEXTS = {
  memberTitle: 'You are already a rewards member.',
  memberText: 'This can happen if you joined in another browser or were assisted by customer service.',
  connectedTitle: 'Connection Successful!',
  connectedText: 'Your account and your Rewards Account are now connected!',
  welcomeText: "Earn 1 point for every $1 spent\u2014that's 1% back! Plus, enjoy special offers and savings.",
} as const;

export const LOOKUP_LINK_TEXT = 'Rewards Account Lookup';
export const SKIP_TEXT = 'Skip connecting rewards';
export const RESEND_TEXT = 'Resend code';

/**
 * The join step when the customer's email belongs to another customer's rewards account:
 * before and after the customer-service number (a tel: link).
 */
export const EMAIL_LINKED_TEXT = [
  'Your email address is already connected to another rewards account. Please call Customer Service at ',
  ' so we can help you join.',
] as const;

/** Connect with nothing filled (the server's words). */
export const NO_PIECE_MESSAGE = 'Please enter a phone number, email or rewards number.';

/** The panel's title for a step. */
export function stepTitle(step: RewardsStep, options: { success: SuccessKind; rewardsNumberMode: boolean }): string {
  switch (step) {
    case 'join':
      return 'Join Rewards';
    case 'connect':
      return LOOKUP_LINK_TEXT;
    case 'verification-join':
    case 'verification-account':
      return VERIFICATION_TEXTS.connectTitle;
    case 'verification-connect':
      return VERIFICATION_TEXTS.identityTitle;
    case 'account-in-use':
      return VERIFICATION_TEXTS.inUseTitle;
    case 'enter-code':
      return options.rewardsNumberMode ? 'Enter Your Rewards Number' : 'Enter Verification Code';
    case 'help':
      return VERIFICATION_TEXTS.cannotReceive;
    case 'success':
      return options.success === 'connected' ? SUCCESS_TEXTS.connectedTitle : 'Welcome to Rewards!';
    case 'customer-has-rewards':
      return 'Rewards Member';
  }
}
