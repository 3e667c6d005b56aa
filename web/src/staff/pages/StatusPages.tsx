import { Link, useLocation } from 'react-router';
import { STAFF_SIGN_IN_MESSAGE } from '../api/staff';
import { StaffPageTitle } from '../components/StaffLayout';
import {
  NO_STAFF_ROLE_MESSAGE,
  NOT_FOUND_MESSAGE,
  ROLE_LACKING_MESSAGE,
  SIGN_OUT_URL,
  signInUrl,
  STAFF_HOME,
} from '../paths';

/** No staff credentials (401): sign in at the shoppers' sign-in page, back to this address. */
export function StaffSignInPage() {
  const { pathname, search } = useLocation();
  return (
    <section className="staff-notice">
      <StaffPageTitle title="Sign in" />
      <p className="staff-notice__lead">{STAFF_SIGN_IN_MESSAGE}</p>
      <p>Sign in with the account that holds your staff role.</p>
      <a className="button" href={signInUrl(`${pathname}${search}`)}>
        Sign in
      </a>
    </section>
  );
}

/**
 * 403: a customer without staff roles (`noRole`), or a member of staff on a page of a role
 * they do not hold.
 */
export function ForbiddenPage({ noRole = false }: { noRole?: boolean }) {
  return (
    <section className="staff-notice">
      <StaffPageTitle title="No access" />
      <p className="staff-notice__lead">{noRole ? NO_STAFF_ROLE_MESSAGE : ROLE_LACKING_MESSAGE}</p>
      <p className="staff-notice__links">
        {noRole ? (
          <>
            <a href="/">Go to the store’s home page</a>
            <a href={SIGN_OUT_URL}>Sign out</a>
          </>
        ) : (
          <>
            <Link to={STAFF_HOME}>Staff home</Link>
            <a href="/">Go to the store’s home page</a>
          </>
        )}
      </p>
    </section>
  );
}

/** An address under /staff/ with no page. */
export function StaffNotFoundPage() {
  return (
    <section className="staff-notice">
      <StaffPageTitle title="Page not found" />
      <p className="staff-notice__lead">{NOT_FOUND_MESSAGE}</p>
      <p>
        <Link to={STAFF_HOME}>Staff home</Link>
      </p>
    </section>
  );
}
