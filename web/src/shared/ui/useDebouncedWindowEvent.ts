import { useEffect, useRef } from 'react';
import { RESIZE_DEBOUNCE_MS, SCROLL_DEBOUNCE_MS } from './constants';

export type DebouncedWindowEvent = 'scroll' | 'resize';

/** The spec's debounce for each event (storefront-shell §9: both 250 ms). */
export const DEBOUNCE_MS: Record<DebouncedWindowEvent, number> = {
  scroll: SCROLL_DEBOUNCE_MS,
  resize: RESIZE_DEBOUNCE_MS,
};

/**
 * Calls `handler` once the window has stopped scrolling (or resizing) for
 * `wait` ms: 250 ms by default, the spec's debounce. A burst of events gives
 * one call, `wait` ms after the last. The handler may change between renders
 * without re-subscribing.
 */
export function useDebouncedWindowEvent(
  type: DebouncedWindowEvent,
  handler: () => void,
  wait: number = DEBOUNCE_MS[type],
): void {
  const latest = useRef(handler);
  latest.current = handler;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onEvent = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), wait);
    };
    window.addEventListener(type, onEvent, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener(type, onEvent);
    };
  }, [type, wait]);
}
