/**
 * What the account pages share: the document head (title, noindex), the breadcrumb, the
 * signed-out state, sections and their lists, loading their data, and how dates, points and
 * failures read.
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { useLocation } from 'react-router';
import { isNotSignedIn } from '../../shared/api/accountPages';
import { forgetAntiForgeryToken } from '../../shared/api/antiforgery';
import { NetworkError } from '../../shared/api/client';
import { safeLocalRedirect } from '../../shared/forms';
import { Breadcrumb } from '../../shared/ui/Breadcrumb';
import { GENERIC_ERROR_MESSAGE, reportError } from '../../shared/ui/errors';
import { openSignIn, SIGN_IN_PAGES } from '../signInPanelStore';
import { loadPage } from './navigation';
import './accountPages.css';

export const ACCOUNT_HOME_PATH = '/account/';
export const ACCOUNT_HOME_TITLE = 'My Account';
export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to see your account.';

/**
 * The document title and `noindex`: an account page is one person's and a reset link's page
 * is a secret, so no search engine keeps them.
 */
export function AccountPageHead({ title }: { title: string }) {
  return (
    <>
      <title>{`${title} | Storefront`}</title>
      <meta name="robots" content="noindex, nofollow" />
    </>
  );
}

export interface Crumb {
  label: string;
  href: string;
}

/** Home › (the trail) › this page, as the department pages show it (the one `Breadcrumb`). */
export function AccountBreadcrumb({ trail = [], current }: { trail?: Crumb[]; current: string }) {
  return <Breadcrumb trail={[...trail.map((c) => ({ name: c.label, url: c.href })), { name: current, url: '' }]} current />;
}

/**
 * A titled section of a page, named by its heading. `children` may be a function of the
 * heading's id, for the lists and tables in it that the heading names too.
 */
export function AccountSection({
  title,
  intro,
  className,
  children,
}: {
  title: string;
  /** The sentence under the title. */
  intro?: ReactNode;
  /** Added to the section's own class. */
  className?: string;
  children: ReactNode | ((headingId: string) => ReactNode);
}) {
  const headingId = useId();
  return (
    <section className={className ? `account-section ${className}` : 'account-section'} aria-labelledby={headingId}>
      <h2 id={headingId} className="account-section__title">
        {title}
      </h2>
      {intro && <p className="account-section__intro">{intro}</p>}
      {typeof children === 'function' ? children(headingId) : children}
    </section>
  );
}

/** An item of a section's list: its name, a line about it, and what can be done to it (`children`). */
export function AccountListItem({ name, meta, children }: { name: ReactNode; meta: ReactNode; children?: ReactNode }) {
  return (
    <li className="account-list__item">
      <div className="account-list__main">
        <p className="account-list__name">{name}</p>
        <p className="account-list__meta">{meta}</p>
      </div>
      {children}
    </li>
  );
}

/** The path and query of this page: where a sign-in comes back to. */
export function useCurrentPath(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

/** 'Sign In': opens the sign-in panel, which comes back to this page after the sign-in. */
export function SignInButton({ className = 'button' }: { className?: string }) {
  const destination = useCurrentPath();
  return (
    <button type="button" className={className} onClick={() => openSignIn(SIGN_IN_PAGES.login, { destination })}>
      Sign In
    </button>
  );
}

/**
 * A guest on an account page: the sign-in panel opens once (it comes back here after the
 * sign-in), and the page says why, with a button to open it again.
 */
export function SignInRequired({ message = SIGN_IN_REQUIRED_MESSAGE }: { message?: string }) {
  const destination = useCurrentPath();
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    openSignIn(SIGN_IN_PAGES.login, { destination });
  }, [destination]);
  return (
    <div className="account-notice" role="status">
      <p className="account-notice__lead">{message}</p>
      <SignInButton />
    </div>
  );
}

/**
 * After a call that signed this browser in anew or out (a new password, a deleted account):
 * forgets the anti-forgery token and loads `url` in full when it is a local path, else
 * `fallback`.
 */
export function loadAfterSessionChange(url: string | null | undefined, fallback: string): void {
  forgetAntiForgeryToken();
  loadPage(safeLocalRedirect(url, fallback));
}

export type Query<T> =
  | { status: 'loading' }
  | { status: 'guest' }
  | { status: 'error' }
  | { status: 'ready'; data: T };

/**
 * Loads a page's data once, and again on `reload()` (what is shown stays until the new answer
 * is in). A 401 is a guest; anything else an error. `fetcher` must be stable (a module's
 * function): a new one loads again.
 */
export function useAccountQuery<T>(fetcher: (signal: AbortSignal) => Promise<T>): [Query<T>, () => void] {
  const [query, setQuery] = useState<Query<T>>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetcher(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setQuery({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isNotSignedIn(error)) {
          setQuery({ status: 'guest' });
          return;
        }
        if (!(error instanceof NetworkError)) reportError(error);
        setQuery((previous) => (previous.status === 'ready' ? previous : { status: 'error' }));
      },
    );
    return () => controller.abort();
  }, [fetcher, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return [query, reload];
}

/**
 * What a failed call shows: the words the client layer gives (the cookie message for a 403,
 * the server's own for a refusal), 'A network error has occurred' for other faults, and the
 * generic message (reported) for anything unexpected.
 */
export function failureMessage(error: unknown): string {
  if (error instanceof NetworkError) return error.serverMessage ?? error.message;
  reportError(error);
  return GENERIC_ERROR_MESSAGE;
}

/** A section's loading and error states. */
export function QueryState({ query, what, onRetry }: { query: Query<unknown>; what: string; onRetry: () => void }) {
  if (query.status === 'loading') {
    return (
      <p className="account-muted" role="status">
        Loading {what}…
      </p>
    );
  }
  if (query.status === 'error') {
    return (
      <div className="account-message account-message--error" role="alert">
        <p>{GENERIC_ERROR_MESSAGE}</p>
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  return null;
}

/** A line the page says after an action: a polite status, or an alert for a failure. */
export interface Notice {
  kind: 'success' | 'error';
  text: string;
}

export function NoticeLine({ notice, focusRef }: { notice: Notice | null; focusRef?: Ref<HTMLParagraphElement> }) {
  return (
    <div aria-live="polite" className="account-notice-slot">
      {notice && (
        <p
          ref={focusRef}
          tabIndex={-1}
          role={notice.kind === 'error' ? 'alert' : undefined}
          className={`account-message account-message--${notice.kind}`}
        >
          {notice.text}
        </p>
      )}
    </div>
  );
}

const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const NUMBER = new Intl.NumberFormat('en-US');

function parsed(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Mar 4, 2025' in the visitor's time zone; '' for no date. */
export function formatDate(iso: string | null | undefined): string {
  const date = parsed(iso);
  return date ? DATE.format(date) : '';
}

/** 'Mar 4, 2025, 3:07 PM' in the visitor's time zone; '' for no date. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parsed(iso);
  return date ? DATE_TIME.format(date) : '';
}

/** 2,500 */
export function formatPoints(points: number): string {
  return NUMBER.format(points);
}

/** +120 / -250 (history rows). */
export function formatSignedPoints(points: number): string {
  return points > 0 ? `+${NUMBER.format(points)}` : NUMBER.format(points);
}

/** A `<time>` element for a date, or nothing. */
export function DateText({ iso, withTime = false }: { iso: string | null | undefined; withTime?: boolean }): ReactNode {
  const text = withTime ? formatDateTime(iso) : formatDate(iso);
  if (!text) return null;
  return <time dateTime={iso ?? undefined}>{text}</time>;
}
