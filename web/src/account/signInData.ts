import { create } from 'zustand';
import type { LoginMethod, RewardsMatchFields } from '../shared/api/account';

/** A third-party sign-in that needs an account (its answer said 'New Account'). */
export interface NewThirdPartyAccount {
  loginMethod: LoginMethod;
  /** The provider's credential, sent again by `createoauthwithphone`. */
  credentialToken: string;
}

/**
 * What the sign-in pages hand each other: the third-party sign-in that goes on to
 * enter-phone (page 4), and the two rewards accounts a registration matched (answer 12,
 * PHONE_AND_EMAIL_SEPARATE_MATCH) for select-account (page 3), masked as the server sent them.
 */
interface SignInDataState {
  newAccount: NewThirdPartyAccount | null;
  matches: RewardsMatchFields | null;
  setNewAccount: (newAccount: NewThirdPartyAccount | null) => void;
  setMatches: (matches: RewardsMatchFields | null) => void;
  reset: () => void;
}

export const useSignInData = create<SignInDataState>()((set) => ({
  newAccount: null,
  matches: null,
  setNewAccount: (newAccount) => set({ newAccount }),
  setMatches: (matches) => set({ matches }),
  reset: () => set({ newAccount: null, matches: null }),
}));
