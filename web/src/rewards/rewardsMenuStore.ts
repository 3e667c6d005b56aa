import { create } from 'zustand';
import { usePendingRegistration } from '../account/pendingRegistration';
import type { Redacted, VerificationMethod } from '../shared/api/rewards';

/**
 * The rewards side menu's steps (accounts-rewards-search §2.3).
 */
export const REWARDS_STEPS = [
  'join',
  'connect',
  'verification-join',
  'verification-account',
  'verification-connect',
  'account-in-use',
  'enter-code',
  'help',
  'success',
  'customer-has-rewards',
] as const;

export type RewardsStep = (typeof REWARDS_STEPS)[number];

/** The verification screen's variants (spec §3 "Verification data"). */
export type VerificationStep = 'verification-join' | 'verification-account' | 'verification-connect' | 'account-in-use';

export function isVerificationStep(step: RewardsStep): step is VerificationStep {
  return (
    step === 'verification-join' ||
    step === 'verification-account' ||
    step === 'verification-connect' ||
    step === 'account-in-use'
  );
}

/** Spec 3 "Verification data": what a verification step knows of the rewards account. */
export interface VerificationData {
  phone?: string | null;
  email?: string | null;
  rewardsNumber?: string | null;
  /** 'email', 'phone' or 'both': which of the values are shown masked. */
  redactedData?: Redacted | string | null;
}

/**
 * What the visitor typed to find the rewards account (the join's phone, the connect form's
 * one piece of information). The server ignores the masked values of `VerificationData`, so
 * the code and link calls send these.
 */
export interface LookupKeys {
  phoneNumber?: string | null;
  email?: string | null;
  rewardsNumber?: string | null;
}

/** Enter-code: a code was sent (`phone`, `email`), or the rewards number is typed instead. */
export interface CodeRequest {
  method: VerificationMethod;
  /** Where the code went, masked as the server answered it. */
  recipient: string | null;
  rewardsSessionId: string | null;
}

/**
 * The header's back button: the step it goes back to and the button that step had. Spec §4:
 * 'Connect' from join shows the join header; enter-code and help keep the current button;
 * success and customer-has-rewards clear it.
 */
export interface HeaderButton {
  step: RewardsStep;
  previous: HeaderButton | null;
}

/** Which success text shows: after joining (the welcome) or after connecting. */
export type SuccessKind = 'joined' | 'connected';

/**
 * Fetching the rewards data on opening: `waiting` the first 400 ms (nothing shown yet),
 * then `loading` (a loading state), `idle` once answered or when nothing is fetched.
 */
export type OpeningState = 'idle' | 'waiting' | 'loading';

interface RewardsMenuState {
  isOpen: boolean;
  step: RewardsStep;
  data: VerificationData;
  /** Bumped at every opening: the menu fetches the rewards data once per opening. */
  openId: number;
  opening: OpeningState;
  headerButton: HeaderButton | null;
  lookup: LookupKeys;
  /** The signed-in customer's email (rewards data), prefilled in the connect form. */
  customerEmail: string | null;
  /** The customer's email belongs to another customer's rewards account (join says to call). */
  emailAlreadyLinked: boolean;
  code: CodeRequest | null;
  success: SuccessKind;
  /** The error banner's text. */
  error: string | null;
  /** A call is in flight (the loading flag). */
  busy: boolean;
  /** Set by enter-code and success: closing the menu reloads the page. */
  reloadOnClose: boolean;
  /** Making the pending account on close failed once: the next close just closes. */
  completionFailed: boolean;
  /** Bumped whenever the customer's rewards changed (success, customer-has-rewards). */
  dataVersion: number;
  open: (step?: RewardsStep, data?: VerificationData) => void;
  /** Closes at once (no reload, no pending registration handling: see the menu's own close). */
  close: () => void;
  reset: () => void;
}

/** Steps opened without fetching the rewards data first (spec §4). */
const NO_DATA_STEPS: ReadonlySet<RewardsStep> = new Set<RewardsStep>(['success', 'verification-join']);

const transient = {
  opening: 'idle' as OpeningState,
  headerButton: null as HeaderButton | null,
  lookup: {} as LookupKeys,
  customerEmail: null as string | null,
  emailAlreadyLinked: false,
  code: null as CodeRequest | null,
  success: 'joined' as SuccessKind,
  error: null as string | null,
  busy: false,
  reloadOnClose: false,
  completionFailed: false,
};

const initial = {
  isOpen: false,
  step: 'join' as RewardsStep,
  data: {} as VerificationData,
  openId: 0,
  dataVersion: 0,
  ...transient,
};

export const useRewardsMenu = create<RewardsMenuState>()((set, get) => ({
  ...initial,
  open: (step = 'join', data = {}) => {
    // A registering visitor is not signed in yet: the rewards data would say "not found".
    const fetchData = !NO_DATA_STEPS.has(step) && usePendingRegistration.getState().pending === null;
    set({
      ...transient,
      isOpen: true,
      step,
      data,
      openId: get().openId + 1,
      opening: fetchData ? 'waiting' : 'idle',
      reloadOnClose: step === 'success',
    });
  },
  close: () => set({ isOpen: false, ...transient }),
  reset: () => set({ ...initial }),
}));

/** Opens the rewards side menu at `step` (join unless told) with what is known. */
export function openRewardsMenu(step: RewardsStep = 'join', data: VerificationData = {}): void {
  useRewardsMenu.getState().open(step, data);
}
