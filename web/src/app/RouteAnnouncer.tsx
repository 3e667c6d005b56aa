import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** The page's main heading inside `main`. */
function mainHeading(main: HTMLElement): HTMLElement | null {
  return main.querySelector<HTMLElement>('h1');
}

/** Focus may be taken: nobody has put it anywhere since the navigation. */
function focusIsFree(main: HTMLElement): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active === main;
}

/**
 * After a client-side navigation to another page (not the first load), focus
 * goes to the new page's main heading (its h1, made focusable with
 * tabIndex=-1), or to the main landmark until the heading is rendered (pages
 * that load their data show it later), and the page title is announced in a
 * polite live region.
 *
 * Nothing moves when only the query string or the hash changes on the same
 * page (facets, pagination, the skip link), nor on replace navigations (a
 * page normalising its own URL). Focus the user has moved elsewhere in the
 * meantime is left alone.
 */
export function RouteAnnouncer({ mainId }: { mainId: string }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const region = useRef<HTMLParagraphElement>(null);
  const previousPath = useRef<string | null>(null);
  /** The document title before this location's page rendered (read while rendering, before the commit). */
  const titleBefore = useRef('');
  const renderedKey = useRef<string | null>(null);
  if (renderedKey.current !== location.key) {
    renderedKey.current = location.key;
    titleBefore.current = typeof document === 'undefined' ? '' : document.title;
  }

  useEffect(() => {
    const before = previousPath.current;
    previousPath.current = location.pathname;
    if (before === null || before === location.pathname || navigationType === 'REPLACE') return;

    const main = document.getElementById(mainId);
    const live = region.current;
    if (!main || !live) return;
    const staleTitle = titleBefore.current;
    let announced: string | null = null;

    const announce = () => {
      const title = document.title.trim();
      if (!title || title === announced) return;
      announced = title;
      // The same text again would not be read: make it differ.
      live.textContent = live.textContent === title ? `${title}\u00a0` : title;
    };
    /** `waited`: the heading came after the commit; take focus only if still free. */
    const focusHeading = (waited: boolean): boolean => {
      const heading = mainHeading(main);
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      if (!waited || focusIsFree(main)) heading.focus({ preventScroll: true });
      announce();
      return true;
    };

    if (focusHeading(false)) return;

    // No heading yet: hold focus on the main landmark and wait for it. A
    // page without a heading still gets its title read once it has one.
    main.focus({ preventScroll: true });
    if (document.title !== staleTitle) announce();
    const observer = new MutationObserver(() => {
      if (focusHeading(true)) {
        observer.disconnect();
        return;
      }
      if (document.title !== staleTitle) announce();
    });
    observer.observe(main, { childList: true, subtree: true });
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [location, navigationType, mainId]);

  return <p ref={region} className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" />;
}
