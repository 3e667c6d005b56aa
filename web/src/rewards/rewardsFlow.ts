/**
 * The rewards side menu's transitions (accounts-rewards-search §4 "Rewards side menu"): the
 * opening fetch and its branches, join by phone, the connect lookup, send-code, confirm
 * code, link by rewards number, skip and close. Each acts on `useRewardsMenu`.
 */
import {
  completeRegistrationWithoutRewards,
  usePendingRegistration,
  type PendingRegistration,
} from '../account/pendingRegistration';
import { forgetAntiForgeryToken } from '../shared/api/antiforgery';
import { NetworkError } from '../shared/api/client';
import { reloadPage } from '../shared/api/reload';
import {
  confirmLinkAccount,
  findRewardsToLink,
  getRewardsData,
  joinRewards,
  linkUserWithRewardsNumber,
  REWARDS_REASON_CODES as CODES,
  sendVerificationCode,
  type RewardsAnswer,
  type VerificationMethod,
} from '../shared/api/rewards';
import type { Wire } from '../shared/api/wire';
import { CUSTOMER_SERVICE_PHONE } from '../content/siteLinks';
import { refreshHeader } from '../session';
import { trackEvent } from '../shared/tracking';
import { GENERIC_ERROR_MESSAGE, reportError } from '../shared/ui/errors';
import {
  useRewardsMenu,
  type CodeRequest,
  type LookupKeys,
  type RewardsStep,
  type SuccessKind,
  type VerificationData,
  type VerificationStep,
} from './rewardsMenuStore';

/** Spec §9 "Loading waits": the opening fetch shows a loading state after 400 ms. */
export const REWARDS_DATA_WAIT_MS = 400;

/** The connect lookup without an answer (spec §8). */
export const LOOKUP_FAILED_MESSAGE = `Something went wrong. Please try again or call Customer Service at ${CUSTOMER_SERVICE_PHONE}.`;

const get = () => useRewardsMenu.getState();
const set = (patch: Partial<ReturnType<typeof get>>) => useRewardsMenu.setState(patch);

/** The message of a failed call: the server's (403, 404) or 'A network error has occurred'. */
function faultMessage(error: unknown): string {
  if (error instanceof NetworkError) return error.serverMessage ?? error.message;
  return GENERIC_ERROR_MESSAGE;
}

/** The answer's own words in the banner; a provider failure is also reported. */
function showRefusal(answer: RewardsAnswer, call: string): void {
  if (answer.reasonCode === CODES.SESSION_M_ERROR) {
    reportError(new Error(`${call}: SESSION_M_ERROR ${answer.errorMessage ?? ''}`.trim()));
  }
  set({ busy: false, error: answer.errorMessage?.trim() ? answer.errorMessage : GENERIC_ERROR_MESSAGE });
}

/** The opening `openId` is still showing (answers for a closed or reopened menu are dropped). */
function live(openId: number): boolean {
  return get().isOpen && get().openId === openId;
}

/**
 * Header data and anything showing rewards learn the customer's rewards changed. `header`:
 * the answer's `headerJson` (a call that signed in), taken in place of fetching the header.
 */
function reloadData(header?: unknown): void {
  set({ dataVersion: get().dataVersion + 1 });
  void refreshHeader({ header });
}

// ---------------------------------------------------------------- steps

/** Join → connect: the header shows the way back to join. */
export function showConnect(): void {
  const { step, headerButton } = get();
  set({
    step: 'connect',
    error: null,
    headerButton: step === 'join' ? { step: 'join', previous: null } : headerButton,
  });
}

/** Connect → join. */
export function showJoin(): void {
  set({ step: 'join', error: null, headerButton: null });
}

/**
 * A verification step or account-in-use, with its data (and what was typed to find the
 * account). The header goes back to the form that led here.
 */
export function showVerification(step: VerificationStep, data: VerificationData, lookup: LookupKeys = {}): void {
  const { step: from, headerButton } = get();
  set({
    step,
    data,
    lookup,
    error: null,
    busy: false,
    headerButton: from === 'join' || from === 'connect' ? { step: from, previous: headerButton } : headerButton,
  });
}

/** Enter-code keeps the header button; closing from here on reloads the page. */
export function showEnterCode(code: CodeRequest): void {
  set({ step: 'enter-code', code, error: null, busy: false, reloadOnClose: true });
}

