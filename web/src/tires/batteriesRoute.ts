/**
 * The /batteries/ route module, for a lazily loaded route:
 * `{ path: 'batteries', HydrateFallback: PageLoading, lazy: () => import('./batteriesRoute') }`.
 */
export { BatteriesPage as Component } from './pages/BatteriesPage';
