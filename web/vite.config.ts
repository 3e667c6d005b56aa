/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { RENDERED_PAGES } from './src/app/renderedPages.ts';
import { APP_PATHS, CONTENT_PAGES, PLACEHOLDER_PAGES } from './src/content/siteLinks.ts';

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

/** The staff preview script's source (its entry, `PREVIEW_ENTRY`, below). */
const PREVIEW_SOURCE = 'src/staff/preview/main.tsx';

/** A module's record in the build's graph: what it imports, statically and lazily. */
type ModuleInfoOf = (id: string) => { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;

/**
 * What `from` loads (the modules and their static imports, transitively); with `later`, what
 * they load lazily too, and the lazily loaded modules are added to `later`.
 */
function loadsOf(info: ModuleInfoOf, from: readonly string[], later?: Set<string>): Set<string> {
  const seen = new Set<string>();
  const next = [...from];
  for (let id = next.pop(); id !== undefined; id = next.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const module = info(id);
    next.push(...(module?.importedIds ?? []));
    if (later) {
      next.push(...(module?.dynamicallyImportedIds ?? []));
      for (const dynamic of module?.dynamicallyImportedIds ?? []) later.add(dynamic);
    }
  }
  return seen;
}

/**
 * The modules both the shoppers' app and the staff pages load up front (the static imports of
 * index.html and of staff.html), kept together in one chunk, `base`, whatever else imports some
 * of them. Without this, the staff preview script — which imports React and the API client, a
 * part of that chunk — would split it in two, and a shopper's page would load more files (more
 * bytes) for code that is the same. The set is read from the module graph once it is built
 * (`buildEnd`), before the chunks are made.
 */
function sharedBase(): { plugin: Plugin; test: (id: string) => boolean } {
  const shared = new Set<string>();
  const entries = ['./index.html', './staff.html'].map((path) => fileURLToPath(new URL(path, import.meta.url)));
  return {
    plugin: {
      name: 'storefront-shared-base',
      apply: 'build',
      buildEnd() {
        const [shoppers, staff] = entries.map((entry) => loadsOf((id) => this.getModuleInfo(id), [entry]));
        shared.clear();
        for (const id of shoppers!) if (staff!.has(id) && !entries.includes(id)) shared.add(id);
      },
    },
    test: (id) => shared.has(id),
  };
}

const base = sharedBase();

/**
 * The chunks of the pages a shopper lands on (`RENDERED_PAGES`). Left to itself the bundler
 * makes a chunk for each set of pages that share a module: a product page loaded 21 scripts and
 * 10 style sheets before it could paint, each a request a phone waits on. These groups make it
 * 4 of each beside the entry's (the page's own chunk, `shop`, `common` and its area's):
 *
 * - `common`: what the shoppers' app and the staff pages both load, sooner or later, that is not
 *   in `base` (the product summary and picture components the console shows, too). Kept apart
 *   so that neither side loads the other's chunks for a shared module.
 * - `app`: what the entry loads up front and the staff pages never do (the session, the header's
 *   stores). A group takes along the modules its own import: without this one, the entry's own
 *   modules would be taken into `shop` and every page would load all of it at once.
 * - `shop`: what a landing page loads up front that a module of another area loads too (the
 *   price and rating components, the carousel, the cart's API calls).
 * - one per area (`product`, `listing`, `storefinder`, …, the folder under src/): what a landing
 *   page shares only with pages of its own area or with pages not rendered on the server (the
 *   product page's registry button and forms, which the registry's own pages use too).
 *
 * Modules of only one page stay in that page's chunk.
 */
function shopperChunks(): {
  plugin: Plugin;
  common: (id: string) => boolean;
  app: (id: string) => boolean;
  chunk: (id: string) => string | null;
} {
  const common = new Set<string>();
  const app = new Set<string>();
  const chunks = new Map<string, string>();
  const root = fileURLToPath(new URL('.', import.meta.url));
  const entry = fileURLToPath(new URL('./index.html', import.meta.url));
  const main = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
  const staffEntries = ['./staff.html', `./${PREVIEW_SOURCE}`].map((path) =>
    fileURLToPath(new URL(path, import.meta.url)),
  );
  // 'src/listing/pages/SearchPage.tsx' → 'listing'.
  const pages = Object.values(RENDERED_PAGES).map((path) => ({ id: root + path, area: path.split('/')[1]! }));
  return {
    plugin: {
      name: 'storefront-shopper-chunks',
      apply: 'build',
      buildEnd() {
        const loads = (from: readonly string[], later?: Set<string>) =>
          loadsOf((id) => this.getModuleInfo(id), from, later);
        const staff = loads(staffEntries, new Set());
        const lazy = new Set<string>();
        const shoppers = loads([entry], lazy);
        const upFront = loads([entry]);
        common.clear();
        app.clear();
        chunks.clear();
        for (const id of shoppers) if (staff.has(id) && !base.test(id) && !staffEntries.includes(id)) common.add(id);
        for (const id of upFront) if (id !== entry && id !== main && !base.test(id) && !staff.has(id)) app.add(id);
        // How many lazily loaded modules load each module with them.
        const users = new Map<string, number>();
        for (const module of lazy) {
          for (const id of loads([module])) if (!upFront.has(id)) users.set(id, (users.get(id) ?? 0) + 1);
        }
        const areas = new Map<string, Set<string>>();
        for (const page of pages) {
          for (const id of loads([page.id])) {
            if ((users.get(id) ?? 0) < 2 || staff.has(id)) continue;
            areas.set(id, (areas.get(id) ?? new Set()).add(page.area));
          }
        }
        for (const [id, used] of areas) chunks.set(id, used.size > 1 ? 'shop' : [...used][0]!);
      },
    },
    common: (id) => common.has(id),
    app: (id) => app.has(id),
    chunk: (id) => chunks.get(id) ?? null,
  };
}

const shopper = shopperChunks();

/** Text files of the build worth compressing (pictures are already compressed). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;

/**
 * Precompressed copies of the build's text files (`app.js.br`, `app.js.gz` beside
 * `app.js`), so the server sends them with `Content-Encoding` without compressing on every
 * request. Brotli at its best quality and gzip level 9: this runs once per build.
 */
function precompress(): Plugin {
  return {
    name: 'storefront-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const { brotliCompressSync, gzipSync, constants } = await import('node:zlib');
      const { readFile, writeFile } = await import('node:fs/promises');
      const { join } = await import('node:path');
      const dir = options.dir ?? 'dist';
      for (const name of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(name)) continue;
        const path = join(dir, name);
        const data = await readFile(path);
        if (data.length < 1024) continue;
        await writeFile(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        await writeFile(`${path}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * The Rust storefront server; `vite` (dev) and `vite preview` forward its
 * routes there. Override with STOREFRONT_BACKEND_URL.
 */
const BACKEND = process.env.STOREFRONT_BACKEND_URL ?? 'http://127.0.0.1:8080';

/**
 * The staff preview script's entry: emitted at the top of dist as exactly `staff-preview.js`
 * (no hash), the name the server adds to a shoppers' page for a merchandiser in preview mode
 * (the server sends top-level dist files uncached). Its imports are hashed chunks in assets/.
 */
const PREVIEW_ENTRY = 'staff-preview';

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

/**
 * React Router's production build for the built app: the package's exports name only its
 * development build (the same code with its warnings on) unless a framework-mode plugin swaps
 * it, so the builds point at `dist/production` themselves. Tests and the dev server keep the
 * warnings.
 */
const ROUTER_PRODUCTION = {
  alias: [
    { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
    { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
  ],
};

/**
 * The web renderer (`npm run build`'s second step, `vite build --ssr`): `dist-ssr/render.js`,
 * one file with React and the app in it, run by Node beside the store (src/ssr/server.ts).
 */
const RENDERER = defineConfig({
  plugins: [react()],
  resolve: ROUTER_PRODUCTION,
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: fileURLToPath(new URL('./src/ssr/server.ts', import.meta.url)),
    outDir: 'dist-ssr',
    emptyOutDir: true,
    sourcemap: false,
    target: 'node20',
    rolldownOptions: { output: { entryFileNames: 'render.js', codeSplitting: false } },
  },
});

export default defineConfig(({ command, isSsrBuild }) => (isSsrBuild ? RENDERER : {
  plugins: [react(), routesManifest(), precompress(), base.plugin, shopper.plugin],
  resolve: command === 'build' ? ROUTER_PRODUCTION : {},
  server: {
    proxy: {
      ...Object.fromEntries(
        PROXIED_PATHS.map((path) => [path, { target: BACKEND, changeOrigin: false }]),
      ),
      // The account calls go to the server; the account pages (a browser asking for HTML)
      // are the app's, except sign-out, which is the server's.
      '/account': {
        target: BACKEND,
        changeOrigin: false,
        bypass: (req) =>
          req.method === 'GET' &&
          req.headers.accept?.includes('text/html') &&
          !req.url?.startsWith('/account/logout/')
            ? req.url
            : undefined,
      },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: each chunk's imports, read by scripts/bundle-size.mjs (the
    // server serves only dist's top-level files and dist/assets, not this).
    manifest: true,
    rolldownOptions: {
      // Three entries: the shoppers' app, the staff pages (served as /staff.html) and the staff
      // preview script (/staff-preview.js).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        staff: fileURLToPath(new URL('./staff.html', import.meta.url)),
        [PREVIEW_ENTRY]: fileURLToPath(new URL(`./${PREVIEW_SOURCE}`, import.meta.url)),
      },
      output: {
        // Vite's own naming for the others (assets/[name]-[hash].js).
        entryFileNames: (chunk) => (chunk.name === PREVIEW_ENTRY ? `${PREVIEW_ENTRY}.js` : 'assets/[name]-[hash].js'),
        codeSplitting: {
          groups: [
            { name: 'base', test: base.test },
            { name: 'common', test: shopper.common },
            { name: 'app', test: shopper.app },
            { name: 'shop', test: (id) => shopper.chunk(id) === 'shop' },
            { name: (id) => shopper.chunk(id), debugName: 'areas', test: (id) => shopper.chunk(id) !== null },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    css: false,
  },
}));
