import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import {
  deleteAccount,
  endDeviceSession,
  fetchDeviceSessions,
  fetchLinkedSignIns,
  fetchPasskeys,
  finishPasskeyRegistration,
  REAUTHENTICATION_REQUIRED,
  removePasskey,
  startPasskeyRegistration,
  unlinkSignIn,
  verifyPassword,
  type DeviceSession,
  type LinkedSignIn,
  type Passkey,
} from '../../shared/api/accountPages';
import { NetworkError } from '../../shared/api/client';
import type { Json } from '../../shared/api/json';
import { MESSAGES } from '../../shared/forms';
import { GENERIC_ERROR_MESSAGE, reportError } from '../../shared/ui/errors';
import { Modal } from '../../shared/ui/Modal';
import { useSession } from '../../session';
import { LOGOUT_PATH } from '../signInLinks';
import {
  ACCOUNT_HOME_TITLE,
  AccountBreadcrumb,
  AccountListItem,
  AccountPageHead,
  AccountSection,
  DateText,
  failureMessage,
  loadAfterSessionChange,
  NoticeLine,
  QueryState,
  SignInRequired,
  useAccountQuery,
  type Notice,
  type Query,
} from './common';
import { ConfirmDialog } from './ConfirmDialog';
import { createPasskey, passkeysSupported } from './webauthn';

/** The account's links (storefront-shell §2 "Account"). */
export const ACCOUNT_HOME_LINKS = [
  { label: 'Order History', href: '/account/orders/', text: 'Your online and in-store orders.' },
  { label: 'My Rewards', href: '/account/rewards/', text: 'Points, gift cards and special deals.' },
  { label: 'Track Your Order', href: '/account/track-your-order/', text: 'Where an order is right now.' },
  { label: 'Gift Registries', href: '/gift-registry/list/', text: 'Your registries and wish lists: make one, add items, share it.' },
] as const;

/** The server's words when a passkey could not be added (also for a browser failure). */
export const PASSKEY_NOT_ADDED = 'We could not add this passkey. Please try again.';
export const PASSKEY_ALREADY_HERE = 'This device already has a passkey for your account.';
/** What an empty list of linked sign-ins says. */
export const NO_LINKED_SIGN_INS =
  'No other sign-in is connected to your account. You can connect Google, Facebook or Apple from the sign-in panel.';
/** After unlinking `provider`'s sign-in. */
export function signInUnlinkedMessage(provider: string): string {
  return `${provider} sign-in was unlinked. You can still sign in with your email and password; if you never set one, use 'Forgot password'.`;
}
/** The server's words for delete without a fresh password (reasonCode 13). */
export const PASSWORD_AGAIN_TO_DELETE = 'Please enter your password again to delete your account.';

/**
 * /account/: the greeting, the account's links, the devices signed in, passkeys, the linked
 * third-party sign-ins and deleting the account. A guest gets the sign-in panel (it comes back here).
 */
export function AccountHomePage() {
  // A navigation to this page again (after a sign-in from the panel) loads anew.
  const { key } = useLocation();
  return (
    <article className="account-page">
      <AccountPageHead title={ACCOUNT_HOME_TITLE} />
      <AccountBreadcrumb current={ACCOUNT_HOME_TITLE} />
      <h1 className="account-page__title">{ACCOUNT_HOME_TITLE}</h1>
      <AccountHome key={key} />
    </article>
  );
}