/** Help keeps the header button. */
export function showHelp(): void {
  set({ step: 'help', error: null, busy: false });
}

export function showSuccess(kind: SuccessKind, header?: unknown): void {
  set({ step: 'success', success: kind, headerButton: null, error: null, busy: false, reloadOnClose: true });
  reloadData(header);
}

export function showCustomerHasRewards(): void {
  set({ step: 'customer-has-rewards', headerButton: null, error: null, busy: false });
  reloadData();
}

/** The header's back button. */
export function goBack(): void {
  const { headerButton } = get();
  if (!headerButton) return;
  set({ step: headerButton.step, headerButton: headerButton.previous, error: null, busy: false });
}

/** 'Can't Receive a Code?': help when the rewards number is known, else type it. */
export function cannotReceiveCode(): void {
  const { data, lookup } = get();
  if (data.rewardsNumber || lookup.rewardsNumber) showHelp();
  else showEnterCode({ method: 'rewardsNumber', recipient: null, rewardsSessionId: null });
}

// ---------------------------------------------------------------- opening

/**
 * The opening fetch (spec §4): the four branches, a loading state once 400 ms have passed.
 * Answers for an earlier opening (or a closed menu) are dropped.
 */
export async function loadRewardsData(openId: number): Promise<void> {
  const current = () => live(openId);
  const timer = setTimeout(() => {
    if (current() && get().opening === 'waiting') set({ opening: 'loading' });
  }, REWARDS_DATA_WAIT_MS);
  try {
    const data = await getRewardsData();
    if (!current()) return;
    if (!data.success) {
      if (data.reasonCode === CODES.CUSTOMER_NOT_LOGGED_IN || data.reasonCode == null) {
        // The customer cannot be found (signed out elsewhere, account gone): start over.
        reportError(new Error(`Rewards customer not found: ${data.errorMessage ?? 'reasonCode 0'}`));
        reloadPage();
        return;
      }
      if (data.reasonCode === CODES.SESSION_M_ERROR) reportError(new Error('getrewardsdata: SESSION_M_ERROR'));
      set({ opening: 'idle', error: data.errorMessage?.trim() ? data.errorMessage : GENERIC_ERROR_MESSAGE });
      return;
    }
    if (data.customerHasRewards) {
      set({ opening: 'idle' });
      showCustomerHasRewards();
    } else if (data.emailAlreadyLinked) {
      set({ opening: 'idle', step: 'join', headerButton: null, emailAlreadyLinked: true });
    } else if (data.sessionMFound) {
      set({ opening: 'idle' });
      showVerification('verification-account', {
        phone: data.phone ?? null,
        email: data.email ?? null,
        redactedData: data.redactedData ?? 'phone',
      });
    } else {
      set({ opening: 'idle', customerEmail: data.email ?? null });
    }
  } catch (error) {
    if (current()) set({ opening: 'idle', error: faultMessage(error) });
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------- join and connect

/** Join by phone (spec §4). */
export async function joinByPhone(phoneNumber: string): Promise<void> {
  if (get().busy) return;
  const openId = get().openId;
  set({ busy: true, error: null });
  let answer: RewardsAnswer;
  try {
    answer = await joinRewards(phoneNumber);
  } catch (error) {
    if (live(openId)) set({ busy: false, error: faultMessage(error) });
    return;
  }
  if (!live(openId)) return;
  if (answer.success) return showSuccess('joined', answer.headerJson);
  const found = { phone: answer.phone ?? phoneNumber, email: answer.email ?? null, redactedData: 'email' };
  switch (answer.reasonCode) {
    case CODES.CUSTOMER_HAS_REWARDS:
      return showCustomerHasRewards();
    case CODES.REWARDS_ACCOUNT_ALREADY_LINKED:
      return showVerification('account-in-use', found, { phoneNumber });
    case CODES.REWARDS_ACCOUNT_ALREADY_EXISTS:
      return showVerification('verification-join', found, { phoneNumber });
    default:
      return showRefusal(answer, 'newrewardsaccount');
  }
}

/** The connect form's lookup (spec §4 "Rewards lookup"): one of the three, trimmed. */
export async function lookUpRewards(typed: LookupKeys): Promise<void> {
  if (get().busy) return;
  const lookup: LookupKeys = {
    phoneNumber: typed.phoneNumber?.trim() || null,
    email: typed.email?.trim() || null,
    rewardsNumber: typed.rewardsNumber?.trim() || null,
  };
  const openId = get().openId;
  set({ busy: true, error: null });
  let answer: RewardsAnswer;
  try {
    answer = await findRewardsToLink(lookup);
  } catch {
    if (live(openId)) set({ busy: false, error: LOOKUP_FAILED_MESSAGE });
    return;
  }
  if (!live(openId)) return;
  const found = {
    phone: answer.phone ?? null,
    email: answer.email ?? null,
    rewardsNumber: lookup.rewardsNumber,
    redactedData: answer.redactedData ?? null,
  };
  switch (answer.reasonCode) {
    case CODES.CUSTOMER_HAS_REWARDS:
      return showCustomerHasRewards();
    case CODES.VERIFICATION_REQUIRED:
      return showVerification('verification-connect', found, lookup);
    case CODES.REWARDS_ACCOUNT_ALREADY_LINKED:
      return showVerification('account-in-use', found, lookup);
    default:
      return showRefusal(answer, 'findrewardstolink');
  }
}

// ---------------------------------------------------------------- verification

function digits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

/**
 * A pending registration's own phone or email, to find the rewards account it met (the
 * screen shows them masked, and the server ignores masked values): the phone when it ends as
 * the masked phone does (or no phone is shown), else the email.
 */
function pendingLookup(pending: PendingRegistration, data: VerificationData): LookupKeys {
  const phone = pending.request.phoneNumber;
  const shown = digits(data.phone);
  const phoneMatches = !data.phone || (shown.length >= 4 && digits(phone).endsWith(shown.slice(-4)));
  if (phoneMatches || pending.kind === 'oauth') return { phoneNumber: phone };
  return { email: pending.request.emailAddress };
}

/** What the code and link calls send to find the rewards account. */
function accountKeys(): LookupKeys {
  const { data, lookup } = get();
  const pending = usePendingRegistration.getState().pending;
  const typed = lookup.phoneNumber || lookup.email || lookup.rewardsNumber ? lookup : pending ? pendingLookup(pending, data) : {};
  return {
    phoneNumber: typed.phoneNumber ?? data.phone ?? null,
    email: typed.email ?? data.email ?? null,
    rewardsNumber: typed.rewardsNumber ?? data.rewardsNumber ?? null,
  };
}

/** The pending registration the connect calls complete, as the server takes it. */
function pendingRequests(): {
  createAccountRequest: Wire<'RegisterRequest'> | null;
  createOauthAccountRequest: Wire<'OauthAccountRequest'> | null;
} {
  const pending = usePendingRegistration.getState().pending;
  if (pending?.kind === 'local') return { createAccountRequest: pending.request, createOauthAccountRequest: null };
  if (pending?.kind === 'oauth') {
    const { loginMethod, credentialToken, skipCartMerge } = pending.request;
    return { createAccountRequest: null, createOauthAccountRequest: { loginMethod, credentialToken, skipCartMerge } };
  }
  return { createAccountRequest: null, createOauthAccountRequest: null };
}

/**
 * Send-code (spec §4): enter-code with the method, the masked recipient and the session id;
 * also 'Resend code' from enter-code.
 */
export async function sendCode(method: VerificationMethod): Promise<void> {
  if (get().busy) return;
  const openId = get().openId;
  set({ busy: true, error: null });
  const keys = accountKeys();
  let answer: RewardsAnswer;
  try {
    answer = await sendVerificationCode({
      phoneNumber: keys.phoneNumber ?? null,
      email: keys.email ?? null,
      rewardsNumber: keys.rewardsNumber ?? null,
      verificationMethod: method,
    });
  } catch (error) {
    if (live(openId)) set({ busy: false, error: faultMessage(error) });
    return;
  }
  if (!live(openId)) return;
  if (answer.success) {
    const recipient = method === 'phone' ? answer.phone : method === 'email' ? answer.email : null;
    return showEnterCode({ method, recipient: recipient ?? null, rewardsSessionId: answer.rewardsSessionId ?? null });
  }
  if (answer.reasonCode === CODES.CUSTOMER_HAS_REWARDS) return showCustomerHasRewards();
  return showRefusal(answer, 'sendverificationcode');
}

/**
 * A connect that made the pending account signed it in: the registration is done. The
 * header comes from the answer's `headerJson` (else it is fetched).
 */
function registrationCompleted(header: unknown): void {
  if (usePendingRegistration.getState().pending === null) return;
  usePendingRegistration.getState().set(null);
  forgetAntiForgeryToken();
  void refreshHeader({ header });
  trackEvent('Login');
}

function connected(answer: RewardsAnswer, call: string, openId: number): void {
  if (answer.success) {
    registrationCompleted(answer.headerJson);
    if (!live(openId)) return;
    if (answer.createdRewardsDesync) {
      // The account was made; the rewards link failed at the provider and waits for a retry.
      reportError(new Error(`${call}: createdRewardsDesync`));
      return showSuccess('joined', answer.headerJson);
    }
    return showSuccess('connected', answer.headerJson);
  }
  if (!live(openId)) return;
  if (answer.reasonCode === CODES.CUSTOMER_HAS_REWARDS) return showCustomerHasRewards();
  return showRefusal(answer, call);
}

/** Confirm code (spec §4). */
export async function confirmCode(code: string): Promise<void> {
  const { busy, code: request, openId } = get();
  if (busy) return;
  set({ busy: true, error: null });
  try {
    const answer = await confirmLinkAccount({
      code: Number(code),
      rewardsSessionId: request?.rewardsSessionId ?? '',
      ...pendingRequests(),
    });
    connected(answer, 'confirmlinkaccount', openId);
  } catch (error) {
    if (live(openId)) set({ busy: false, error: faultMessage(error) });
  }
}

/** Verifying by rewards number: linkuserwithrewardsnum with the account info. */
export async function linkWithRewardsNumber(rewardsNumber: string): Promise<void> {
  if (get().busy) return;
  const openId = get().openId;
  set({ busy: true, error: null });
  const keys = accountKeys();
  try {
    const answer = await linkUserWithRewardsNumber({
      accountInfo: {
        phoneNumber: keys.phoneNumber ?? null,
        email: keys.email ?? null,
        rewardsNumber,
        verificationMethod: 'rewardsNumber',
      },
      ...pendingRequests(),
    });
    connected(answer, 'linkuserwithrewardsnum', openId);
  } catch (error) {
    if (live(openId)) set({ busy: false, error: faultMessage(error) });
  }
}

// ---------------------------------------------------------------- skip and close

/** Closes the menu; after enter-code or success the page reloads. */
function finishClose(): void {
  const reload = get().reloadOnClose;
  get().close();
  if (reload) reloadPage();
}

/**
 * Makes the pending account without rewards (skipConnectingRewards true); answers whether
 * the menu may close.
 */
async function completeWithoutRewards(): Promise<boolean> {
  set({ busy: true, error: null });
  let message: string;
  try {
    const result = await completeRegistrationWithoutRewards();
    if (result.ok) {
      set({ busy: false });
      void refreshHeader({ header: result.headerJson });
      return true;
    }
    message = result.message;
  } catch (error) {
    reportError(error);
    message = GENERIC_ERROR_MESSAGE;
  }
  set({ busy: false, completionFailed: true, error: message.trim() ? message : GENERIC_ERROR_MESSAGE });
  return false;
}

/**
 * Skip connecting rewards (spec §4): with a pending registration the account is made
 * without rewards, then the menu closes (or shows why not); with nothing pending it closes.
 */
export async function skipConnectingRewards(): Promise<void> {
  if (get().busy) return;
  if (usePendingRegistration.getState().pending === null) return finishClose();
  if (await completeWithoutRewards()) finishClose();
}

/**
 * The close button, Escape and the overlay. A registering visitor who closes is registered
 * without rewards, as with skip; when that fails the menu stays open with the message, and a
 * second close closes it.
 */
export async function requestClose(): Promise<void> {
  const { busy, completionFailed } = get();
  if (busy && usePendingRegistration.getState().pending !== null) return;
  if (usePendingRegistration.getState().pending === null || completionFailed) return finishClose();
  if (await completeWithoutRewards()) finishClose();
}

/** The step a header back button leads to, for its label. */
export function backLabel(step: RewardsStep): string {
  return step === 'join' ? 'Back to Join Rewards' : step === 'connect' ? 'Back to Rewards Account Lookup' : 'Back';
}
