import { SidePanel } from '../shared/ui/SidePanel';
import { SIGN_IN_PAGE_TITLES, SIGN_IN_PAGES, useSignInPanel, type SignInPage } from './signInPanelStore';
import './SignInPanel.css';

/**
 * The login side panel frame (accounts-rewards-search §2.2): one page at a
 * time with a back arrow that follows page history. The page bodies are
 * placeholders until the account pages land.
 */
export default function SignInPanel() {
  const isOpen = useSignInPanel((s) => s.isOpen);
  const page = useSignInPanel((s) => s.page);
  const canGoBack = useSignInPanel((s) => s.history.length > 0);
  const { close, back } = useSignInPanel.getState();

  return (
    <SidePanel
      open={isOpen}
      onClose={close}
      title={SIGN_IN_PAGE_TITLES[page]}
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
      <PlaceholderPage page={page} />
    </SidePanel>
  );
}

function PlaceholderPage({ page }: { page: SignInPage }) {
  const goTo = useSignInPanel((s) => s.goTo);
  return (
    <div className="sign-in-panel__page" data-page={page}>
      <p className="sign-in-panel__placeholder">
        The {SIGN_IN_PAGE_TITLES[page]} page is coming soon.
      </p>
      {page === SIGN_IN_PAGES.login && (
        <div className="sign-in-panel__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => goTo(SIGN_IN_PAGES.create)}
          >
            Create Account
          </button>
          <button
            type="button"
            className="sign-in-panel__link-button"
            onClick={() => goTo(SIGN_IN_PAGES.forgotPassword)}
          >
            Forgot Password?
          </button>
        </div>
      )}
    </div>
  );
}
