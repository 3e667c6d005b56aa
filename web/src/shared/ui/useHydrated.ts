import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while a page is rendered on the server and during its hydration, true in every render
 * after: what only the browser has (a portal into `document.body`) is rendered once this is
 * true, so the first render in the browser matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
