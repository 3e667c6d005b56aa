import type { RouteObject } from 'react-router';
import { CONTENT_PAGES, PLACEHOLDER_PAGES } from '../content/siteLinks';
import { Layout } from '../shell/components/Layout';
import { PageLoading } from '../shell/components/PageLoading';
import { RouteError } from '../shell/components/RouteError';
import { RENDERED_PAGES } from './renderedPages';

/**
 * A page the web renderer renders on the server (`src/ssr/`): `module` is the route module's
 * source file (one of `RENDERED_PAGES`), whose chunk and styles the page's HTML names in its
 * head (the build's manifest is keyed by it). Account, cart, checkout and order pages are not
 * rendered there.
 */
export interface ServerRendered {
  ssr: { module: string };
}

function serverRendered(module: (typeof RENDERED_PAGES)[keyof typeof RENDERED_PAGES]): ServerRendered {
  return { ssr: { module } };
}

/** '/gift-registry/list/' → 'gift-registry/list' (a child route path). */
function childPath(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}

/** The Markdown content pages (src/content/pages/*.md). */
const contentRoutes: RouteObject[] = CONTENT_PAGES.map(({ path, slug }) => ({
  path: childPath(path),
  handle: serverRendered(RENDERED_PAGES.content),
  HydrateFallback: PageLoading,
  lazy: async () => {
    const { ContentPage, loadContent } = await import('../content/ContentPage');
    return { Component: ContentPage, loader: () => loadContent(slug) };
  },
}));

/** Titled placeholders for pages of later issues. */
const placeholderRoutes: RouteObject[] = PLACEHOLDER_PAGES.map((page) => ({
  path: childPath(page.path),
  HydrateFallback: PageLoading,
  lazy: async () => ({
    Component: (await import('../content/PlaceholderPage')).PlaceholderPage,
    loader: () => page,
  }),
}));

/** The account pages (src/account/pages/). */
const accountRoutes: RouteObject[] = [
  {
    path: 'account',
    HydrateFallback: PageLoading,
    lazy: async () => ({
      Component: (await import('../account/pages/AccountHomePage')).AccountHomePage,
    }),
  },
  {
    path: 'account/rewards',
    HydrateFallback: PageLoading,
    lazy: async () => ({
      Component: (await import('../account/pages/AccountRewardsPage')).AccountRewardsPage,
    }),
  },
  {
    path: 'account/update-password',
    HydrateFallback: PageLoading,
    lazy: async () => ({
      Component: (await import('../account/pages/UpdatePasswordPage')).UpdatePasswordPage,
    }),
  },
  {
    path: 'account/reset-password',
    HydrateFallback: PageLoading,
    lazy: async () => ({
      Component: (await import('../account/pages/ResetPasswordPage')).ResetPasswordPage,
    }),
  },
  {
    // The sign-in pages on a page of their own (links opened without the panel).
    path: 'account/login',
    HydrateFallback: PageLoading,
    lazy: async () => ({ Component: (await import('../account/LoginPage')).LoginPage }),
  },
  {
    // The server's sign-out (a GET answering 303): a client-side navigation here becomes a
    // document load, so no page of the app stands in for it.
    path: 'account/logout',
    HydrateFallback: PageLoading,
    lazy: () => import('../account/pages/SignOutRoute'),
  },
];

/** The checkout and its confirmation (src/checkout/pages/). */
const checkoutRoutes: RouteObject[] = [
  {
    path: 'checkout',
    HydrateFallback: PageLoading,
    lazy: async () => ({
      Component: (await import('../checkout/pages/CheckoutPage')).CheckoutPage,
    }),
  },
  {
    path: 'checkout/confirmation',
    HydrateFallback: PageLoading,
    lazy: async () => ({
      Component: (await import('../checkout/pages/ConfirmationPage')).ConfirmationPage,
    }),
  },
];

