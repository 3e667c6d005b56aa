/**
 * The rewards calls (accounts-rewards-search §3 "Rewards data", "Rewards requests"; §7; §8's
 * reason codes). Every business outcome answers 200 with `success`, `errorMessage` and
 * `reasonCode`; a fault (4xx, no answer) rejects with the client's `NetworkError`.
 *
 * `getrewardsdata` is a plain JSON POST without a body; the others carry the anti-forgery
 * token header (`postWithToken`): the server wants it on all of them, also where the spec's
 * table shows none (docs/decisions.md, "Rewards").
 */
import { postWithToken } from './antiforgery';
import { apiRequest, NetworkError } from './client';
import type { Wire } from './wire';

export const REWARDS_DATA_URL = '/account/getrewardsdata';
export const JOIN_REWARDS_URL = '/account/newrewardsaccount';
export const FIND_REWARDS_URL = '/account/findrewardstolink';
export const SEND_CODE_URL = '/account/sendverificationcode';
export const CONFIRM_CODE_URL = '/account/confirmlinkaccount';
export const LINK_REWARDS_NUMBER_URL = '/account/linkuserwithrewardsnum';

/** Rewards reason codes (spec §8), by the spec's names. */
export const REWARDS_REASON_CODES = {
  CUSTOMER_NOT_LOGGED_IN: 0,
  REWARDS_ACCOUNT_NOT_FOUND: 1,
  REWARDS_ACCOUNT_ALREADY_LINKED: 2,
  REWARDS_ACCOUNT_ALREADY_EXISTS: 3,
  VERIFICATION_REQUIRED: 4,
  SESSION_M_ERROR: 5,
  INVALID_INPUT_DATA: 6,
  UNKNOWN_ERROR: 7,
  CUSTOMER_HAS_REWARDS: 8,
  NO_MATCH: 9,
  PHONE_MULTI_MATCH: 10,
  REWARDS_ACCOUNT_ALREADY_EXISTS_SHOW_ERROR: 11,
  PHONE_AND_EMAIL_SEPARATE_MATCH: 12,
} as const;

export type RewardsReasonName = keyof typeof REWARDS_REASON_CODES;
export type RewardsReasonCode = (typeof REWARDS_REASON_CODES)[RewardsReasonName];

/** How a verification code comes (spec §3 send-code request): none for the rewards number. */
export const VERIFICATION_METHODS = ['phone', 'email', 'rewardsNumber'] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

export type RewardsData = Wire<'RewardsData'>;
export type RewardsAnswer = Wire<'RewardsAnswer'>;
export type FindRewardsRequest = Wire<'FindRewardsRequest'>;
export type SendCodeRequest = Wire<'SendCodeRequest'> & { verificationMethod: VerificationMethod };
export type ConfirmCodeRequest = Wire<'ConfirmCodeRequest'>;
export type LinkRewardsRequest = Wire<'LinkRewardsRequest'>;
export type RewardsAccountInfo = Wire<'RewardsAccountInfo'>;
export type Redacted = Wire<'Redacted'>;

/** An answer the call must have: a 204 (no body) is a fault like any other. */
function answered<T>(body: T | undefined): T {
  if (body === undefined) throw new NetworkError(204);
  return body;
}

/**
 * What the rewards menu learns on opening (spec §4): customerHasRewards, emailAlreadyLinked,
 * sessionMFound with the masked phone and email, or the customer's email for the connect
 * form. Signed out: `success` false with `reasonCode` 0.
 */
export async function getRewardsData(signal?: AbortSignal): Promise<RewardsData> {
  return answered(await apiRequest<RewardsData>(REWARDS_DATA_URL, { method: 'POST', signal }));
}

/** Join rewards with this phone (the in-store pin). */
export async function joinRewards(phoneNumber: string): Promise<RewardsAnswer> {
  const request: Wire<'JoinRequest'> = { phoneNumber };
  return answered(await postWithToken<RewardsAnswer>(JOIN_REWARDS_URL, request));
}

/** The connect form's lookup: exactly one of phone, email and rewards number. */
export async function findRewardsToLink(request: FindRewardsRequest): Promise<RewardsAnswer> {
  return answered(await postWithToken<RewardsAnswer>(FIND_REWARDS_URL, request));
}

/** Sends a code by phone or email (`rewardsSessionId` in the answer); rewardsNumber sends nothing. */
export async function sendVerificationCode(request: SendCodeRequest): Promise<RewardsAnswer> {
  return answered(await postWithToken<RewardsAnswer>(SEND_CODE_URL, request));
}

/** Confirms the code of `rewardsSessionId`: the rewards account is connected. */
export async function confirmLinkAccount(request: ConfirmCodeRequest): Promise<RewardsAnswer> {
  return answered(await postWithToken<RewardsAnswer>(CONFIRM_CODE_URL, request));
}

/** Connects the rewards account by its typed rewards number. */
export async function linkUserWithRewardsNumber(request: LinkRewardsRequest): Promise<RewardsAnswer> {
  return answered(await postWithToken<RewardsAnswer>(LINK_REWARDS_NUMBER_URL, request));
}

