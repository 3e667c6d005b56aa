import { lazy, Suspense, useRef, useState } from 'react';
import { reloadPage } from '../shared/api/reload';
import { LazyBoundary } from '../header/LazyBoundary';

const loadDrawer = () => import('./MobileDrawer');
const MobileDrawer = lazy(loadDrawer);

/** Starts loading the drawer's code ahead of the first tap. */
function prefetch() {
  // A failure shows when the drawer is actually opened.
  loadDrawer().catch(() => {});
}

/**
 * The menu button of small screens (< 1024 px) and the drawer it opens.
 * The drawer's code loads on first use.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [needed, setNeeded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="mobile-menu__toggle header-action"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setNeeded(true);
          setOpen(true);
        }}
        onPointerEnter={prefetch}
        onTouchStart={prefetch}
        onFocus={prefetch}
      >
        <svg className="header-action__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
        </svg>
        <span className="header-action__text">
          <span className="header-action__label">Menu</span>
        </span>
      </button>
      {needed && (
        // Its code failed to load (e.g. replaced by a deploy): a reload gets the current one.
        <LazyBoundary onError={reloadPage}>
          <Suspense fallback={null}>
            <MobileDrawer open={open} onClose={() => setOpen(false)} />
          </Suspense>
        </LazyBoundary>
      )}
    </>
  );
}
