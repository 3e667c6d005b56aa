import { useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import { SidePanel } from '../shared/ui/SidePanel';
import { rememberedDestination } from './destination';
import { SignInFlowContext, type SignInFlow } from './signin/flow';
import { SignInPageBody } from './signin/SignInPageBody';
import { signInTitle, useSignInPanel } from './signInPanelStore';
import './SignInPanel.css';

/**
 * The login side panel (accounts-rewards-search §2.2): one page at a time with a back arrow
 * that follows page history. After a successful sign-in it closes to the remembered
 * destination or reloads; when the rewards menu takes over it closes without leaving.
 */
export default function SignInPanel() {
  const isOpen = useSignInPanel((s) => s.isOpen);
  const page = useSignInPanel((s) => s.page);
  const forgotStep = useSignInPanel((s) => s.forgotStep);
  const skipCartMerge = useSignInPanel((s) => s.skipCartMerge);
  const canGoBack = useSignInPanel((s) => s.history.length > 0);
  const { close, back } = useSignInPanel.getState();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  // Another page of the panel (Create Account, Forgot Password?, Back): focus goes to the
  // dialog, which a screen reader announces by its new title, instead of being lost with the
  // page that went.
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const now = isOpen ? `${page}:${forgotStep}` : null;
    if (now && shown.current && now !== shown.current) {
      document.querySelector<HTMLElement>('.side-panel[role="dialog"]')?.focus();
    }
    shown.current = now;
  }, [isOpen, page, forgotStep]);

  const flow = useMemo<SignInFlow>(() => {
    const store = () => useSignInPanel.getState();
    return {
      variant: 'panel',
      page,
      goTo: (next) => store().goTo(next),
      forgotStep,
      setForgotStep: (step) => store().setForgotStep(step),
      skipCartMerge,
      complete: (header) => {
        store().signInSucceeded(header);
        store().close();
      },
      completeInPlace: (header) => {
        store().signInSucceeded(header);
        store().dismiss();
      },
      handOff: () => store().dismiss(),
      leaveTo: (url, header) => {
        store().signInSucceeded(header);
        store().leave(url);
      },
      destination: () => rememberedDestination() ?? here,
    };
  }, [page, forgotStep, skipCartMerge, here]);

  return (
    <SidePanel
      open={isOpen}
      onClose={close}
      title={signInTitle(page, forgotStep)}
      side="right"
      headerStart={
        canGoBack ? (
          <button type="button" className="sign-in-panel__back" onClick={back} aria-label="Back">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M15.4 4.6 8 12l7.4 7.4-1.4 1.4L5.2 12l8.8-8.8z" />
            </svg>
          </button>
        ) : null
      }
    >
      <SignInFlowContext value={flow}>
        <SignInPageBody key={page} page={page} />
      </SignInFlowContext>
    </SidePanel>
  );
}
