import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useDisclosureDismiss } from '../header/useDisclosureDismiss';
import { useSession } from '../session';
import { loginHref, logoutHref, REQUIRES_SIGN_IN_ATTR, SIGN_IN_ATTR } from './signInLinks';
import './AccountMenu.css';

export const ACCOUNT_LINKS = {
  home: '/account/',
  orders: '/account/orders/',
  rewards: '/account/rewards/',
  registries: '/gift-registry/list/',
  trackOrder: '/account/track-your-order/',
} as const;

/** The greeting for a signed-in customer. */
export function greetingText(greeting: string | null, firstName: string | undefined): string {
  if (greeting) return greeting;
  return firstName ? `Hi, ${firstName}` : 'Hi there';
}

const guardAttr = { [REQUIRES_SIGN_IN_ATTR]: '' };

/**
 * The account dropdown (spec §2 Header). Guests: Sign In, Create Account and
 * Track Order, plus the account links, which open the sign-in panel for
 * them (the destination is remembered). Signed-in customers: the account
 * links, Registries when they have any, Track Order and Sign Out.
 */
export function AccountMenu() {
  const loggedIn = useSession((s) => s.loggedIn);
  const customer = useSession((s) => s.customer);
  const greeting = useSession((s) => s.greeting);
  const location = useLocation();
  const currentPath = `${location.pathname}${location.search}`;

  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useDisclosureDismiss(open, () => setOpen(false), container, toggle);

  // A navigation closes it.
  useEffect(() => setOpen(false), [location.key]);

  function onItemClick(event: MouseEvent) {
    setOpen(false);
    // The sign-in panel took the click (a guest on an account link) but has not shown yet (its
    // code is loading): give focus to the toggle, so the panel takes it as its opener and gives
    // it back there. A panel already shown holds focus itself.
    const inDialog = document.activeElement?.closest('[role="dialog"]');
    if (event.nativeEvent.defaultPrevented && !inDialog) toggle.current?.focus();
  }

  const hello = loggedIn ? greetingText(greeting, customer?.firstName) : 'Hello, Sign In';

  return (
    <div className="account-menu" ref={container}>
      <button
        ref={toggle}
        type="button"
        className="account-menu__toggle header-action"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <svg className="header-action__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0-8a3 3 0 1 1 0 6 3 3 0 0 1 0-6Zm0 10c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Zm-6 6v-1c0-1.2 2.5-3 6-3s6 1.8 6 3v1H6Z"
          />
        </svg>
        <span className="header-action__text">
          <span className="account-menu__hello">{hello}</span>{' '}
          <span className="header-action__label">Account</span>
        </span>
      </button>

      <div id={panelId} className="account-menu__panel header-popup" hidden={!open}>
        {loggedIn ? (
          <p className="account-menu__greeting">{hello}</p>
        ) : (
          <div className="account-menu__guest">
            <a href={loginHref(currentPath)} className="button" {...{ [SIGN_IN_ATTR]: 'login' }} onClick={onItemClick}>
              Sign In
            </a>
            <a
              href={loginHref(currentPath, true)}
              className="button button--secondary"
              {...{ [SIGN_IN_ATTR]: 'create' }}
              onClick={onItemClick}
            >
              Create Account
            </a>
          </div>
        )}
        <ul className="account-menu__list" aria-label="Account">
          <li>
            <Link to={ACCOUNT_LINKS.home} {...guardAttr} onClick={onItemClick}>
              Account Home
            </Link>
          </li>
          <li>
            <Link to={ACCOUNT_LINKS.orders} {...guardAttr} onClick={onItemClick}>
              Orders
            </Link>
          </li>
          <li>
            <Link to={ACCOUNT_LINKS.rewards} {...guardAttr} onClick={onItemClick}>
              Rewards
            </Link>
          </li>
          {loggedIn && customer?.customerHasRegistries && (
            <li>
              <Link to={ACCOUNT_LINKS.registries} {...guardAttr} onClick={onItemClick}>
                Registries
              </Link>
            </li>
          )}
          <li>
            <Link to={ACCOUNT_LINKS.trackOrder} onClick={onItemClick}>
              Track Order
            </Link>
          </li>
          {loggedIn && (
            <li>
              <a href={logoutHref(currentPath)} onClick={onItemClick}>
                Sign Out
              </a>
            </li>
          )}
        </ul>
      </div>
    </div>
  );
}
