/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { APP_PATHS, CONTENT_PAGES, PLACEHOLDER_PAGES } from './src/content/siteLinks';

/**
 * dist/routes.json: the SPA's fixed page paths, so the server answers any other path (that
 * is not a department, product or store) with 404 while still rendering the SPA's 404 page.
 */
function routesManifest(): Plugin {
  return {
    name: 'storefront-routes-manifest',
    apply: 'build',
    generateBundle() {
      const paths = [...APP_PATHS, ...CONTENT_PAGES.map((p) => p.path), ...PLACEHOLDER_PAGES.map((p) => p.path)];
      this.emitFile({
        type: 'asset',
        fileName: 'routes.json',
        source: `${JSON.stringify({ paths: [...new Set(paths)].sort() }, null, 2)}\n`,
      });
    },
  };
}

/**
 * The Rust storefront server; `vite` (dev) and `vite preview` forward its
 * routes there. Override with STOREFRONT_BACKEND_URL.
 */
const BACKEND = process.env.STOREFRONT_BACKEND_URL ?? 'http://127.0.0.1:8080';

const PROXIED_PATHS = [
  '/api',
  '/globalresource',
  '/products',
  '/product',
  '/stores/set-json',
  '/s/a',
  '/email',
  '/a/',
  '/event/',
  '/hawk.png',
  '/link.aspx',
  '/banners.aspx',
  '/tire-size',
  '/click-to-reorder',
  '/healthz',
  '/readyz',
] as const;

export default defineConfig({
  plugins: [react(), routesManifest()],
  server: {
    proxy: Object.fromEntries(
      PROXIED_PATHS.map((path) => [path, { target: BACKEND, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    css: false,
  },
});
