import { create } from 'zustand';
import type { Wire } from '../shared/api/wire';
import { GENERIC_ERROR_MESSAGE, reportError } from '../shared/ui/errors';
import { useSignInPanel } from './signInPanelStore';

/**
 * A registration the rewards steps stopped (spec §4 "Create and third-party reason codes"):
 * the account is not made yet. The rewards menu sends it along with the code or number that
 * connects the rewards account (`createAccountRequest` / `createOauthAccountRequest`), or
 * makes the account without rewards when the visitor skips or closes the menu.
 */
export type PendingRegistration =
  | { kind: 'local'; request: Wire<'RegisterRequest'> }
  | { kind: 'oauth'; request: Wire<'OauthAccountRequest'> & { phoneNumber: string } };

interface PendingRegistrationState {
  pending: PendingRegistration | null;
  set: (pending: PendingRegistration | null) => void;
}

export const usePendingRegistration = create<PendingRegistrationState>()((set) => ({
  pending: null,
  set: (pending) => set({ pending }),
}));

/** `headerJson`: the header data after the sign-in, when the call answered it (else fetched). */
export type CompletionResult = { ok: true; headerJson?: unknown } | { ok: false; message: string };

/**
 * Makes the pending account without connecting rewards: `/account/register` with
 * skipConnectingRewards true (local), or the provider's auth call with createNewAccount true
 * and the phone (third party). Nothing pending: resolves ok at once.
 *
 * Success signs in: the pending registration is cleared and the header brought up to date
 * (from the answer's `headerJson`, else fetched); the result carries it too. A refusal
 * answers the text to show ('{error} - {message}' or the generic message; spec §8) and is
 * reported; so is a call that failed outright. It never rejects. (The account calls load
 * with it: this module is part of the rewards menu's store, which every page has.)
 */
export async function completeRegistrationWithoutRewards(): Promise<CompletionResult> {
  const { pending } = usePendingRegistration.getState();
  if (pending === null) return { ok: true };
  let texts: typeof import('./signin/texts') | null = null;
  try {
    const [{ isLoginMethod, providerAuth, register }, loaded] = await Promise.all([
      import('../shared/api/account'),
      import('./signin/texts'),
    ]);
    texts = loaded;
    let success: boolean;
    let errorMessage: string | null;
    let reason: string | null = null;
    let headerJson: unknown = null;
    if (pending.kind === 'local') {
      ({ success, errorMessage, headerJson } = await register({ ...pending.request, skipConnectingRewards: true }));
    } else {
      const { loginMethod, credentialToken, skipCartMerge, phoneNumber } = pending.request;
      if (!isLoginMethod(loginMethod)) throw new Error(`Unknown sign-in method ${loginMethod}`);
      ({ success, errorMessage, reason, headerJson } = await providerAuth(loginMethod, credentialToken, {
        createNewAccount: true,
        phoneNumber,
        skipCartMerge: skipCartMerge === true,
      }));
    }
    if (success) {
      usePendingRegistration.getState().set(null);
      useSignInPanel.getState().signInSucceeded(headerJson);
      return { ok: true, headerJson };
    }
    const message = texts.failureText(reason, errorMessage);
    reportError(new Error(`Registration without rewards refused: ${message}`));
    return { ok: false, message };
  } catch (error) {
    reportError(error);
    return { ok: false, message: texts ? texts.faultText(error) : GENERIC_ERROR_MESSAGE };
  }
}
