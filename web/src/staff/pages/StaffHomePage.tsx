import { Link } from 'react-router';
import { PreviewSwitch } from '../components/PreviewSwitch';
import { StaffPageTitle } from '../components/StaffLayout';
import { areasOf } from '../paths';
import { useStaffSession } from '../session';

/**
 * /staff/: a card for each role held, with what it does here and its pages; the merchandiser's
 * card has "Preview the store" (preview mode on the store's own pages).
 */
export function StaffHomePage() {
  const session = useStaffSession((s) => s.session);
  const roles = session.status === 'ready' ? session.me.roles : [];
  return (
    <div className="staff-home">
      <StaffPageTitle title="Staff home" />
      <ul className="staff-cards">
        {areasOf(roles).map((area) => (
          <li key={area.role} className="staff-card">
            <h2 className="staff-card__title">{area.title}</h2>
            <p className="staff-card__role">Your role: {area.role}</p>
            <p>{area.description}</p>
            {area.role === 'merchandiser' && <PreviewSwitch />}
            {area.pages.length > 0 && (
              <ul className="staff-card__pages">
                {area.pages.map((page) => (
                  <li key={page.path}>
                    <Link to={page.path}>{page.label}</Link>
                    <span className="staff-card__page-text"> — {page.description}</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
