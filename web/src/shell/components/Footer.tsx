import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useMediaQuery } from '../../banner/useMediaQuery';
import {
  CUSTOMER_SERVICE_PHONE,
  LINK_GROUPS,
  storeHref,
  type LinkGroup,
  type SiteLink,
} from '../../content/siteLinks';
import { LOGOUT_PATH, loginHref, logoutHref } from '../../account/signInLinks';
import { NewsletterSignup } from '../../newsletter/NewsletterSignup';
import { loadHeaderData, useHasRegistries, useLoggedIn } from '../../session/headerData';
import { openStoreMenu } from '../../storefinder/storeMenuStore';
import { StoreMenuHost } from '../../storefinder/StoreMenuHost';
import { GenericErrorHost } from '../../shared/ui/errors';
import { MOBILE_QUERY, useFooterData } from './FooterData';
import { useAriaCurrent } from '../../app/currentPage';
import { FooterFeedback } from './FooterFeedback';
import './Footer.css';

export { CUSTOMER_SERVICE_PHONE, MOBILE_QUERY };
export const TABLET_QUERY = '(min-width: 768px) and (max-width: 1023px)';

function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, '').replace(/^1/, '')}`;
}

type FooterLayout = 'desktop' | 'tablet' | 'mobile';

function FooterLink({ link }: { link: SiteLink }) {
  const current = useAriaCurrent();
  if (link.external) {
    return (
      <a href={link.href} className="site-footer__link" rel="noopener">
        {link.label}
      </a>
    );
  }
  // Sign-out is the server's page (it ends the session and redirects): a document load.
  const serverPage = link.href.startsWith(LOGOUT_PATH);
  return (
    <Link
      to={link.href}
      className="site-footer__link"
      aria-current={current(link.href)}
      reloadDocument={serverPage}
    >
      {link.label}
    </Link>
  );
}

/** One link group: a heading and list, or on mobile a collapsible button. */
function FooterGroup({ group, collapsible }: { group: LinkGroup; collapsible: boolean }) {
  const listId = useId();
  const headingId = `footer-group-${group.id}`;
  const [expanded, setExpanded] = useState(false);
  const open = !collapsible || expanded;

  return (
    <div className={`site-footer__group site-footer__group--${group.id}`} data-group={group.id}>
      <h2 className="site-footer__group-heading" id={headingId}>
        {collapsible ? (
          <button
            type="button"
            className="site-footer__group-toggle"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((e) => !e)}
          >
            <span>{group.title}</span>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path fill="currentColor" d={expanded ? 'M5 11h14v2H5z' : 'M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z'} />
            </svg>
          </button>
        ) : (
          group.title
        )}
      </h2>
      <ul className="site-footer__list" id={listId} hidden={!open}>
        {group.links.map((link) => (
          <li key={`${link.href}-${link.label}`}>
            <FooterLink link={link} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The footer's "your store" block (footer data: localStoreJson). */
function FooterStore() {
  const store = useFooterData().localStoreJson;
  return (
    <section className="site-footer__section" aria-labelledby="footer-my-store">
      <h2 id="footer-my-store" className="site-footer__heading">
        My Store
      </h2>
      {store ? (
        <p className="site-footer__store">
          <Link to={storeHref(store.urlAlias)} className="site-footer__link" data-testid="footer-store-name">
            {store.city}, {store.state}
          </Link>{' '}
          <button
            type="button"
            className="site-footer__text-button"
            aria-label={`Change store (${store.city}, ${store.state})`}
            onClick={() => openStoreMenu()}
          >
            Change
          </button>
        </p>
      ) : (
        <p className="site-footer__store">
          <button type="button" className="site-footer__text-button" onClick={() => openStoreMenu()}>
            Find Your Store
          </button>
        </p>
      )}
    </section>
  );
}

function useFooterLayout(): FooterLayout {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const tablet = useMediaQuery(TABLET_QUERY);
  return mobile ? 'mobile' : tablet ? 'tablet' : 'desktop';
}

export function Footer() {
  const year = new Date().getFullYear();
  const layout = useFooterLayout();
  const { pathname, search } = useLocation();
  const loggedIn = useLoggedIn();
  const hasRegistries = useHasRegistries();

  useEffect(() => {
    void loadHeaderData();
  }, []);

  const currentPath = `${pathname}${search}`;

  const groups = LINK_GROUPS.map((group) => {
    const links = group.links.filter((l) => !l.requiresRegistries || hasRegistries);
    if (group.id !== 'account') return { ...group, links };
    const session: SiteLink[] = loggedIn
      ? [{ label: 'Sign Out', href: logoutHref(currentPath) }]
      : [
          { label: 'Sign In', href: loginHref(currentPath, false) },
          { label: 'Create Account', href: loginHref(currentPath, true) },
        ];
    return { ...group, links: [...session, ...links] };
  });
  const byId = Object.fromEntries(groups.map((g) => [g.id, g])) as Record<LinkGroup['id'], LinkGroup>;
  const collapsible = layout === 'mobile';

  return (
    <>
      <footer className="site-footer" data-layout={layout}>
        <div className="container site-footer__inner">
          <div className="site-footer__top">
            <div className="site-footer__newsletter">
              <NewsletterSignup />
            </div>
            <section className="site-footer__section" aria-labelledby="footer-customer-service">
              <h2 id="footer-customer-service" className="site-footer__heading">
                Customer Service
              </h2>
              <p className="site-footer__phone">
                Call us at{' '}
                <a
                  href={telHref(CUSTOMER_SERVICE_PHONE)}
                  className="site-footer__link site-footer__link--strong site-footer__phone-link"
                >
                  {CUSTOMER_SERVICE_PHONE}
                </a>
              </p>
              <p className="site-footer__feedback-row">
                <FooterFeedback />
              </p>
            </section>
            <FooterStore />
          </div>

          <nav className="site-footer__groups" aria-label="Footer">
            <FooterGroup group={byId.general} collapsible={collapsible} />
            <FooterGroup group={byId['customer-care']} collapsible={collapsible} />
            <FooterGroup group={byId.services} collapsible={collapsible} />
            <FooterGroup group={byId.account} collapsible={collapsible} />
            <div className="site-footer__stack">
              <FooterGroup group={byId['tax-exempt']} collapsible={collapsible} />
              <FooterGroup group={byId.automotive} collapsible={collapsible} />
            </div>
          </nav>

          <p className="site-footer__legal">© {year} Storefront. Farm, home &amp; auto supplies.</p>
        </div>
      </footer>
      <StoreMenuHost />
      <GenericErrorHost />
    </>
  );
}
