/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

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
  plugins: [react()],
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
