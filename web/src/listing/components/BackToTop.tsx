import { useEffect, useState } from 'react';
import { BACK_TO_TOP_ANIMATION_MS, BACK_TO_TOP_FADE_MS, SCROLL_DEBOUNCE_MS } from '../../shared/ui/constants';
import { useDebouncedWindowEvent } from '../../shared/ui/useDebouncedWindowEvent';

/** spec §9: back-to-top animation 500 ms, fade 200 ms; scroll debounce 250 ms (from the UI constants). */
export { BACK_TO_TOP_ANIMATION_MS, BACK_TO_TOP_FADE_MS, SCROLL_DEBOUNCE_MS };
/** Shown once the page is scrolled this far. */
export const BACK_TO_TOP_FROM_PX = 400;

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Scrolls the window to the top in `duration` ms (ease-in-out); at once with reduced motion. */
export function scrollToTop(duration = BACK_TO_TOP_ANIMATION_MS): void {
  const start = window.scrollY;
  if (start <= 0) return;
  if (reducedMotion() || typeof window.requestAnimationFrame !== 'function') {
    window.scrollTo(0, 0);
    return;
  }
  const t0 = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - t0) / duration);
    const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
    window.scrollTo(0, Math.round(start * (1 - eased)));
    if (t < 1) window.requestAnimationFrame(step);
  };
  window.requestAnimationFrame(step);
}

/**
 * A 'Back to top' button that fades in (200 ms) when the page is scrolled down and scrolls
 * to the top in 500 ms; focus then goes to `focusTargetId` (the page heading).
 */
export function BackToTop({ focusTargetId }: { focusTargetId?: string }) {
  const [shown, setShown] = useState(false);
  const check = () => setShown(window.scrollY > BACK_TO_TOP_FROM_PX);
  // Checked at once, then 250 ms after scrolling stops (the shared debounce).
  useEffect(check, []);
  useDebouncedWindowEvent('scroll', check);
  return (
    <button
      type="button"
      className={`back-to-top${shown ? ' back-to-top--shown' : ''}`}
      style={{ transitionDuration: `${BACK_TO_TOP_FADE_MS}ms` }}
      aria-hidden={shown ? undefined : true}
      tabIndex={shown ? 0 : -1}
      onClick={() => {
        scrollToTop();
        const target = focusTargetId ? document.getElementById(focusTargetId) : null;
        if (target) {
          window.setTimeout(() => target.focus({ preventScroll: true }), BACK_TO_TOP_ANIMATION_MS);
        }
      }}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M12 5 5 12l1.4 1.4L11 8.8V20h2V8.8l4.6 4.6L19 12z" />
      </svg>
      <span>Back to top</span>
    </button>
  );
}
