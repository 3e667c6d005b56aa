/**
 * The /batteries/ route module, for a lazily loaded route:
 * `{ path: 'batteries', HydrateFallback: PageLoading, lazy: () => import('../tires/batteriesRoute') }`.
 */
export { BatteriesPage as Component } from './pages/BatteriesPage';
