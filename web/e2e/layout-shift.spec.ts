import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Layout checks at three sizes (every project: desktop, tablet, mobile): each page of the
 * shopper's way in (home, a department, search, a product, a store) loads once, and what is on
 * screen does not move while its data and late parts (header, banner, ad, recommendations,
 * pictures) arrive: the layout shifts add up to at most MAX_SHIFT, the page does not scroll by
 * itself, and the console has no error.
 *
 * The sum is of every layout-shift entry without recent input, from before the first paint to
 * the settled page (no session windows: the sum is never below the CLS).
 *
 * On a fast local server the data would arrive before the first paint, and a placeholder of
 * the wrong size would never be seen; so the page's data calls (/api/, /globalresource/) are
 * answered DATA_DELAY_MS late, as on a phone's network: the placeholders paint first, and the
 * content has to take their place without moving the rest.
 */

/** The most the shifts of one page load may add up to (Lighthouse's "good" CLS is 0.1). */
const MAX_SHIFT = 0.05;
const DATA_DELAY_MS = 400;

interface Shift {
  value: number;
  time: number;
  sources: string[];
}

type ShiftWindow = Window & { __sfShifts?: Shift[]; __sfShiftObserver?: PerformanceObserver };

/** Collects the page's layout shifts (with what moved, from where to where) from the start. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as ShiftWindow;
    const shifts: Shift[] = [];
    w.__sfShifts = shifts;
    const describe = (node: Node | null): string => {
      if (!node) return '(removed)';
      const element = node instanceof Element ? node : node.parentElement;
      if (!element) return node.nodeName;
      const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/).filter(Boolean) : [];
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes.map((c) => `.${c}`).join('')}`;
      return node instanceof Element ? name : `text in ${name}`;
    };
    const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    try {
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const shift = entry as PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: Array<{ node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
          };
          if (shift.hadRecentInput) continue;
          shifts.push({
            value: shift.value,
            time: Math.round(shift.startTime),
            sources: (shift.sources ?? []).map(
              (s) => `${describe(s.node)}: ${rect(s.previousRect)} → ${rect(s.currentRect)}`,
            ),
          });
        }
      });
      observer.observe({ type: 'layout-shift', buffered: true });
      w.__sfShiftObserver = observer;
    } catch {
      // No layout-shift entries in this browser.
    }
  });
}

/** The shifts so far, once two frames have been drawn (entries still queued included). */
async function shiftsSoFar(page: Page): Promise<Shift[]> {
  return page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const w = window as ShiftWindow;
    w.__sfShiftObserver?.takeRecords();
    return w.__sfShifts ?? [];
  });
}

/** Answers the page's data calls late (the placeholders paint before the data arrives). */
async function delayData(page: Page) {
  await page.route(
    (url) => /^\/(api|globalresource)\//.test(url.pathname),
    async (route) => {
      await new Promise((done) => setTimeout(done, DATA_DELAY_MS));
      await route.continue();
    },
  );
}

/** Console errors and uncaught exceptions of the page. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`exception: ${error.message}`));
  return errors;
}

interface Product {
  name: string;
  url: string;
  discontinued: boolean;
}

async function someProduct(request: APIRequestContext): Promise<Product> {
  for (const keyword of ['rope', 'gloves', 'bucket']) {
    const response = await request.get(`/api/search?keyword=${keyword}&mpp=24`);
    if (!response.ok()) continue;
    const found = (((await response.json()) as { items?: Product[] }).items ?? []).find((p) => !p.discontinued);
    if (found) return found;
  }
  throw new Error('no product to open (searched rope, gloves, bucket)');
}

async function someDepartment(request: APIRequestContext): Promise<{ name: string; url: string }> {
  const response = await request.get('/globalresource/header/');
  expect(response.status()).toBe(200);
  const menu = ((await response.json()) as { deptMenu: Array<{ id: number; name: string; url: string }> }).deptMenu;
  // 12 and 13 are services, not listings.
  const department = menu.find((d) => d.id !== 12 && d.id !== 13);
  if (!department) throw new Error('no department in the menu');
  return department;
}

async function someStore(request: APIRequestContext): Promise<{ title: string; urlAlias: string }> {
  const response = await request.get('/api/stores');
  expect(response.status()).toBe(200);
  const stores = (await response.json()) as Array<{ title: string; urlAlias: string }>;
  const store = stores.find((s) => s.urlAlias === 'janesville-wi') ?? stores[0];
  if (!store) throw new Error('no store');
  return store;
}

/** The listing's products, once loaded. */
function results(page: Page) {
  return page.locator('.listing__results:not([aria-busy]) .product-card');
}

interface Case {
  name: string;
  /** The page's path, found from the store's data. */
  path: (request: APIRequestContext) => Promise<string>;
  /** Waits for the page's main content (its placeholders replaced). */
  ready: (page: Page) => Promise<void>;
}

const cases: Case[] = [
  {
    name: 'home',
    path: async () => '/',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
      await expect(page.locator('.home-featured').first()).toBeVisible();
      await expect(page.locator('.home-hero--skeleton, .home [data-skeleton]')).toHaveCount(0);
    },
  },
  {
    name: 'department',
    path: async (request) => (await someDepartment(request)).url,
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // A department page is a listing (or, when a content page has its URL, that page).
      await expect(results(page).or(page.locator('.content-page')).first()).toBeVisible();
    },
  },
  {
    name: 'search',
    path: async () => '/s/?keyword=rope',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Results for "rope"' })).toBeVisible();
      await expect(results(page).first()).toBeVisible();
    },
  },
  {
    name: 'product',
    path: async (request) => (await someProduct(request)).url,
    ready: async (page) => {
      await expect(page.locator('article.product-page h1')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Add to Cart', exact: true })).toBeVisible();
      await expect(page.locator('[data-skeleton]')).toHaveCount(0);
    },
  },
  {
    name: 'store',
    path: async (request) => `/stores/${(await someStore(request)).urlAlias}`,
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Store Hours' })).toBeVisible();
    },
  },
];

test.describe('layout shift', () => {
  for (const c of cases) {
    test(`${c.name}: nothing moves while the page loads`, async ({ page }, testInfo) => {
      const path = await c.path(page.request);
      const errors = collectErrors(page);
      await recordShifts(page);
      await delayData(page);

      await page.goto(path);
      await c.ready(page);
      // The late parts (recommendations, the ad, pictures) in place too.
      await page.waitForLoadState('networkidle');

      const shifts = await shiftsSoFar(page);
      const total = shifts.reduce((sum, s) => sum + s.value, 0);
      testInfo.annotations.push({
        type: 'layout shift',
        description: `${c.name} ${testInfo.project.name} (${path}): ${total.toFixed(4)} in ${shifts.length} shift(s)`,
      });
      const report = shifts
        .map((s) => `  ${s.value.toFixed(4)} at ${s.time} ms\n${s.sources.map((line) => `    ${line}`).join('\n')}`)
        .join('\n');
      expect(total, `layout shifts of ${path}:\n${report}`).toBeLessThanOrEqual(MAX_SHIFT);
      expect(await page.evaluate(() => window.scrollY), 'the page scrolled by itself').toBe(0);
      expect(errors, 'console errors').toEqual([]);
    });
  }
});
