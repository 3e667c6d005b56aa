import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LazyBoundary } from '../header/LazyBoundary';
import { loginHref, useSignInLinks } from './signInLinks';
import { registerSignInNavigator, SIGN_IN_PAGES, useSignInPanel } from './signInPanelStore';

const SignInPanel = lazy(() => import('./SignInPanel'));

/**
 * Mounts the sign-in panel (its code loads on first open), hands it the
 * router's navigation, and makes sign-in links open it.
 */
export function SignInPanelHost() {
  const navigate = useNavigate();
  const location = useLocation();
  const isOpen = useSignInPanel((s) => s.isOpen);
  const [needed, setNeeded] = useState(isOpen);
  if (isOpen && !needed) setNeeded(true);

  useSignInLinks();
  useEffect(() => {
    registerSignInNavigator((to) => void navigate(to));
    return () => registerSignInNavigator(null);
  }, [navigate]);

  if (!needed) return null;
  // Its code failed to load: use the sign-in page instead.
  const fallback = () => {
    const create = useSignInPanel.getState().page === SIGN_IN_PAGES.create;
    useSignInPanel.getState().reset();
    window.location.assign(loginHref(`${location.pathname}${location.search}`, create));
  };
  return (
    <LazyBoundary onError={fallback}>
      <Suspense fallback={null}>
        <SignInPanel />
      </Suspense>
    </LazyBoundary>
  );
}
