/**
 * The account pages' calls (docs/decisions.md "Accounts", "Rewards"): the devices signed in,
 * passkeys, the linked third-party sign-ins, re-authentication and deleting the account, the rewards balance, and setting a new
 * password (from a reset link, or on the update-password page). Reset and re-authentication
 * are the sign-in pages' calls (./account.ts), offered here too so the pages have one module.
 *
 * The GETs answer 401 `NotSignedIn` to a guest (`isNotSignedIn(error)` tells); the POSTs are
 * 'token header' calls (`postWithToken`) whose business outcomes answer 200 with `success`,
 * `errorMessage` and `reasonCode`. Anything else rejects with the client's `NetworkError`.
 * Answers are normalised, so a missing field is a default rather than a crash in a page.
 */
import { REASON_CODES, toAccountAnswer, type AccountAnswer } from './account';
import { postWithToken } from './antiforgery';
import { apiGet, NetworkError } from './client';
import { asObject, bool, isObject, num, str, strOrNull, type Json } from './json';
import type { Wire } from './wire';

export { resetPassword, verifyPassword, type AccountAnswer } from './account';

export const SESSIONS_URL = '/api/account/sessions';
export const END_SESSION_URL = '/api/account/sessions/end';
export const PASSKEYS_URL = '/api/account/passkeys';
export const PASSKEY_REGISTER_START_URL = '/api/account/passkeys/register/start';
export const PASSKEY_REGISTER_FINISH_URL = '/api/account/passkeys/register/finish';
export const PASSKEY_REMOVE_URL = '/api/account/passkeys/remove';
export const SIGN_INS_URL = '/api/account/sign-ins';
export const SIGN_IN_UNLINK_URL = '/api/account/sign-ins/unlink';
export const DELETE_ACCOUNT_URL = '/api/account/delete';
export const ACCOUNT_REWARDS_URL = '/api/account/rewards';
export const UPDATE_PASSWORD_URL = '/account/update-password';

/** INVALID_INPUT_DATA (spec 8): a password that does not meet the rules. */
export const INVALID_INPUT_DATA = REASON_CODES.INVALID_INPUT_DATA;
/** REAUTHENTICATION_REQUIRED: the password must be typed again (`verifyPassword`) first. */
export const REAUTHENTICATION_REQUIRED = 13;

/** Points a $25 gift card costs (spec 9), when an answer does not say. */
export const POINTS_PER_GIFT_CARD = 2500;

export type DeviceSession = Wire<'DeviceSession'>;
export type Passkey = Wire<'PasskeyItem'>;
export type AccountRewards = Wire<'AccountRewards'>;
export type GiftCard = Wire<'GiftCard'>;
export type RewardsHistoryRow = Wire<'RewardsHistoryRow'>;
export type DeleteAccountAnswer = Wire<'DeleteAccountAnswer'>;
export type PasskeyAnswer = Wire<'PasskeyAnswer'>;
/**
 * A third-party sign-in linked to the account (`GET /api/account/sign-ins`): its id (`pi_…`),
 * the provider ('Google', 'Facebook' or 'Apple') and when it was linked (ISO 8601). Declared
 * here until the OpenAPI document names the shape.
 */
export interface LinkedSignIn {
  id: string;
  provider: string;
  linked: string;
}
/** Unlinking a sign-in: `success`, else the server's `errorMessage`. */
export type UnlinkSignInAnswer = Pick<AccountAnswer, 'success' | 'errorMessage'>;
/** `{publicKey}` for `navigator.credentials.create`, binary fields in base64url. */
export type PasskeyCreationOptions = Wire<'PasskeyOptions'>;
/**
 * The update-password form: the new password (the reset's rules) and the page's hidden
 * `refUrl`, where the answer's `redirectUrl` goes.
 */
export type UpdatePasswordRequest = Wire<'UpdatePasswordRequest'>;

/** A GET answered 401: the visitor is not signed in (a guest, or a session that ended). */
export function isNotSignedIn(error: unknown): boolean {
  return error instanceof NetworkError && error.status === 401;
}

