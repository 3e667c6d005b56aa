/**
 * What the create and enter-phone pages do with a registration's answer (spec §4 "Create and
 * third-party reason codes"): the rewards reason codes hand over to the rewards menu or to
 * select-account with the registration kept pending.
 */
import { REASON_CODES, type RewardsMatchFields } from '../../shared/api/account';
import { reportError } from '../../shared/ui/errors';
import { openRewardsMenu } from '../../rewards/rewardsMenuStore';
import { usePendingRegistration, type PendingRegistration } from '../pendingRegistration';
import { useSignInData } from '../signInData';
import { SIGN_IN_PAGES } from '../signInPanelStore';
import type { SignInFlow } from './flow';
import { failureText, GENERIC_ERROR_MESSAGE } from './texts';

export interface RegistrationAnswer extends Partial<RewardsMatchFields> {
  success: boolean;
  errorMessage: string | null;
  reasonCode: number | null;
  createdRewardsDesync?: boolean | null;
  /** A third-party answer's `reason` (shown before its message). */
  reason?: string | null;
  /** The header data after the sign-in (success), else null. */
  headerJson?: unknown;
}

export type Outcome =
  /** Handled: signed in, or handed over to the rewards menu or another page. */
  | { kind: 'done' }
  /** Stay and show `message` (REWARDS_ACCOUNT_NOT_FOUND on enter-phone shows it too). */
  | { kind: 'error'; message: string; reasonCode: number | null };

function matches(answer: RegistrationAnswer): RewardsMatchFields {
  return {
    email: answer.email ?? null,
    phone: answer.phone ?? null,
    redactedData: answer.redactedData ?? null,
    secondEmail: answer.secondEmail ?? null,
    secondPhone: answer.secondPhone ?? null,
    secondRedactedData: answer.secondRedactedData ?? null,
  };
}

/**
 * Acts on a registration's answer (`/account/register` or `/account/createoauthwithphone`):
 * - success: signed in; the account joined rewards unless `createdRewardsDesync`, so the
 *   rewards menu welcomes the new member (no reload), else the sign-in goes on as usual. With
 *   `createdRewardsDesync` the account exists and the rewards link failed at the provider: a
 *   later register with `hasDesyncedRewards` from this browser tries the link again;
 * - 3 REWARDS_ACCOUNT_ALREADY_EXISTS: the registration waits (pending) while the rewards menu
 *   verifies the visitor owns that rewards account (verification-join);
 * - 12 PHONE_AND_EMAIL_SEPARATE_MATCH: pending, and select-account shows both accounts;
 * - 5 SESSION_M_ERROR: reported; the server's words or the generic message;
 * - anything else: the server's errorMessage (2 REWARDS_ACCOUNT_ALREADY_LINKED's included),
 *   after a third-party answer's `reason` ('{error} - {message}').
 */
export function handleRegistration(
  answer: RegistrationAnswer,
  pending: PendingRegistration,
  flow: SignInFlow,
): Outcome {
  if (answer.success) {
    if (answer.createdRewardsDesync) {
      flow.complete(answer.headerJson);
    } else {
      flow.completeInPlace(answer.headerJson);
      openRewardsMenu('success');
    }
    return { kind: 'done' };
  }
  switch (answer.reasonCode) {
    case REASON_CODES.REWARDS_ACCOUNT_ALREADY_EXISTS:
      usePendingRegistration.getState().set(pending);
      flow.handOff();
      openRewardsMenu('verification-join', {
        phone: answer.phone ?? null,
        email: answer.email ?? null,
        redactedData: answer.redactedData ?? null,
      });
      return { kind: 'done' };
    case REASON_CODES.PHONE_AND_EMAIL_SEPARATE_MATCH:
      usePendingRegistration.getState().set(pending);
      useSignInData.getState().setMatches(matches(answer));
      flow.goTo(SIGN_IN_PAGES.selectAccount);
      return { kind: 'done' };
    case REASON_CODES.SESSION_M_ERROR:
      reportError(new Error(`SESSION_M_ERROR: ${answer.errorMessage ?? 'no message'}`));
      return { kind: 'error', message: answer.errorMessage ?? GENERIC_ERROR_MESSAGE, reasonCode: answer.reasonCode };
    default:
      return { kind: 'error', message: failureText(answer.reason, answer.errorMessage), reasonCode: answer.reasonCode };
  }
}
