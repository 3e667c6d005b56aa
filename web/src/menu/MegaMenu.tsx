import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import { Link, useLocation } from 'react-router';
import type { MenuItem } from '../shared/api/shell';
import { useAriaCurrent } from '../app/currentPage';
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

/** Hover intent: how long the pointer rests on the Departments button or a department before it opens. */
export const HOVER_OPEN_DELAY_MS = 180;
/** Grace after the pointer leaves a menu opened by hovering, before it closes. */
export const HOVER_CLOSE_DELAY_MS = 300;

/** Hover only counts for a mouse: touch and pen taps are clicks. */
function isMouse(event: PointerEvent): boolean {
  return event.pointerType === 'mouse';
}

/** A click from a pointer (not Enter or Space on the focused button). */
function isPointerClick(event: MouseEvent): boolean {
  return event.detail > 0;
}

/**
 * One pending hover-intent action at a time: `schedule` replaces the pending
 * one, `cancel` drops it.
 */
function useIntentTimer() {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  const schedule = useCallback(
    (action: () => void, delay: number) => {
      cancel();
      timer.current = setTimeout(() => {
        timer.current = undefined;
        action();
      }, delay);
    },
    [cancel],
  );
  useEffect(() => cancel, [cancel]);
  return useMemo(() => ({ schedule, cancel }), [schedule, cancel]);
}

/**
 * Whether the department column has more below or above its visible part
 * (the cue that it scrolls), kept up to date on scroll and resize.
 */