function list(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** The items of an answer's list `key` that have an id (the others cannot be acted on). */
function itemsWithId(body: unknown, key: string): Json[] {
  return list(asObject(body)[key]).filter((item) => typeof item.id === 'string' && item.id !== '');
}

function toDeleteAnswer(body: unknown): DeleteAccountAnswer {
  const { success, errorMessage, reasonCode, redirectUrl } = toAccountAnswer(body);
  return { success, errorMessage, reasonCode, redirectUrl };
}

function toPasskeyAnswer(body: unknown): PasskeyAnswer {
  const { success, errorMessage } = toAccountAnswer(body);
  return { success, errorMessage };
}

/** The devices signed in to the account, the most recent first (`current`: this browser). */
export async function fetchDeviceSessions(signal?: AbortSignal): Promise<DeviceSession[]> {
  return itemsWithId(await apiGet<unknown>(SESSIONS_URL, signal), 'sessions').map((s) => ({
    id: str(s.id),
    device: str(s.device),
    current: bool(s.current),
    lastSeen: str(s.lastSeen),
    startedAt: str(s.startedAt),
    expiresAt: str(s.expiresAt),
  }));
}

/** Signs device `id` out (at its next request). False: not one of the account's open sessions. */
export async function endDeviceSession(id: string): Promise<boolean> {
  const request: Wire<'EndSessionRequest'> = { id };
  return bool(asObject(await postWithToken<unknown>(END_SESSION_URL, request)).success);
}

/** The passkeys that sign the customer in, the newest first. */
export async function fetchPasskeys(signal?: AbortSignal): Promise<Passkey[]> {
  return itemsWithId(await apiGet<unknown>(PASSKEYS_URL, signal), 'passkeys').map((p) => ({
    id: str(p.id),
    name: str(p.name),
    created: str(p.created),
    lastUsed: strOrNull(p.lastUsed),
  }));
}

/** The options for `navigator.credentials.create` (the ceremony's state stays server-side). */
export async function startPasskeyRegistration(): Promise<PasskeyCreationOptions> {
  const body = await postWithToken<unknown>(PASSKEY_REGISTER_START_URL);
  if (!isObject(body) || !isObject(body.publicKey)) throw new NetworkError(200);
  return body as PasskeyCreationOptions;
}

/** Finishes adding a passkey with what `navigator.credentials.create` made (base64url JSON). */
export async function finishPasskeyRegistration(credential: Json): Promise<PasskeyAnswer> {
  const request = { credential } as Wire<'PasskeyFinishRequest'>;
  return toPasskeyAnswer(await postWithToken<unknown>(PASSKEY_REGISTER_FINISH_URL, request));
}

export async function removePasskey(id: string): Promise<PasskeyAnswer> {
  const request: Wire<'RemovePasskeyRequest'> = { id };
  return toPasskeyAnswer(await postWithToken<unknown>(PASSKEY_REMOVE_URL, request));
}

/** The third-party sign-ins linked to the account, the newest first (rows without a provider left out). */
export async function fetchLinkedSignIns(signal?: AbortSignal): Promise<LinkedSignIn[]> {
  return itemsWithId(await apiGet<unknown>(SIGN_INS_URL, signal), 'signIns')
    .map((s) => ({ id: str(s.id), provider: str(s.provider).trim(), linked: str(s.linked) }))
    .filter((s) => s.provider !== '');
}

/**
 * Unlinks sign-in `id` from the account: the provider no longer signs in to it (the email
 * and password still do). A sign-in not linked to the account answers `success` false.
 */
export async function unlinkSignIn(id: string): Promise<UnlinkSignInAnswer> {
  const { success, errorMessage } = toAccountAnswer(await postWithToken<unknown>(SIGN_IN_UNLINK_URL, { id }));
  return { success, errorMessage };
}

/**
 * Deletes (erases) the signed-in customer's account. `reasonCode` 13 when the password was
 * not typed again in the last 10 minutes; success answers `redirectUrl` '/'.
 */
export async function deleteAccount(): Promise<DeleteAccountAnswer> {
  return toDeleteAnswer(await postWithToken<unknown>(DELETE_ACCOUNT_URL));
}

/** The customer's rewards account: `member` false when there is none. */
export async function fetchAccountRewards(signal?: AbortSignal): Promise<AccountRewards> {
  const b = asObject(await apiGet<unknown>(ACCOUNT_REWARDS_URL, signal));
  const perCard = num(b.pointsPerGiftCard, POINTS_PER_GIFT_CARD);
  return {
    member: bool(b.member),
    rewardsNumber: strOrNull(b.rewardsNumber),
    pending: num(b.pending),
    available: num(b.available),
    pointsPerGiftCard: perCard > 0 ? perCard : POINTS_PER_GIFT_CARD,
    returnWindowDays: num(b.returnWindowDays),
    history: list(b.history).map((h) => ({
      at: str(h.at),
      kind: str(h.kind),
      points: num(h.points),
      reference: str(h.reference),
      state: strOrNull(h.state),
      availableOn: strOrNull(h.availableOn),
    })),
    giftCards: list(b.giftCards).map((g) => ({
      cardId: str(g.cardId),
      cents: num(g.cents),
      issuedAt: str(g.issuedAt),
    })),
  };
}

/**
 * Sets a new password for the signed-in customer (the update-password page). Success signs
 * this browser in again (a new session) and answers `redirectUrl`: the `refUrl` sent when it
 * is local, else '/account/'. `reasonCode` 13: the sign-in is too old, sign in again.
 */
export async function updatePassword(request: UpdatePasswordRequest): Promise<AccountAnswer> {
  return toAccountAnswer(await postWithToken<unknown>(UPDATE_PASSWORD_URL, request));
}