function AccountHome() {
  const firstName = useSession((s) => s.customer?.firstName ?? null);
  const [sessions, reloadSessions] = useAccountQuery(fetchDeviceSessions);
  const [passkeys, reloadPasskeys] = useAccountQuery(fetchPasskeys);
  const [signIns, reloadSignIns] = useAccountQuery(fetchLinkedSignIns);

  if (sessions.status === 'guest' || passkeys.status === 'guest' || signIns.status === 'guest') {
    return <SignInRequired />;
  }
  if (sessions.status === 'loading' && passkeys.status === 'loading' && signIns.status === 'loading') {
    return (
      <p className="account-muted" role="status">
        Loading your account…
      </p>
    );
  }

  return (
    <>
      <p className="account-page__greeting">{firstName ? `Hi, ${firstName}!` : 'Hi there!'}</p>
      <nav aria-label="My account">
        <ul className="account-links">
          {ACCOUNT_HOME_LINKS.map((link) => (
            <li key={link.href}>
              <Link to={link.href} className="account-links__link">
                <span className="account-links__label">{link.label}</span>
                <span className="account-links__text">{link.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="account-sections">
        <DevicesSection query={sessions} reload={reloadSessions} />
        <PasskeysSection query={passkeys} reload={reloadPasskeys} />
        <SignInsSection query={signIns} reload={reloadSignIns} />
        <DeleteAccountSection />
      </div>
      <p className="account-page__sign-out">
        {/* The server's GET (303): a document navigation, never client routing. */}
        <a href={LOGOUT_PATH} className="button button--secondary">
          Sign Out
        </a>
      </p>
    </>
  );
}

/** Moves focus to a notice once it is shown (the control that was used may be gone). */
function useFocusOnNotice(notice: Notice | null) {
  const ref = useRef<HTMLParagraphElement>(null);
  const wanted = useRef(false);
  useEffect(() => {
    if (notice && wanted.current) {
      wanted.current = false;
      ref.current?.focus();
    }
  }, [notice]);
  return {
    ref,
    /** The next notice takes focus. */
    focusNext: () => {
      wanted.current = true;
    },
  };
}

/**
 * An action on an item of a section's list that a dialog confirms first: `ask(item)` opens the
 * dialog (`dialog` is its state and buttons); confirming runs `act` on the item, shows what it
 * answers (a failure's words when it throws) in the section's notice, which takes focus, and
 * loads the list again.
 */
function useConfirmedAction<T>(act: (item: T) => Promise<Notice>, reload: () => void) {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const focus = useFocusOnNotice(notice);

  async function run(item: T) {
    setBusy(true);
    try {
      const done = await act(item);
      focus.focusNext();
      setNotice(done);
      reload();
    } catch (error) {
      focus.focusNext();
      setNotice({ kind: 'error', text: failureMessage(error) });
    } finally {
      setBusy(false);
      setTarget(null);
    }
  }

  return {
    target,
    notice,
    setNotice,
    noticeRef: focus.ref,
    ask: (item: T) => {
      setNotice(null);
      setTarget(item);
    },
    dialog: {
      open: target !== null,
      busy,
      onConfirm: () => {
        if (target !== null) void run(target);
      },
      onCancel: () => setTarget(null),
    },
  };
}

function DevicesSection({ query, reload }: { query: Query<DeviceSession[]>; reload: () => void }) {
  const signOut = useConfirmedAction(async (device: DeviceSession): Promise<Notice> => {
    const ended = await endDeviceSession(device.id);
    return {
      kind: 'success',
      text: ended ? `${deviceName(device)} is signed out.` : 'That device was already signed out.',
    };
  }, reload);

  return (
    <AccountSection
      title="Signed-in devices"
      intro="These browsers and devices are signed in to your account. Sign out any you don't recognize."
    >
      {(headingId) => (
        <>
          <NoticeLine notice={signOut.notice} focusRef={signOut.noticeRef} />
          <QueryState query={query} what="your devices" onRetry={reload} />
          {query.status === 'ready' && (
            <ul className="account-list" aria-labelledby={headingId}>
              {query.data.map((device) => (
                <AccountListItem
                  key={device.id}
                  name={
                    <>
                      {deviceName(device)}
                      {device.current && <span className="account-badge">This device</span>}
                    </>
                  }
                  meta={
                    <>
                      Last seen <DateText iso={device.lastSeen} withTime />
                    </>
                  }
                >
                  {!device.current && (
                    <button
                      type="button"
                      className="button button--secondary account-list__action"
                      onClick={() => signOut.ask(device)}
                    >
                      Sign out this device<span className="visually-hidden">: {deviceName(device)}</span>
                    </button>
                  )}
                </AccountListItem>
              ))}
            </ul>
          )}
          <ConfirmDialog
            {...signOut.dialog}
            title="Sign out this device?"
            confirmLabel="Sign out"
            busyLabel="Signing out…"
          >
            <p>
              {signOut.target ? deviceName(signOut.target) : 'The device'} will be signed out of your account. Anyone
              using it will need your password to sign in again.
            </p>
          </ConfirmDialog>
        </>
      )}
    </AccountSection>
  );
}

function deviceName(device: DeviceSession): string {
  return device.device.trim() || 'Unknown device';
}

function PasskeysSection({ query, reload }: { query: Query<Passkey[]>; reload: () => void }) {
  const [supported] = useState(passkeysSupported);
  const [adding, setAdding] = useState(false);
  const remove = useConfirmedAction(async (passkey: Passkey): Promise<Notice> => {
    const answer = await removePasskey(passkey.id);
    return answer.success
      ? { kind: 'success', text: `The passkey added on ${passkeyName(passkey)} was removed.` }
      : { kind: 'error', text: answer.errorMessage ?? GENERIC_ERROR_MESSAGE };
  }, reload);
  const setNotice = remove.setNotice;

  async function add() {
    if (adding) return;
    setAdding(true);
    setNotice(null);
    try {
      const options = await startPasskeyRegistration();
      const credential = await createPasskey(options.publicKey as unknown as Json);
      const answer = await finishPasskeyRegistration(credential);
      if (answer.success) {
        setNotice({ kind: 'success', text: 'Your passkey was added. You can now sign in with it.' });
        reload();
      } else {
        setNotice({ kind: 'error', text: answer.errorMessage ?? PASSKEY_NOT_ADDED });
      }
    } catch (error) {
      if (error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
        // The person closed the browser's passkey prompt: nothing to say.
      } else if (error instanceof DOMException && error.name === 'InvalidStateError') {
        setNotice({ kind: 'error', text: PASSKEY_ALREADY_HERE });
      } else if (error instanceof NetworkError) {
        setNotice({ kind: 'error', text: failureMessage(error) });
      } else {
        reportError(error);
        setNotice({ kind: 'error', text: PASSKEY_NOT_ADDED });
      }
    } finally {
      setAdding(false);
    }
  }

  return (
    <AccountSection
      title="Passkeys"
      intro="A passkey signs you in with your fingerprint, face or screen lock instead of your password."
    >
      {(headingId) => (
        <>
          <NoticeLine notice={remove.notice} focusRef={remove.noticeRef} />
          <QueryState query={query} what="your passkeys" onRetry={reload} />
          {query.status === 'ready' &&
            (query.data.length === 0 ? (
              <p className="account-muted">You have no passkeys yet.</p>
            ) : (
              <ul className="account-list" aria-labelledby={headingId}>
                {query.data.map((passkey) => (
                  <AccountListItem
                    key={passkey.id}
                    name={passkeyName(passkey)}
                    meta={
                      <>
                        Created <DateText iso={passkey.created} />
                        {' · '}
                        {passkey.lastUsed ? (
                          <>
                            Last used <DateText iso={passkey.lastUsed} />
                          </>
                        ) : (
                          'Not used yet'
                        )}
                      </>
                    }
                  >
                    <button
                      type="button"
                      className="button button--secondary account-list__action"
                      onClick={() => remove.ask(passkey)}
                    >
                      Remove{' '}
                      <span className="visually-hidden">the passkey added on {passkeyName(passkey)}</span>
                    </button>
                  </AccountListItem>
                ))}
              </ul>
            ))}
          {query.status === 'ready' &&
            (supported ? (
              <p>
                <button
                  type="button"
                  className="button"
                  aria-disabled={adding || undefined}
                  onClick={() => void add()}
                >
                  {adding ? 'Adding a passkey…' : 'Add a passkey'}
                </button>
              </p>
            ) : (
              <p className="account-muted">
                This browser can't make passkeys. Use a browser that supports them to add one.
              </p>
            ))}
          <ConfirmDialog
            {...remove.dialog}
            title="Remove this passkey?"
            confirmLabel="Remove"
            busyLabel="Removing…"
            danger
          >
            <p>
              You will no longer be able to sign in with the passkey added on{' '}
              {remove.target ? passkeyName(remove.target) : 'this device'}.
            </p>
          </ConfirmDialog>
        </>
      )}
    </AccountSection>
  );
}

function passkeyName(passkey: Passkey): string {
  return passkey.name.trim() || 'an unknown device';
}

/** The Google, Facebook and Apple sign-ins linked to the account, each with Unlink. */
function SignInsSection({ query, reload }: { query: Query<LinkedSignIn[]>; reload: () => void }) {
  const unlink = useConfirmedAction(async (signIn: LinkedSignIn): Promise<Notice> => {
    const answer = await unlinkSignIn(signIn.id);
    return answer.success
      ? { kind: 'success', text: signInUnlinkedMessage(signIn.provider) }
      : { kind: 'error', text: answer.errorMessage ?? GENERIC_ERROR_MESSAGE };
  }, reload);

  return (
    <AccountSection title="Sign-in methods" intro="Other accounts you sign in with instead of your email and password.">
      {(headingId) => (
        <>
          <NoticeLine notice={unlink.notice} focusRef={unlink.noticeRef} />
          <QueryState query={query} what="your sign-in methods" onRetry={reload} />
          {query.status === 'ready' &&
            (query.data.length === 0 ? (
              <p className="account-muted">{NO_LINKED_SIGN_INS}</p>
            ) : (
              <ul className="account-list" aria-labelledby={headingId}>
                {query.data.map((signIn) => (
                  <AccountListItem
                    key={signIn.id}
                    name={signIn.provider}
                    meta={
                      <>
                        Linked <DateText iso={signIn.linked} />
                      </>
                    }
                  >
                    <button
                      type="button"
                      className="button button--secondary account-list__action"
                      onClick={() => unlink.ask(signIn)}
                    >
                      Unlink <span className="visually-hidden">{signIn.provider}</span>
                    </button>
                  </AccountListItem>
                ))}
              </ul>
            ))}
          <ConfirmDialog
            {...unlink.dialog}
            title="Unlink this sign-in?"
            confirmLabel="Unlink"
            busyLabel="Unlinking…"
            danger
          >
            <p>
              You will no longer be able to sign in with {unlink.target?.provider ?? 'this account'}. You can still
              sign in with your email and password.
            </p>
          </ConfirmDialog>
        </>
      )}
    </AccountSection>
  );
}

function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <AccountSection
      title="Delete my account"
      className="account-section--danger"
      intro="This permanently erases your account and the personal data we keep with it, and signs you out on every device. It cannot be undone."
    >
      <p>
        <button type="button" className="button account-button--danger" onClick={() => setOpen(true)}>
          Delete my account
        </button>
      </p>
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </AccountSection>
  );
}

/** Password ⇒ verifyPassword ⇒ delete; a delete that wants the password again asks again. */
function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, []);

  function askAgain(message: string) {
    setError(message);
    setPassword('');
    input.current?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      askAgain(MESSAGES.required);
      return;
    }
    setBusy(true);
    let leaving = false;
    try {
      const verified = await verifyPassword(password);
      if (!verified.success) {
        askAgain(verified.errorMessage ?? GENERIC_ERROR_MESSAGE);
        return;
      }
      const answer = await deleteAccount();
      if (answer.success) {
        leaving = true;
        loadAfterSessionChange(answer.redirectUrl, '/');
        return;
      }
      if (answer.reasonCode === REAUTHENTICATION_REQUIRED) {
        askAgain(answer.errorMessage ?? PASSWORD_AGAIN_TO_DELETE);
        return;
      }
      setError(answer.errorMessage ?? GENERIC_ERROR_MESSAGE);
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      if (!leaving) setBusy(false);
    }
  }

  return (
    <Modal open onClose={busy ? () => {} : onClose} title="Delete your account?">
      <form className="account-form" onSubmit={(e) => void submit(e)} noValidate>
        <p>Your account will be erased right away, and this cannot be undone. Enter your password to confirm.</p>
        <div className="account-field">
          <label htmlFor={inputId} className="form-label">
            Password
          </label>
          <input
            ref={input}
            id={inputId}
            type="password"
            className="account-input"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {error && (
            <p id={errorId} className="form-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="account-dialog__actions">
          <button type="submit" className="button account-button--danger" aria-disabled={busy || undefined}>
            {busy ? 'Deleting…' : 'Delete my account'}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
