import type { RouteObject } from 'react-router';
import { Layout } from '../shell/components/Layout';
import { PageLoading } from '../shell/components/PageLoading';
import { RouteError } from '../shell/components/RouteError';

/**
 * The route tree. Only the shell (layout, header, footer) is in the initial
 * bundle; each page is a lazily loaded route module.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: Layout,
    children: [
      {
        // Pathless: route errors render inside the shell.
        ErrorBoundary: RouteError,
        children: [
          {
            index: true,
            HydrateFallback: PageLoading,
            lazy: async () => ({ Component: (await import('../home/pages/HomePage')).HomePage }),
          },
          {
            path: '*',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../shell/pages/NotFoundPage')).NotFoundPage,
            }),
          },
        ],
      },
    ],
  },
];
