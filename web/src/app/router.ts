import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { clearPrefetched } from '../shared/api/prefetched';
import { routes } from './routes';

/** The app's router, for a page the browser renders from scratch. */
export function clientRouter() {
  return createBrowserRouter(routes);
}

/**
 * The router for a page the server rendered (`src/ssr/`): the page's route modules are loaded
 * first, so the first render is the server's, with the loader data it was rendered with. The
 * server's API answers hold until the first navigation to another address.
 */
export async function hydratingRouter(hydrationData: HydrationState) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }: { route: RouteObject }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
  const router = createBrowserRouter(routes, { hydrationData });
  const first = router.state.location.key;
  const unsubscribe = router.subscribe((state) => {
    if (state.location.key !== first) {
      clearPrefetched();
      unsubscribe();
    }
  });
  return router;
}
