import { useEffect, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import type { MenuItem } from '../api/shell';
import { trackMenuClick } from '../header/analytics';
import { useDisclosureDismiss } from '../header/useDisclosureDismiss';
import { useSession } from '../session';
import { BannerLink } from './BannerLink';
import {
  AUTOMOTIVE_LINKS,
  AUTOMOTIVE_SERVICE_ID,
  LOWER_FIXED_LINKS,
  shopAllLabel,
  splitDepartments,
} from './departments';
import { loadMegaMenuAd, useMegaMenuAd } from './megaMenuAd';
import { MegaMenuAdLink } from './MegaMenuAdLink';
import './MegaMenu.css';

function Chevron({ className }: { className: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6z" />
    </svg>
  );
}

/**
 * Desktop mega menu (spec §2 Header, §4): the Departments button opens a
 * two-level menu. The first department is expanded on open, one at a time,
 * and choosing a department toggles it. Departments 12 and 13 sit in a
 * lower list with Gift Cards and Blog. Escape, an outside click or focus
 * leaving closes it.
 */
export function MegaMenu() {
  const deptMenu = useSession((s) => s.deptMenu);
  const { main, special } = useMemo(() => splitDepartments(deptMenu), [deptMenu]);
  const [open, setOpen] = useState(false);
  const [expandedId, setExpandedId] = useState<number | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const location = useLocation();

  const close = () => setOpen(false);
  useDisclosureDismiss(open, close, container, toggle);
  useEffect(() => setOpen(false), [location.key]);

  function openMenu() {
    setExpandedId(main[0]?.id ?? special[0]?.id ?? null);
    setOpen(true);
    loadMegaMenuAd();
  }

  function toggleDepartment(id: number) {
    setExpandedId((current) => (current === id ? null : id));
  }

  function onMenuClick(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as Element).closest('a');
    if (!link) return;
    trackMenuClick('mega menu', link.textContent?.trim() ?? '', link.getAttribute('href') ?? '');
    close();
  }

  const panelId = (id: number) => `${menuId}-panel-${id}`;

  return (
    <div className="mega-menu" ref={container}>
      <button
        ref={toggle}
        type="button"
        className="mega-menu__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close() : openMenu())}
        onPointerEnter={loadMegaMenuAd}
        onFocus={loadMegaMenuAd}
      >
        <svg className="mega-menu__burger" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
        </svg>
        Departments
        <Chevron className="mega-menu__chevron" />
      </button>

      <div id={menuId} className="mega-menu__menu header-popup" hidden={!open} onClick={onMenuClick}>
        <div className="mega-menu__column">
          <ul className="mega-menu__list" aria-label="Departments">
            {main.map((department) => (
              <DepartmentItem
                key={department.id}
                department={department}
                expanded={expandedId === department.id}
                panelId={panelId(department.id)}
                onToggle={toggleDepartment}
                menuOpen={open}
              />
            ))}
          </ul>
          <ul className="mega-menu__list mega-menu__list--lower" aria-label="More ways to shop">
            {special.map((department) =>
              department.id === AUTOMOTIVE_SERVICE_ID ? (
                <DepartmentItem
                  key={department.id}
                  department={department}
                  expanded={expandedId === department.id}
                  panelId={panelId(department.id)}
                  onToggle={toggleDepartment}
                  menuOpen={open}
                  automotive
                />
              ) : (
                <li key={department.id} className="mega-menu__item">
                  <Link to={department.url} className="mega-menu__dept mega-menu__dept--link">
                    {department.name}
                  </Link>
                </li>
              ),
            )}
            {LOWER_FIXED_LINKS.map((link) => (
              <li key={link.url} className="mega-menu__item">
                <Link to={link.url} className="mega-menu__dept mega-menu__dept--link">
                  {link.text}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}

interface DepartmentItemProps {
  department: MenuItem;
  expanded: boolean;
  panelId: string;
  onToggle: (id: number) => void;
  /** The menu is open (the panel is on screen when also expanded). */
  menuOpen: boolean;
  automotive?: boolean;
}

function DepartmentItem({ department, expanded, panelId, onToggle, menuOpen, automotive = false }: DepartmentItemProps) {
  return (
    <li className="mega-menu__item">
      <button
        type="button"
        className="mega-menu__dept"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => onToggle(department.id)}
      >
        {department.name}
        <Chevron className="mega-menu__dept-chevron" />
      </button>
      {expanded && (
        <div id={panelId} className="mega-menu__panel">
          {automotive ? <AutomotivePanel /> : <DepartmentPanel department={department} visible={menuOpen} />}
        </div>
      )}
    </li>
  );
}

function AutomotivePanel() {
  return (
    <ul className="mega-menu__automotive">
      {AUTOMOTIVE_LINKS.map((link) => (
        <li key={link.url}>
          <Link to={link.url} className="mega-menu__sub-title">
            {link.text}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function DepartmentPanel({ department, visible }: { department: MenuItem; visible: boolean }) {
  const ad = useMegaMenuAd((s) => s.ad);
  const banner = department.bannerImageUrl;
  return (
    <div className="mega-menu__panel-grid">
      <div className="mega-menu__panel-main">
        <Link to={department.url} className="mega-menu__shop-all">
          {shopAllLabel(department.name)}
        </Link>
        {department.children.length > 0 && (
          <ul className="mega-menu__subs">
            {department.children.map((sub) => (
              <li key={sub.id} className="mega-menu__sub">
                <Link to={sub.url} className="mega-menu__sub-title">
                  {sub.name}
                </Link>
                {sub.children.length > 0 && (
                  <ul className="mega-menu__leaves">
                    {sub.children.map((leaf) => (
                      <li key={leaf.id}>
                        <Link to={leaf.url} className="mega-menu__leaf">
                          {leaf.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {(banner || ad) && (
        <div className="mega-menu__aside">
          {banner && (
            <BannerLink
              href={department.bannerLinkUrl ?? department.url}
              src={banner}
              alt={`Featured in ${department.name}`}
              className="mega-menu__banner"
            />
          )}
          {ad && <MegaMenuAdLink ad={ad} src={ad.desktopImage} className="mega-menu__ad" visible={visible} />}
        </div>
      )}
    </div>
  );
}
