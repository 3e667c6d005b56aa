import { createContext, useContext } from 'react';
import type { ForgotPasswordStep, SignInPage } from '../signInPanelStore';

/**
 * What a sign-in page body needs from where it is shown: the side panel (its store) or the
 * full page /account/login/ (its own state and the router). The bodies are the same.
 */
export interface SignInFlow {
  variant: 'panel' | 'page';
  page: SignInPage;
  /** Shows another page; Back returns. */
  goTo: (page: SignInPage) => void;
  forgotStep: ForgotPasswordStep;
  setForgotStep: (step: ForgotPasswordStep) => void;
  /** Sign in without merging the guest cart into the customer's. */
  skipCartMerge: boolean;
  /**
   * Signed in: the header is refreshed and the visitor goes on (panel: the remembered
   * destination, else a reload; page: refUrl, else /account/). `header` is the sign-in
   * answer's `headerJson`: taken as the header data when it is an object, else the header
   * is fetched.
   */
  complete: (header?: unknown) => void;
  /** Signed in, and the rewards menu takes over: the header is refreshed, nothing reloads. */
  completeInPlace: (header?: unknown) => void;
  /** Not signed in yet, and the rewards menu takes over (the panel closes; the page stays). */
  handOff: () => void;
  /** Signed in but sent elsewhere first (the update-password page). */
  leaveTo: (url: string, header?: unknown) => void;
  /** Where the sign-in goes on to (the update-password page's refUrl). */
  destination: () => string | null;
}

export const SignInFlowContext = createContext<SignInFlow | null>(null);

export function useSignInFlow(): SignInFlow {
  const flow = useContext(SignInFlowContext);
  if (!flow) throw new Error('A sign-in page is shown outside a sign-in flow');
  return flow;
}
