import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAriaCurrent } from '../app/currentPage';
import { trackMenuClick } from '../header/analytics';
import { useSession } from '../session';

/** spec §9: scroll and resize debounce 250 ms. */
export const HEADER_LINKS_RESIZE_DEBOUNCE_MS = 250;

/**
 * Index of the first item that wrapped below the first line, or -1.
 * In a wrapping flex row every later item is below the first line too.
 */
export function firstWrappedIndex(items: readonly HTMLElement[]): number {
  const first = items[0];
  if (!first) return -1;
  return items.findIndex((item) => item.offsetTop > first.offsetTop);
}

/**
 * Header links from the data (ending with the fixed Registries & Lists).
 * The row wraps; links that fall off the first line are hidden
 * (`visibility: hidden` keeps the layout stable, drops them from the
 * accessibility tree and tab order). Re-measured on resize, debounced.
 * The link to the page on screen carries aria-current="page".
 */
export function HeaderLinks() {
  const links = useSession((s) => s.headerLinks);
  const current = useAriaCurrent();
  const list = useRef<HTMLUListElement>(null);
  const [hiddenFrom, setHiddenFrom] = useState(-1);

  const measure = useCallback(() => {
    const el = list.current;
    if (!el) return;
    setHiddenFrom(firstWrappedIndex(Array.from(el.children) as HTMLElement[]));
  }, []);

  useLayoutEffect(measure, [links, measure]);

  useEffect(() => {
    const el = list.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(measure, HEADER_LINKS_RESIZE_DEBOUNCE_MS);
    });
    // The row's width, and each link's (text or font changes).
    observer.observe(el);
    for (const item of Array.from(el.children)) observer.observe(item);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [measure, links]);

  if (links.length === 0) return null;
  return (
    <ul ref={list} className="header-links" aria-label="Featured">
      {links.map((link, index) => {
        const hidden = hiddenFrom !== -1 && index >= hiddenFrom;
        return (
          <li
            key={`${link.link}-${link.text}`}
            className={hidden ? 'header-links__item is-overflow' : 'header-links__item'}
            data-overflow={hidden || undefined}
          >
            <Link
              to={link.link}
              className="header-links__link"
              aria-current={current(link.link)}
              onClick={() => trackMenuClick('header links', link.text, link.link)}
            >
              {link.text}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
