import { useSyncExternalStore } from 'react';
import type { StoreApi } from 'zustand/vanilla';

/**
 * A zustand store as a hook whose server snapshot is `rendered()`: the state a page rendered
 * on the server was rendered with (from the API answers it prefetched, `shared/api/prefetched`).
 * React renders the server's markup from it and hydrates the browser's first render from the
 * same state, so what the server showed is what hydrates. `rendered` must answer the same
 * object for the same answers (`fromPrefetched`). The hook is used as zustand's:
 * `useThing((s) => s.field)` in a component, `useThing.getState()` and `useThing.setState()`
 * elsewhere.
 */
export function withRenderedState<S>(store: StoreApi<S>, rendered: () => S) {
  return Object.assign(function useRenderedStore<T>(selector: (state: S) => T): T {
    return useSyncExternalStore(
      store.subscribe,
      () => selector(store.getState()),
      () => selector(rendered()),
    );
  }, store);
}
