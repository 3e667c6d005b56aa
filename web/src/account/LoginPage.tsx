import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { refreshHeader, useSession } from '../session';
import { isLocalUrl } from '../shared/forms/redirect';
import { SignInFlowContext, type SignInFlow } from './signin/flow';
import { SignInPageBody } from './signin/SignInPageBody';
import { signInTitle, SIGN_IN_PAGES, type ForgotPasswordStep, type SignInPage } from './signInPanelStore';
import './SignInPanel.css';
import { AccountPageHead } from './pages/common';

/** Where the full page goes after a sign-in without a refUrl. */
export const ACCOUNT_HOME = '/account/';

/** Pages outside the shoppers' app (the staff console, its own entry) load in full. */
export function isOutsideApp(url: string): boolean {
  return url === '/staff' || url.startsWith('/staff/') || url.startsWith('/staff?');
}

/**
 * /account/login/ (spec §2.1): the sign-in pages on a page of their own, for links opened
 * without the panel (a new tab, no script for the panel, a bookmark). `refUrl` (a local URL
 * only) is where a sign-in goes on to, /account/ without one; `create=1` starts on Create
 * Account. A signed-in visitor goes on at once.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loggedIn = useSession((s) => s.loggedIn);
  const ref = params.get('refUrl');
  const refUrl = isLocalUrl(ref) ? ref : null;
  const next = refUrl ?? ACCOUNT_HOME;
  const [page, setPage] = useState<SignInPage>(params.get('create') === '1' ? SIGN_IN_PAGES.create : SIGN_IN_PAGES.login);
  const [history, setHistory] = useState<SignInPage[]>([]);
  const [forgotStep, setForgotStep] = useState<ForgotPasswordStep>('request');
  const titleId = useId();
  const goOn = useCallback(
    (url: string) => {
      if (isOutsideApp(url)) window.location.assign(url);
      else void navigate(url, { replace: true });
    },
    [navigate],
  );
  useEffect(() => {
    if (loggedIn && isOutsideApp(next)) window.location.assign(next);
  }, [loggedIn, next]);

  const goTo = useCallback(
    (target: SignInPage) => {
      if (target === page) return;
      setHistory((h) => [...h, page]);
      setPage(target);
      setForgotStep('request');
    },
    [page],
  );

  const back = () => {
    const previous = history[history.length - 1];
    if (previous === undefined) return;
    setHistory(history.slice(0, -1));
    setPage(previous);
    setForgotStep('request');
  };

  const flow = useMemo<SignInFlow>(
    () => ({
      variant: 'page',
      page,
      goTo,
      forgotStep,
      setForgotStep,
      skipCartMerge: false,
      complete: (header) => {
        void refreshHeader({ header });
        goOn(next);
      },
      completeInPlace: (header) => {
        void refreshHeader({ header });
        goOn(next);
      },
      handOff: () => {},
      leaveTo: (url, header) => {
        void refreshHeader({ header });
        goOn(url);
      },
      destination: () => next,
    }),
    [page, goTo, forgotStep, goOn, next],
  );

  if (loggedIn) return isOutsideApp(next) ? null : <Navigate to={next} replace />;

  const title = signInTitle(page, forgotStep);
  return (
    <div className="container">
      <AccountPageHead title={title} />
      <section className="login-page" aria-labelledby={titleId}>
        <div className="login-page__header">
          {history.length > 0 && (
            <button type="button" className="sign-in-panel__back" onClick={back} aria-label="Back">
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path fill="currentColor" d="M15.4 4.6 8 12l7.4 7.4-1.4 1.4L5.2 12l8.8-8.8z" />
              </svg>
            </button>
          )}
          <h1 id={titleId} className="login-page__title">
            {title}
          </h1>
        </div>
        <div className="login-page__card">
          <SignInFlowContext value={flow}>
            <SignInPageBody key={page} page={page} />
          </SignInFlowContext>
        </div>
      </section>
    </div>
  );
}

export default LoginPage;