function useScrollCue(column: RefObject<HTMLElement | null>, active: boolean) {
  const [cue, setCue] = useState({ above: false, below: false });
  const update = useCallback(() => {
    const el = column.current;
    if (!el) return;
    const above = el.scrollTop > 1;
    const below = el.scrollTop + el.clientHeight < el.scrollHeight - 1;
    setCue((c) => (c.above === above && c.below === below ? c : { above, below }));
  }, [column]);

  useLayoutEffect(() => {
    if (!active) return;
    update();
    const el = column.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    // The column's own size (the window) and its lists' (departments arriving).
    const observer = new ResizeObserver(update);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [active, update, column]);

  return { ...cue, update };
}

/**
 * Desktop mega menu (spec §2 Header, §4): the Departments button opens a
 * two-level menu. The first department is expanded on open, one at a time,
 * and choosing a department toggles it. Departments 12 and 13 sit in a
 * lower list with Gift Cards and Blog. Escape, an outside click or focus
 * leaving closes it.
 *
 * With a mouse it also opens on hover, with intent: the pointer has to rest
 * on the Departments button, or on a department, for HOVER_OPEN_DELAY_MS,
 * so crossing another department on the way to the open panel does not
 * switch to it. A menu opened by hovering closes HOVER_CLOSE_DELAY_MS after
 * the pointer leaves it (coming back in time keeps it); a click pins it
 * open. Keyboard and click work as without a mouse.
 *
 * The department column scrolls when it is taller than the menu; a fade
 * with a 'More departments' arrow at its bottom shows there is more.
 */
export function MegaMenu() {
  const deptMenu = useSession((s) => s.deptMenu);
  const { main, special } = useMemo(() => splitDepartments(deptMenu), [deptMenu]);
  const [open, setOpen] = useState(false);
  const [expandedId, setExpandedId] = useState<number | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const column = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const location = useLocation();
  const current = useAriaCurrent();
  /** The menu was opened by hovering (it closes when the pointer leaves) rather than pinned by a click or key. */
  const openedByHover = useRef(false);
  /** The department hover intent expanded while the pointer is still on it (a click then keeps it open). */
  const hoverExpanded = useRef<number | null>(null);
  const openIntent = useIntentTimer();
  const closeIntent = useIntentTimer();
  const cue = useScrollCue(column, open);

  const close = useCallback(() => {
    openIntent.cancel();
    closeIntent.cancel();
    openedByHover.current = false;
    hoverExpanded.current = null;
    setOpen(false);
  }, [openIntent, closeIntent]);
  useDisclosureDismiss(open, close, container, toggle);
  useEffect(() => close(), [location.key, close]);

  // The menu reaches down to the bottom of the window, however tall the header above it is.
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const el = menu.current;
      if (!el) return;
      el.style.removeProperty('--mega-menu-top');
      const top = Math.max(0, Math.round(el.getBoundingClientRect().top));
      el.style.setProperty('--mega-menu-top', `${top}px`);
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [open]);

  function openMenu(byHover: boolean) {
    openIntent.cancel();
    openedByHover.current = byHover;
    hoverExpanded.current = null;
    setExpandedId(main[0]?.id ?? special[0]?.id ?? null);
    setOpen(true);
    loadMegaMenuAd();
  }

  function onToggleClick(event: MouseEvent<HTMLButtonElement>) {
    if (open && openedByHover.current && isPointerClick(event)) {
      // Opened by resting the pointer on it: the click keeps it open.
      openedByHover.current = false;
      return;
    }
    if (open) close();
    else openMenu(false);
  }

  function onTogglePointerEnter(event: PointerEvent<HTMLButtonElement>) {
    loadMegaMenuAd();
    if (!isMouse(event) || open) return;
    openIntent.schedule(() => openMenu(true), HOVER_OPEN_DELAY_MS);
  }

  function onTogglePointerLeave(event: PointerEvent<HTMLButtonElement>) {
    if (isMouse(event) && !open) openIntent.cancel();
  }

  function onContainerPointerEnter(event: PointerEvent<HTMLDivElement>) {
    if (isMouse(event)) closeIntent.cancel();
  }

  function onContainerPointerLeave(event: PointerEvent<HTMLDivElement>) {
    if (!isMouse(event)) return;
    openIntent.cancel();
    if (open && openedByHover.current) closeIntent.schedule(close, HOVER_CLOSE_DELAY_MS);
  }

  /** Focus inside (a key, a click) pins a hover-opened menu: it no longer closes when the pointer leaves. */
  function onContainerFocus(event: FocusEvent<HTMLDivElement>) {
    // The Departments button decides on its click (which pins too).
    if (!openedByHover.current || (event.target as Node) === toggle.current) return;
    openedByHover.current = false;
    closeIntent.cancel();
  }

  function onDepartmentClick(id: number, event: MouseEvent<HTMLButtonElement>) {
    openIntent.cancel();
    openedByHover.current = false;
    if (hoverExpanded.current === id && isPointerClick(event)) {
      // Hover intent just expanded it under the pointer: the click keeps it.
      hoverExpanded.current = null;
      return;
    }
    hoverExpanded.current = null;
    setExpandedId((currentId) => (currentId === id ? null : id));
  }

  function onDepartmentPointerEnter(id: number, event: PointerEvent<HTMLButtonElement>) {
    if (!isMouse(event) || expandedId === id) return;
    openIntent.schedule(() => {
      hoverExpanded.current = id;
      setExpandedId(id);
    }, HOVER_OPEN_DELAY_MS);
  }

  function onDepartmentPointerLeave(id: number, event: PointerEvent<HTMLButtonElement>) {
    if (!isMouse(event)) return;
    // Only passing through (on the way to the open panel): no switch.
    openIntent.cancel();
    if (hoverExpanded.current === id) hoverExpanded.current = null;
  }

  function onMenuClick(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as Element).closest('a');
    if (!link) return;
    trackMenuClick('mega menu', link.textContent?.trim() ?? '', link.getAttribute('href') ?? '');
    close();
  }

  function scrollColumn() {
    const el = column.current;
    if (!el) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const top = el.scrollTop + Math.round(el.clientHeight * 0.75);
    if (typeof el.scrollTo === 'function') el.scrollTo({ top, behavior: reduce ? 'auto' : 'smooth' });
    else el.scrollTop = top;
  }

  const panelId = (id: number) => `${menuId}-panel-${id}`;
  const departmentHandlers = {
    onToggle: onDepartmentClick,
    onPointerEnter: onDepartmentPointerEnter,
    onPointerLeave: onDepartmentPointerLeave,
  };

  return (
    <div
      className="mega-menu"
      ref={container}
      onPointerEnter={onContainerPointerEnter}
      onPointerLeave={onContainerPointerLeave}
      onFocus={onContainerFocus}
    >
      <button
        ref={toggle}
        type="button"
        className="mega-menu__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={onToggleClick}
        onPointerEnter={onTogglePointerEnter}
        onPointerLeave={onTogglePointerLeave}
        onFocus={loadMegaMenuAd}
      >
        <svg className="mega-menu__burger" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
        </svg>
        Departments
        <Chevron className="mega-menu__chevron" />
      </button>

      <div ref={menu} id={menuId} className="mega-menu__menu header-popup" hidden={!open} onClick={onMenuClick}>
        <div
          ref={column}
          className="mega-menu__column"
          data-more-above={cue.above || undefined}
          data-more-below={cue.below || undefined}
          onScroll={cue.update}
        >
          <ul className="mega-menu__list" aria-label="Departments">
            {main.map((department) => (
              <DepartmentItem
                key={department.id}
                department={department}
                expanded={expandedId === department.id}
                panelId={panelId(department.id)}
                menuOpen={open}
                {...departmentHandlers}
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
                  menuOpen={open}
                  automotive
                  {...departmentHandlers}
                />
              ) : (
                <li key={department.id} className="mega-menu__item">
                  <Link
                    to={department.url}
                    className="mega-menu__dept mega-menu__dept--link"
                    aria-current={current(department.url)}
                  >
                    {department.name}
                  </Link>
                </li>
              ),
            )}
            {LOWER_FIXED_LINKS.map((link) => (
              <li key={link.url} className="mega-menu__item">
                <Link to={link.url} className="mega-menu__dept mega-menu__dept--link" aria-current={current(link.url)}>
                  {link.text}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        {cue.above && <div className="mega-menu__fade mega-menu__fade--top" aria-hidden="true" />}
        {cue.below && (
          // For the pointer only (the keyboard scrolls the column by moving through it).
          <div className="mega-menu__fade mega-menu__fade--bottom" aria-hidden="true" data-testid="mega-menu-more">
            <span className="mega-menu__more" onClick={scrollColumn}>
              More departments
              <Chevron className="mega-menu__more-chevron" />
            </span>
          </div>
        )}
      </div>
    </div>
  );
}

interface DepartmentItemProps {
  department: MenuItem;
  expanded: boolean;
  panelId: string;
  onToggle: (id: number, event: MouseEvent<HTMLButtonElement>) => void;
  onPointerEnter: (id: number, event: PointerEvent<HTMLButtonElement>) => void;
  onPointerLeave: (id: number, event: PointerEvent<HTMLButtonElement>) => void;
  /** The menu is open (the panel is on screen when also expanded). */
  menuOpen: boolean;
  automotive?: boolean;
}

function DepartmentItem({
  department,
  expanded,
  panelId,
  onToggle,
  onPointerEnter,
  onPointerLeave,
  menuOpen,
  automotive = false,
}: DepartmentItemProps) {
  return (
    <li className="mega-menu__item">
      <button
        type="button"
        className="mega-menu__dept"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={(event) => onToggle(department.id, event)}
        onPointerEnter={(event) => onPointerEnter(department.id, event)}
        onPointerLeave={(event) => onPointerLeave(department.id, event)}
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
  const current = useAriaCurrent();
  return (
    <ul className="mega-menu__automotive">
      {AUTOMOTIVE_LINKS.map((link) => (
        <li key={link.url}>
          <Link to={link.url} className="mega-menu__sub-title" aria-current={current(link.url)}>
            {link.text}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function DepartmentPanel({ department, visible }: { department: MenuItem; visible: boolean }) {
  const ad = useMegaMenuAd((s) => s.ad);
  const current = useAriaCurrent();
  const banner = department.bannerImageUrl;
  return (
    <div className="mega-menu__panel-grid">
      <div className="mega-menu__panel-main">
        <Link to={department.url} className="mega-menu__shop-all" aria-current={current(department.url)}>
          {shopAllLabel(department.name)}
        </Link>
        {department.children.length > 0 && (
          <ul className="mega-menu__subs">
            {department.children.map((sub) => (
              <li key={sub.id} className="mega-menu__sub">
                <Link to={sub.url} className="mega-menu__sub-title" aria-current={current(sub.url)}>
                  {sub.name}
                </Link>
                {sub.children.length > 0 && (
                  <ul className="mega-menu__leaves">
                    {sub.children.map((leaf) => (
                      <li key={leaf.id}>
                        <Link to={leaf.url} className="mega-menu__leaf" aria-current={current(leaf.url)}>
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
