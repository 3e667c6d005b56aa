/**
 * The /tires/ route module, for a lazily loaded route:
 * `{ path: 'tires', HydrateFallback: PageLoading, lazy: () => import('./route') }`.
 */
export { TiresPage as Component } from './pages/TiresPage';
