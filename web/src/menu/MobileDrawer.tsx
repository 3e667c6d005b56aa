import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate } from 'react-router';
import type { MenuItem } from '../shared/api/shell';
import { ACCOUNT_LINKS, greetingText } from '../account/AccountMenu';
import { openSignIn } from '../account/signInPanelStore';
import { useAriaCurrent } from '../app/currentPage';
import { COMPANY_LINKS } from '../content/siteLinks';
import { trackMenuClick } from '../header/analytics';
import { openStoreMenu, storeCityState } from '../header/StoreLink';
import { useSession } from '../session';
import { SidePanel } from '../shared/ui/SidePanel';
import {
  ANIMAL_RX_ID,
  AUTOMOTIVE_LINKS,
  AUTOMOTIVE_SERVICE_ID,
  isRewardsLink,
  LOWER_FIXED_LINKS,
  rewardsPath,
  shopAllLabel,
  splitDepartments,
} from './departments';
import { loadMegaMenuAd, useMegaMenuAd } from './megaMenuAd';
import { MegaMenuAdLink } from './MegaMenuAdLink';
import './MobileDrawer.css';

export const DRAWER_TITLE = 'Menu';

/** The automotive service center drills into its fixed links. */
function drillChildren(item: MenuItem): MenuItem[] {
  if (item.id !== AUTOMOTIVE_SERVICE_ID) return item.children;
  return AUTOMOTIVE_LINKS.map((link, i) => ({
    id: -(i + 1),
    name: link.text,
    url: link.url,
    bannerImageUrl: null,
    bannerLinkUrl: null,
    children: [],
  }));
}

function canDrill(item: MenuItem): boolean {
  return item.id === AUTOMOTIVE_SERVICE_ID || item.children.length > 0;
}

interface MobileDrawerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The small-screen menu (spec §2 Mobile, §4): account buttons, the local
 * store, and drilldown department lists with Back (following history) and
 * a Shop All button at each level. Rewards and Animal Rx are actions
 * (buttons that close the drawer, push menu_click and navigate; Rewards by
 * sign-in state). Below, the company links with the external careers and
 * real-estate sites. The entry for the page on screen has aria-current.
 */
