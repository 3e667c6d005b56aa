import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { ignoresClick, pageItems } from '../../search/pagination';

export interface PaginationProps {
  pg: number;
  pageCount: number;
  /** The address of a page. */
  hrefFor: (pg: number) => string;
  /** Goes to a page (client-side). */
  onPage: (pg: number) => void;
  label?: string;
}

/**
 * Page links (`pg`). Previous/next are disabled at the ends; disabled links and the
 * current page ignore clicks (spec §2.4).
 */
export function Pagination({ pg, pageCount, hrefFor, onPage, label = 'Pagination' }: PaginationProps) {
  const items = pageItems(pg, pageCount);
  if (items.length === 0) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <ul className="pagination__list">
        <li>
          <PageLink page={pg - 1} disabled={pg <= 1} hrefFor={hrefFor} onPage={onPage} rel="prev">
            <span aria-hidden="true">‹ </span>Previous{' '}<span className="visually-hidden">page</span>
          </PageLink>
        </li>
        {items.map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <PageLink page={item.page} current={item.current} hrefFor={hrefFor} onPage={onPage}>
                <span className="visually-hidden">Page</span> {item.page}
              </PageLink>
            </li>
          ),
        )}
        <li>
          <PageLink page={pg + 1} disabled={pg >= pageCount} hrefFor={hrefFor} onPage={onPage} rel="next">
            Next{' '}<span className="visually-hidden">page</span>
            <span aria-hidden="true"> ›</span>
          </PageLink>
        </li>
      </ul>
    </nav>
  );
}

function PageLink({
  page,
  current = false,
  disabled = false,
  hrefFor,
  onPage,
  rel,
  children,
}: {
  page: number;
  current?: boolean;
  disabled?: boolean;
  hrefFor: (pg: number) => string;
  onPage: (pg: number) => void;
  rel?: string;
  children: ReactNode;
}) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // Disabled links and the current page ignore clicks.
    event.preventDefault();
    if (ignoresClick({ disabled, current })) return;
    onPage(page);
  }
  if (disabled) {
    return (
      <a className="pagination__link pagination__link--disabled" aria-disabled="true" role="link" onClick={onClick}>
        {children}
      </a>
    );
  }
  return (
    <Link
      to={hrefFor(page)}
      className={`pagination__link${current ? ' pagination__link--current' : ''}`}
      aria-current={current ? 'page' : undefined}
      rel={rel}
      onClick={onClick}
    >
      {children}
    </Link>
  );
}
