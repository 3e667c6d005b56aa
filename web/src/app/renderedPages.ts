/**
 * The route modules of the pages the web renderer renders on the server (`src/ssr/`), by page:
 * each is the module's source file, the key of its chunk in the build's manifest. The routes
 * name them in their `handle` (`app/routes.tsx`), the renderer prefetches by them and the build
 * keeps what two of them share in one chunk (`vite.config.ts`). Plain data: the build's config
 * imports it.
 */
export const RENDERED_PAGES = {
  home: 'src/home/pages/HomePage.tsx',
  storeFinder: 'src/storefinder/pages/StoreFinderPage.tsx',
  store: 'src/storefinder/pages/StoreDetailsPage.tsx',
  search: 'src/listing/pages/SearchPage.tsx',
  product: 'src/product/pages/ProductPage.tsx',
  tires: 'src/tires/route.ts',
  batteries: 'src/tires/batteriesRoute.ts',
  content: 'src/content/ContentPage.tsx',
  catalog: 'src/listing/pages/CatalogPage.tsx',
} as const;
