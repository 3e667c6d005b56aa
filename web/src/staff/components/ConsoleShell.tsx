import { useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { GENERIC_ERROR_MESSAGE } from '../../shared/ui/errors';
import type { StaffRole } from '../api/staff';
import { ForbiddenPage, StaffSignInPage } from '../pages/StatusPages';
import { useStaffSession } from '../session';
import { StaffLayout } from './StaffLayout';

/**
 * /staff/…: the console. Asks who is using it (`GET /api/staff/me`) and shows, in the staff
 * layout, a loading note, the sign-in page (401), the 403 page (a customer without staff roles),
 * a failure with Try again, or the page asked for with the navigation of their roles.
 */
export function ConsoleShell() {
  const session = useStaffSession((s) => s.session);
  const load = useStaffSession((s) => s.load);

  useEffect(() => {
    void load();
  }, [load]);

  const me = session.status === 'ready' ? session.me : null;
  let content: ReactNode;
  switch (session.status) {
    case 'loading':
      content = (
        <p role="status" className="page-loading">
          Loading the staff pages…
        </p>
      );
      break;
    case 'signedOut':
      content = <StaffSignInPage />;
      break;
    case 'forbidden':
      content = <ForbiddenPage noRole />;
      break;
    case 'error':
      content = (
        <div role="alert" className="staff-error">
          <p>{GENERIC_ERROR_MESSAGE}</p>
          <button type="button" className="button button--secondary" onClick={() => void load(true)}>
            Try again
          </button>
        </div>
      );
      break;
    case 'ready':
      content = <Outlet />;
      break;
  }
  return <StaffLayout me={me}>{content}</StaffLayout>;
}

/** A page of one role: the 403 page for a member of staff without it. */
export function RequireRole({ role, children }: { role: StaffRole; children: ReactNode }) {
  const session = useStaffSession((s) => s.session);
  if (session.status !== 'ready') return null;
  return session.me.roles.includes(role) ? children : <ForbiddenPage />;
}
