import { Link } from 'react-router';
import './Breadcrumb.css';

export interface Crumb {
  name: string;
  url: string;
}

/**
 * Home, then `trail` (the top first), each a link; with `current`, the last one is this page
 * (`aria-current`, not a link). Department and product pages.
 */
export function Breadcrumb({
  trail,
  current = false,
  className,
}: {
  trail: readonly Crumb[];
  current?: boolean;
  className?: string;
}) {
  return (
    <nav className={className ? `breadcrumb ${className}` : 'breadcrumb'} aria-label="Breadcrumb">
      <ol>
        <li>
          <Link to="/">Home</Link>
        </li>
        {trail.map((crumb, i) => (
          <li key={crumb.url}>
            {current && i === trail.length - 1 ? (
              <span aria-current="page">{crumb.name}</span>
            ) : (
              <Link to={crumb.url}>{crumb.name}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
