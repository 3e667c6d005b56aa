import { create } from 'zustand';
import { reloadPage } from '../shared/api/reload';
import { refreshHeader } from '../session';
import { forgetDestination, isLocalUrl, rememberDestination, rememberedDestination } from './destination';

/**
 * Pages of the login side panel with the spec's numeric mapping
 * (accounts-rewards-search §2.2).
 */
export const SIGN_IN_PAGES = {
  login: 0,
  create: 1,
  forgotPassword: 2,
  selectAccount: 3,
  enterPhone: 4,
} as const;

export type SignInPage = (typeof SIGN_IN_PAGES)[keyof typeof SIGN_IN_PAGES];

/** Panel titles, from the spec's list of page titles. */
export const SIGN_IN_PAGE_TITLES: Record<SignInPage, string> = {
  0: 'Sign In',
  1: 'Create Rewards Account',
  2: 'Reset Your Password',
  3: 'Connect Rewards Account',
  4: 'Finish Signing Up',
};

/**
 * The forgot-password page's states: the request form, then the confirmation, then the
 * 'didn't get an email' note with Resend (spec §4). The last two have titles of their own
 * (spec §2.1 page titles), shown as the panel title while they last.
 */
export type ForgotPasswordStep = 'request' | 'checkEmail' | 'checkSpam';

export const FORGOT_PASSWORD_TITLES: Record<ForgotPasswordStep, string> = {
  request: SIGN_IN_PAGE_TITLES[2],
  checkEmail: 'Please check your email.',
  checkSpam: 'Check your spam folder.',
};

/** The title of `page` (and of the forgot-password page's state). */
export function signInTitle(page: SignInPage, forgotStep: ForgotPasswordStep = 'request'): string {
  return page === 2 ? FORGOT_PASSWORD_TITLES[forgotStep] : SIGN_IN_PAGE_TITLES[page];
}

export function isSignInPage(value: unknown): value is SignInPage {
  return value === 0 || value === 1 || value === 2 || value === 3 || value === 4;
}

export interface OpenSignInOptions {
  /** Where to go after a successful sign-in; remembered for later when given. */
  destination?: string | null;
  /** Sign in without merging the guest cart into the customer's cart. */
  skipCartMerge?: boolean;
}

export interface SignInPanelState {
  isOpen: boolean;
  page: SignInPage;
  /** Pages visited before the current one; the back arrow pops it. */
  history: SignInPage[];
  skipCartMerge: boolean;
  /** A sign-in succeeded while the panel was open. */
  signedIn: boolean;
  /** The forgot-password page's state (back to 'request' on any page change). */
  forgotStep: ForgotPasswordStep;
  open: (page?: SignInPage, options?: OpenSignInOptions) => void;
  /** Shows another page, remembering the current one for Back. */
  goTo: (page: SignInPage) => void;
  back: () => void;
  /**
   * Closes the panel. After a successful sign-in this goes to the remembered
   * destination, or reloads the page when there is none (spec §2.2).
   */
  close: () => void;
  /**
   * For the sign-in pages: the sign-in succeeded. Brings the header data up to date at once
   * (spec §7): `header`, the answer's `headerJson`, when it is an object, else fetched. The
   * destination is applied when the panel closes.
   */
  signInSucceeded: (header?: unknown) => void;
  setForgotStep: (step: ForgotPasswordStep) => void;
  /**
   * Closes the panel without leaving the page, even after a sign-in (the rewards menu takes
   * over from here); a sign-in's remembered destination is forgotten.
   */
  dismiss: () => void;
  /** Closes the panel and goes to `to` (e.g. the update-password page). */
  leave: (to: string) => void;
  reset: () => void;
}

type Navigate = (to: string) => void;
let navigator: Navigate = (to) => window.location.assign(to);

/** The host (inside the router) registers client-side navigation. */
export function registerSignInNavigator(navigate: Navigate | null): void {
  navigator = navigate ?? ((to) => window.location.assign(to));
}

const initial = {
  isOpen: false,
  page: SIGN_IN_PAGES.login as SignInPage,
  history: [] as SignInPage[],
  skipCartMerge: false,
  signedIn: false,
  forgotStep: 'request' as ForgotPasswordStep,
};

export const useSignInPanel = create<SignInPanelState>()((set, get) => ({
  ...initial,

  open: (page = SIGN_IN_PAGES.login, options = {}) => {
    if (isLocalUrl(options.destination)) rememberDestination(options.destination);
    set({
      isOpen: true,
      page,
      history: [],
      skipCartMerge: options.skipCartMerge === true,
      signedIn: false,
      forgotStep: 'request',
    });
  },

  goTo: (page) => {
    const { page: current, history } = get();
    if (page === current) return;
    set({ page, history: [...history, current], forgotStep: 'request' });
  },

  back: () => {
    const { history } = get();
    const previous = history[history.length - 1];
    if (previous === undefined) return;
    set({ page: previous, history: history.slice(0, -1), forgotStep: 'request' });
  },

  close: () => {
    const { isOpen, signedIn } = get();
    if (!isOpen) return;
    set({ ...initial });
    if (signedIn) {
      const destination = rememberedDestination();
      forgetDestination();
      if (destination) navigator(destination);
      else reloadPage();
    }
  },

  signInSucceeded: (header) => {
    set({ signedIn: true });
    void refreshHeader({ header });
  },

  setForgotStep: (forgotStep) => set({ forgotStep }),

  dismiss: () => {
    const { isOpen, signedIn } = get();
    if (!isOpen) return;
    set({ ...initial });
    if (signedIn) forgetDestination();
  },

  leave: (to) => {
    set({ ...initial });
    forgetDestination();
    navigator(to);
  },

  reset: () => set({ ...initial }),
}));

/** Opens the sign-in panel (page 0 unless told), e.g. from a button. */
export function openSignIn(page: SignInPage = SIGN_IN_PAGES.login, options?: OpenSignInOptions) {
  useSignInPanel.getState().open(page, options);
}