export default function MobileDrawer({ open, onClose }: MobileDrawerProps) {
  const navigate = useNavigate();
  const loggedIn = useSession((s) => s.loggedIn);
  const customer = useSession((s) => s.customer);
  const greeting = useSession((s) => s.greeting);
  const store = useSession((s) => s.localStore);
  const storeName = useSession((s) => s.localStoreName);
  const deptMenu = useSession((s) => s.deptMenu);
  const headerLinks = useSession((s) => s.headerLinks);
  const ad = useMegaMenuAd((s) => s.ad);
  const { main, special } = useMemo(() => splitDepartments(deptMenu), [deptMenu]);
  const current = useAriaCurrent();

  /** Drilled levels, outermost first; empty at the top level. */
  const [trail, setTrail] = useState<MenuItem[]>([]);
  const level = trail[trail.length - 1] ?? null;
  const body = useRef<HTMLDivElement>(null);
  const companyHeadingId = useId();
  /** What to focus after the level changes: 'first' item, or a drill button's item id. */
  const focusNext = useRef<'first' | number | null>(null);

  useEffect(() => {
    if (open) loadMegaMenuAd();
    else setTrail([]);
  }, [open]);

  useLayoutEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === null || !body.current) return;
    const el =
      target === 'first'
        ? body.current.querySelector<HTMLElement>('[data-drawer-item]')
        : body.current.querySelector<HTMLElement>(`[data-drill-id="${target}"]`);
    el?.focus();
  }, [trail]);

  function drill(item: MenuItem) {
    focusNext.current = 'first';
    setTrail((t) => [...t, item]);
  }

  function back() {
    const leaving = trail[trail.length - 1];
    focusNext.current = leaving ? leaving.id : null;
    setTrail((t) => t.slice(0, -1));
  }

  function go(text: string, url: string) {
    trackMenuClick('mobile menu', text, url);
    onClose();
    void navigate(url);
  }

  /** Close first (focus goes back to the menu button), then open the next layer. */
  function closeThen(action: () => void) {
    flushSync(onClose);
    window.setTimeout(action, 0);
  }

  function onLinkClick(text: string, url: string) {
    trackMenuClick('mobile menu', text, url);
    onClose();
  }

  const cityState = storeCityState(store) ?? storeName;
  const lowerFixed = LOWER_FIXED_LINKS;
  const seen = new Set(lowerFixed.map((l) => l.url));
  const extraLinks = headerLinks.filter((l) => !seen.has(l.link));

  return (
    <SidePanel
      open={open}
      onClose={onClose}
      side="left"
      title={level ? level.name : DRAWER_TITLE}
      headerStart={
        level ? (
          <button type="button" className="drawer__back" onClick={back}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M15.4 4.6 8 12l7.4 7.4-1.4 1.4L5.2 12l8.8-8.8z" />
            </svg>
            Back
          </button>
        ) : null
      }
    >
      <div ref={body} className="drawer">
        {level ? (
          <ul className="drawer__list" aria-label={level.name}>
            <li>
              <button
                type="button"
                className="drawer__item drawer__item--shop-all"
                data-drawer-item=""
                aria-current={current(level.url)}
                onClick={() => go(shopAllLabel(level.name), level.url)}
              >
                {shopAllLabel(level.name)}
              </button>
            </li>
            {drillChildren(level).map((child) => (
              <DrawerEntry key={child.id} item={child} onDrill={drill} onLinkClick={onLinkClick} current={current} />
            ))}
          </ul>
        ) : (
          <>
            <div className="drawer__account">
              {loggedIn ? (
                <>
                  <p className="drawer__greeting">{greetingText(greeting, customer?.firstName)}</p>
                  <Link
                    to={ACCOUNT_LINKS.home}
                    className="drawer__account-link"
                    aria-current={current(ACCOUNT_LINKS.home)}
                    onClick={() => onLinkClick('My Account', ACCOUNT_LINKS.home)}
                  >
                    My Account
                  </Link>
                  {customer?.customerHasRegistries && (
                    <Link
                      to={ACCOUNT_LINKS.registries}
                      className="drawer__account-link"
                      aria-current={current(ACCOUNT_LINKS.registries)}
                      onClick={() => onLinkClick('My Registries', ACCOUNT_LINKS.registries)}
                    >
                      My Registries
                    </Link>
                  )}
                </>
              ) : (
                <button
                  type="button"
                  className="button drawer__account-button"
                  onClick={() => closeThen(() => openSignIn())}
                >
                  Sign In
                </button>
              )}
              <button
                type="button"
                className="button button--secondary drawer__account-button"
                aria-current={current(ACCOUNT_LINKS.trackOrder)}
                onClick={() => go('Track Order', ACCOUNT_LINKS.trackOrder)}
              >
                Track Order
              </button>
            </div>

            <div className="drawer__store">
              {cityState ? (
                <>
                  <p className="drawer__store-name">
                    <span className="drawer__store-label">My Store: </span>
                    {cityState}
                  </p>
                  <button
                    type="button"
                    className="drawer__store-button"
                    aria-label={`Change store, ${cityState}`}
                    onClick={() => closeThen(openStoreMenu)}
                  >
                    Change
                  </button>
                </>
              ) : (
                <button type="button" className="drawer__store-button" onClick={() => closeThen(openStoreMenu)}>
                  Find Your Store
                </button>
              )}
            </div>

            <nav aria-label="Departments">
              <ul className="drawer__list">
                {main.map((item) => (
                  <DrawerEntry key={item.id} item={item} onDrill={drill} onLinkClick={onLinkClick} current={current} />
                ))}
              </ul>
              <ul className="drawer__list drawer__list--lower" aria-label="More ways to shop">
                {special.map((item) =>
                  item.id === ANIMAL_RX_ID ? (
                    <li key={item.id}>
                      <button
                        type="button"
                        className="drawer__item"
                        data-drawer-item=""
                        data-action="animal-rx"
                        aria-current={current(item.url)}
                        onClick={() => go(item.name, item.url)}
                      >
                        {item.name}
                      </button>
                    </li>
                  ) : (
                    <DrawerEntry key={item.id} item={item} onDrill={drill} onLinkClick={onLinkClick} current={current} />
                  ),
                )}
                {lowerFixed.map((link) => (
                  <li key={link.url}>
                    <Link
                      to={link.url}
                      className="drawer__item"
                      data-drawer-item=""
                      aria-current={current(link.url)}
                      onClick={() => onLinkClick(link.text, link.url)}
                    >
                      {link.text}
                    </Link>
                  </li>
                ))}
                {extraLinks.map((link) => (
                  <li key={`${link.link}-${link.text}`}>
                    {isRewardsLink(link) ? (
                      <button
                        type="button"
                        className="drawer__item"
                        data-drawer-item=""
                        data-action="rewards"
                        aria-current={current(rewardsPath(loggedIn))}
                        onClick={() => go(link.text, rewardsPath(loggedIn))}
                      >
                        {link.text}
                      </button>
                    ) : (
                      <Link
                        to={link.link}
                        className="drawer__item"
                        data-drawer-item=""
                        aria-current={current(link.link)}
                        onClick={() => onLinkClick(link.text, link.link)}
                      >
                        {link.text}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </nav>

            <nav className="drawer__company" aria-labelledby={companyHeadingId}>
              <h3 id={companyHeadingId} className="drawer__heading">
                Company
              </h3>
              <ul className="drawer__list">
                {COMPANY_LINKS.map((link) => (
                  <li key={link.href}>
                    {link.external ? (
                      <a
                        href={link.href}
                        className="drawer__item drawer__item--small"
                        rel="noopener"
                        onClick={() => onLinkClick(link.label, link.href)}
                      >
                        {link.label}
                        <svg className="drawer__external" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                          <path fill="currentColor" d="M14 3h7v7h-2V6.4l-9.3 9.3-1.4-1.4L17.6 5H14V3ZM5 5h6v2H5v12h12v-6h2v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Z" />
                        </svg>
                      </a>
                    ) : (
                      <Link
                        to={link.href}
                        className="drawer__item drawer__item--small"
                        aria-current={current(link.href)}
                        onClick={() => onLinkClick(link.label, link.href)}
                      >
                        {link.label}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </nav>

            {ad && (
              <MegaMenuAdLink
                ad={ad}
                src={ad.mobileImage}
                className="drawer__ad"
                visible={open}
                onClick={() => onLinkClick(ad.ctaAccessibleText, ad.ctaLink)}
              />
            )}
          </>
        )}
      </div>
    </SidePanel>
  );
}

interface DrawerEntryProps {
  item: MenuItem;
  onDrill: (item: MenuItem) => void;
  onLinkClick: (text: string, url: string) => void;
  /** aria-current of a link to a path. */
  current: (href: string) => 'page' | undefined;
}

function DrawerEntry({ item, onDrill, onLinkClick, current }: DrawerEntryProps) {
  if (canDrill(item)) {
    return (
      <li>
        <button
          type="button"
          className="drawer__item drawer__item--drill"
          data-drawer-item=""
          data-drill-id={item.id}
          onClick={() => onDrill(item)}
        >
          {item.name}
          <svg className="drawer__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M8.6 19.4 16 12 8.6 4.6 10 3.2l8.8 8.8-8.8 8.8z" />
          </svg>
        </button>
      </li>
    );
  }
  return (
    <li>
      <Link
        to={item.url}
        className="drawer__item"
        data-drawer-item=""
        aria-current={current(item.url)}
        onClick={() => onLinkClick(item.name, item.url)}
      >
        {item.name}
      </Link>
    </li>
  );
}
