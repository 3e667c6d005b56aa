import { useCallback, useEffect, useRef, useState } from 'react';
import {
  fetchOauthNonce,
  NEW_ACCOUNT_REASON,
  providerAuth,
  REASON_CODES,
  type LoginMethod,
} from '../../shared/api/account';
import {
  appleSignIn,
  facebookSignIn,
  prepareApple,
  prepareFacebook,
  renderGoogleButton,
} from '../../shared/api/providers';
import { reportError } from '../../shared/ui/errors';
import { useSignInData } from '../signInData';
import { SIGN_IN_PAGES } from '../signInPanelStore';
import { useSignInFlow } from './flow';
import { Banner } from './formParts';
import { failureText, faultText } from './texts';
import { useSignInOptions } from './useSignInOptions';

/**
 * Google, Facebook and Apple sign-in (spec §3 "Third-party sign-in"), on the sign-in and
 * create pages. Each button shows, and its client library loads, only when its client id is
 * configured. A signed-in identity goes on like any sign-in; 'New Account' goes to
 * enter-phone with the credential kept for `createoauthwithphone`. A refusal shows
 * '{error} - {message}' (the answer's `reason` and `errorMessage`, spec §8), a closed popup
 * nothing.
 */
export function ThirdPartyButtons({ purpose }: { purpose: 'signin' | 'signup' }) {
  const options = useSignInOptions();
  const flow = useSignInFlow();
  const setNewAccount = useSignInData((s) => s.setNewAccount);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [nonce, setNonce] = useState<string | null>(null);
  const needsNonce = Boolean(options?.google || options?.apple);

  useEffect(() => {
    if (!needsNonce) return;
    let live = true;
    fetchOauthNonce().then(
      (value) => {
        if (live) setNonce(value);
      },
      (cause: unknown) => reportError(cause),
    );
    return () => {
      live = false;
    };
  }, [needsNonce]);

  const signIn = useCallback(
    async (method: LoginMethod, credentialToken: string) => {
      setBusy(true);
      setError(null);
      try {
        const answer = await providerAuth(method, credentialToken, { skipCartMerge: flow.skipCartMerge });
        if (answer.success) {
          flow.complete(answer.headerJson);
          return;
        }
        if (answer.reason === NEW_ACCOUNT_REASON || answer.reasonCode === REASON_CODES.REWARDS_ACCOUNT_NOT_FOUND) {
          setNewAccount({ loginMethod: method, credentialToken });
          flow.goTo(SIGN_IN_PAGES.enterPhone);
          return;
        }
        setError(failureText(answer.reason, answer.errorMessage));
      } catch (cause) {
        setError(faultText(cause));
      } finally {
        setBusy(false);
      }
    },
    [flow, setNewAccount],
  );

  const onError = useCallback((cause: unknown) => {
    reportError(cause);
    setError(faultText(cause));
  }, []);

  if (!options || !(options.google || options.facebook || options.apple)) return null;
  const label = purpose === 'signup' ? 'Sign up' : 'Sign in';

  return (
    <div className="sign-in__providers" aria-busy={busy || undefined}>
      <p className="sign-in__divider">
        <span>or</span>
      </p>
      <div className="sign-in__provider-list" role="group" aria-label={`${label} with another account`}>
        {options.google && nonce && (
          <GoogleButton clientId={options.google} nonce={nonce} purpose={purpose} onCredential={signIn} />
        )}
        {options.facebook && (
          <FacebookButton appId={options.facebook} label={label} disabled={busy} onCredential={signIn} onError={onError} />
        )}
        {options.apple && (
          <AppleButton
            clientId={options.apple}
            nonce={nonce}
            label={label}
            disabled={busy}
            onCredential={signIn}
            onError={onError}
          />
        )}
      </div>
      <Banner message={error} />
    </div>
  );
}

type OnCredential = (method: LoginMethod, credentialToken: string) => void;

function GoogleButton({
  clientId,
  nonce,
  purpose,
  onCredential,
}: {
  clientId: string;
  nonce: string;
  purpose: 'signin' | 'signup';
  onCredential: OnCredential;
}) {
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(onCredential);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    latest.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let live = true;
    renderGoogleButton(
      element,
      clientId,
      nonce,
      (credential) => {
        if (live) latest.current('Google', credential);
      },
      { text: purpose === 'signup' ? 'signup_with' : 'signin_with', width: element.clientWidth || 320 },
    ).catch((cause: unknown) => {
      if (live) setFailed(true);
      reportError(cause);
    });
    return () => {
      live = false;
    };
  }, [clientId, nonce, purpose]);

  if (failed) return null;
  return <div ref={container} className="sign-in__google" data-provider="Google" />;
}

/** Loads a provider's library once its button shows: false when it could not (the button is then left out). */
function useLibraryLoads(prepare: () => Promise<unknown>): boolean {
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let live = true;
    prepare().catch((cause: unknown) => {
      if (live) setUnavailable(true);
      reportError(cause);
    });
    return () => {
      live = false;
    };
  }, [prepare]);
  return !unavailable;
}

/** What Facebook's and Apple's buttons are given by the list. */
interface PopupButtonProps {
  label: string;
  disabled: boolean;
  onCredential: OnCredential;
  onError: (cause: unknown) => void;
}

function FacebookButton({ appId, ...props }: PopupButtonProps & { appId: string }) {
  const loads = useLibraryLoads(useCallback(() => prepareFacebook(appId), [appId]));
  if (!loads) return null;
  return (
    <PopupButton
      {...props}
      method="Facebook"
      icon="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12Z"
      signIn={() => facebookSignIn(appId)}
    />
  );
}

function AppleButton({ clientId, nonce, ...props }: PopupButtonProps & { clientId: string; nonce: string | null }) {
  const loads = useLibraryLoads(prepareApple);
  if (!loads) return null;
  return (
    <PopupButton
      {...props}
      method="Apple"
      icon="M16.4 12.7c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8 1.4 0 2.3-1.3 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9 0 0-2.7-1-2.7-4.1ZM13.9 5.1c.7-.9 1.2-2 1-3.1-1 0-2.2.7-2.9 1.5-.6.7-1.2 1.9-1 3 1.1.1 2.2-.6 2.9-1.4Z"
      disabled={props.disabled || nonce === null}
      signIn={() => (nonce === null ? Promise.resolve(null) : appleSignIn(clientId, nonce))}
    />
  );
}

/**
 * A provider's own button that signs in through the provider's popup: `signIn` answers the
 * credential, or null when the person closed the popup (then nothing happens).
 */
function PopupButton({
  method,
  label,
  icon,
  disabled,
  signIn,
  onCredential,
  onError,
}: PopupButtonProps & {
  method: 'Facebook' | 'Apple';
  /** The logo's SVG path (24×24). */
  icon: string;
  signIn: () => Promise<string | null>;
}) {
  return (
    <button
      type="button"
      className={`sign-in__provider sign-in__provider--${method.toLowerCase()}`}
      disabled={disabled}
      onClick={async () => {
        try {
          const token = await signIn();
          if (token) onCredential(method, token);
        } catch (cause) {
          onError(cause);
        }
      }}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path fill="currentColor" d={icon} />
      </svg>
      {label} with {method}
    </button>
  );
}