/** The order pages (src/orders/pages/): the customer's orders, one order, tracking an order. */
const orderRoutes: RouteObject[] = [
  {
    path: 'account/orders',
    HydrateFallback: PageLoading,
    lazy: async () => ({
      Component: (await import('../orders/pages/OrdersPage')).OrdersPage,
    }),
  },
  {
    path: 'account/orders/:orderNo',
    HydrateFallback: PageLoading,
    lazy: async () => ({
      Component: (await import('../orders/pages/OrderDetailPage')).OrderDetailPage,
    }),
  },
  {
    path: 'account/track-your-order',
    HydrateFallback: PageLoading,
    lazy: async () => ({
      Component: (await import('../orders/pages/TrackOrderPage')).TrackOrderPage,
    }),
  },
];

/** The tax-exemption application (src/certificate/pages/). */
const certificateRoutes: RouteObject[] = [
  {
    path: 'account/certificate',
    HydrateFallback: PageLoading,
    lazy: async () => ({
      Component: (await import('../certificate/pages/TaxExemptionPage')).TaxExemptionPage,
    }),
  },
];

/** The gift registry pages (src/registry/pages/). */
const registryRoutes: RouteObject[] = [
  {
    path: 'gift-registry/list',
    HydrateFallback: PageLoading,
    lazy: async () => ({
      Component: (await import('../registry/pages/RegistryListPage')).RegistryListPage,
    }),
  },
  {
    path: 'gift-registry/manage',
    HydrateFallback: PageLoading,
    lazy: async () => ({
      Component: (await import('../registry/pages/RegistryManagePage')).RegistryManagePage,
    }),
  },
  {
    path: 'gift-registry/view',
    HydrateFallback: PageLoading,
    lazy: async () => ({
      Component: (await import('../registry/pages/RegistryViewPage')).RegistryViewPage,
    }),
  },
];

/**
 * The route tree. Only the shell (layout, banner, header, footer) is in the
 * initial bundle; each page is a lazily loaded route module.
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
            handle: serverRendered(RENDERED_PAGES.home),
            HydrateFallback: PageLoading,
            lazy: async () => ({ Component: (await import('../home/pages/HomePage')).HomePage }),
          },
          {
            path: 'store-finder',
            handle: serverRendered(RENDERED_PAGES.storeFinder),
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../storefinder/pages/StoreFinderPage')).StoreFinderPage,
            }),
          },
          {
            path: 'stores/:urlAlias',
            handle: serverRendered(RENDERED_PAGES.store),
            HydrateFallback: PageLoading,
            lazy: async () => {
              const { StoreDetailsPage, storeDetailsLoader } = await import(
                '../storefinder/pages/StoreDetailsPage'
              );
              return { Component: StoreDetailsPage, loader: storeDetailsLoader };
            },
          },
          {
            path: 's',
            handle: serverRendered(RENDERED_PAGES.search),
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../listing/pages/SearchPage')).SearchPage,
            }),
          },
          {
            path: 'product/:blainNumber/*',
            handle: serverRendered(RENDERED_PAGES.product),
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../product/pages/ProductPage')).ProductPage,
            }),
          },
          {
            path: 'cart',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../cart/pages/CartPage')).CartPage,
            }),
          },
          {
            path: 'newsletter/unsubscribe',
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../newsletter/pages/UnsubscribePage')).UnsubscribePage,
            }),
          },
          {
            path: 'tires',
            handle: serverRendered(RENDERED_PAGES.tires),
            HydrateFallback: PageLoading,
            lazy: () => import('../tires/route'),
          },
          {
            path: 'batteries',
            handle: serverRendered(RENDERED_PAGES.batteries),
            HydrateFallback: PageLoading,
            lazy: () => import('../tires/batteriesRoute'),
          },
          ...contentRoutes,
          ...checkoutRoutes,
          ...accountRoutes,
          ...orderRoutes,
          ...certificateRoutes,
          ...registryRoutes,
          ...placeholderRoutes,
          {
            // Department and landing pages live at their catalog URLs; anything else is
            // 'Page not found' (CatalogPage decides).
            path: '*',
            handle: serverRendered(RENDERED_PAGES.catalog),
            HydrateFallback: PageLoading,
            lazy: async () => ({
              Component: (await import('../listing/pages/CatalogPage')).CatalogPage,
            }),
          },
        ],
      },
    ],
  },
];
