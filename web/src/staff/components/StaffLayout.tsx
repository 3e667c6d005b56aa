import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { StaffMe } from '../api/staff';
import { areasOf, SIGN_OUT_URL, STAFF_HOME, staffTitle } from '../paths';

/**
 * The frame of every staff page: the skip link, the header ("Storefront staff", and for a
 * member of staff their id, Sign out and the navigation of their roles' pages) and the main
 * region. Moving to another page moves the focus to its heading.
 */
export function StaffLayout({ me, children }: { me: StaffMe | null; children: ReactNode }) {
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const heading = main.current?.querySelector<HTMLElement>('h1');
    if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    (heading ?? main.current)?.focus();
  }, [pathname]);

  function skip(event: MouseEvent<HTMLAnchorElement>) {
    // Focus the content without a history entry for the fragment.
    event.preventDefault();
    main.current?.focus();
  }

  return (
    <>
      <a className="staff-skip-link" href="#main" onClick={skip}>
        Skip to main content
      </a>
      <header className="staff-header">
        <div className="staff-header__bar">
          <Link to={STAFF_HOME} className="staff-header__brand">
            Storefront staff
          </Link>
          {me && (
            <div className="staff-header__who">
              <span>
                Signed in as{' '}
                {me.firstName ? (
                  <strong title={me.staffId}>{me.firstName}</strong>
                ) : (
                  <strong className="staff-header__id">{me.staffId}</strong>
                )}
              </span>
              <a href={SIGN_OUT_URL} className="staff-header__signout">
                Sign out
              </a>
            </div>
          )}
        </div>
        {me && <StaffNav me={me} />}
      </header>
      <main id="main" ref={main} tabIndex={-1} className="staff-main">
        {children}
      </main>
    </>
  );
}

/** The pages of the roles held, grouped by role; only pages that exist. */
function StaffNav({ me }: { me: StaffMe }) {
  const id = useId();
  const areas = areasOf(me.roles).filter((area) => area.pages.length > 0);
  if (areas.length === 0) return null;
  return (
    <nav className="staff-nav" aria-label="Staff pages">
      <ul className="staff-nav__groups">
        {areas.map((area) => (
          <li key={area.role} className="staff-nav__group">
            <span className="staff-nav__heading" id={`${id}-${area.role}`}>
              {area.title}
            </span>
            <ul className="staff-nav__links" aria-labelledby={`${id}-${area.role}`}>
              {area.pages.map((page) => (
                <li key={page.path}>
                  {/* `end`: Analytics is not the current page on Live events, a path under it. */}
                  <NavLink to={page.path} end className="staff-nav__link">
                    {page.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A page's title in the tab ('X | Storefront staff') and its one h1. */
export function StaffPageTitle({ title, heading = title }: { title: string; heading?: ReactNode }) {
  return (
    <>
      <title>{staffTitle(title)}</title>
      <h1 className="staff-title" tabIndex={-1}>
        {heading}
      </h1>
    </>
  );
}
