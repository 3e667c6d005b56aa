import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Pages rendered on the server (issue 41): each kind of page a shopper arrives at from a search
 * engine or a shared link shows its content and its structured data with JavaScript off, as a
 * crawler or a link preview reads it; with JavaScript on, the page hydrates from the answers it
 * came with (no second fetch of them) and works. Desktop only (the layout checks at three sizes
 * are layout-shift.spec.ts, which also fails on any hydration error).
 */

interface Product {
  blainNumber: string;
  name: string;
  url: string;
  price: string;
  discontinued: boolean;
  priceMode: string;
}

async function someProduct(request: APIRequestContext): Promise<Product> {
  const response = await request.get('/api/search?keyword=rope&mpp=24');
  expect(response.status()).toBe(200);
  const items = ((await response.json()) as { items: Product[] }).items;
  const found = items.find((p) => !p.discontinued && p.priceMode === 'Regular' && p.price);
  if (!found) throw new Error('no product to open');
  return found;
}

async function someDepartment(request: APIRequestContext): Promise<{ name: string; url: string }> {
  const menu = ((await (await request.get('/globalresource/header/')).json()) as {
    deptMenu: Array<{ id: number; name: string; url: string }>;
  }).deptMenu;
  const department = menu.find((d) => d.id !== 12 && d.id !== 13);
  if (!department) throw new Error('no department in the menu');
  return department;
}

interface StoreInfo {
  storeNum: number;
  urlAlias: string;
  title: string;
  city: string;
  state: string;
}

async function someStore(request: APIRequestContext): Promise<StoreInfo> {
  const stores = (await (await request.get('/api/stores')).json()) as StoreInfo[];
  const store = stores.find((s) => s.urlAlias === 'janesville-wi') ?? stores[0];
  if (!store) throw new Error('no store');
  return store;
}

/** The `@type`s of the page's JSON-LD (top level and in `@graph`). */
async function structuredTypes(page: Page): Promise<string[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((text) => {
    const value = JSON.parse(text) as Record<string, unknown> | Record<string, unknown>[];
    const items = Array.isArray(value) ? value : Array.isArray(value['@graph']) ? (value['@graph'] as Record<string, unknown>[]) : [value];
    return items.map((item) => String(item['@type']));
  });
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'desktop only');
  });

  test('a product page shows the product, its price and picture, and its JSON-LD', async ({ page }) => {
    const product = await someProduct(page.request);
    const response = await page.goto(product.url);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.locator('.product-page').getByText(product.price).first()).toBeVisible();
    await expect(page.locator('.product-page img').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
    expect(await structuredTypes(page)).toEqual(expect.arrayContaining(['Product', 'BreadcrumbList']));
    // The banner's sponsored ad (the demo catalog sets one) is in the page too.
    const ad = (await (await page.request.get('/globalresource/sponsored-ad/')).json()) as { adId: string } | null;
    expect(ad, 'the demo catalog sets a sponsored ad').not.toBeNull();
    await expect(page.locator(`.site-banner__ad[data-ad-id="${ad!.adId}"] img`)).toBeVisible();
  });

  test('a product on sale until a day says so, and its offer gives the day', async ({ page }) => {
    // The demo catalog gives about half of its sales a last day (the home page lists deals).
    const home = (await (await page.request.get('/api/home')).json()) as {
      featured: Array<{ products: Array<Product & { saleEndsOn: string | null }> }>;
    };
    const product = home.featured.flatMap((f) => f.products).find((p) => p.saleEndsOn && p.priceMode === 'Regular');
    if (!product) throw new Error('no sale with a last day among the home page deals');
    await page.goto(product.url);
    const day = new Date(`${product.saleEndsOn}T00:00:00Z`).toLocaleDateString('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    await expect(page.locator('.product-page .product-price__ends')).toHaveText(`Sale ends ${day}`);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const offer = blocks
      .map((text) => JSON.parse(text) as { '@type'?: string; offers?: { priceValidUntil?: string } })
      .find((block) => block['@type'] === 'Product')?.offers;
    expect(offer?.priceValidUntil).toBe(product.saleEndsOn);
  });

  test("a product page shows the visitor's store and the product's stock there", async ({ page }) => {
    const product = await someProduct(page.request);
    const store = await someStore(page.request);
    const chosen = await page.request.get(`/stores/set-json/${store.storeNum}`);
    expect(chosen.status()).toBe(200);
    await page.goto(product.url);
    await expect(page.locator('.purchase__store')).toContainText(`Your store: ${store.city}, ${store.state}`);
    await expect(page.locator('.product-page [data-stock-status]').first()).toBeVisible();
  });

  test('search results show their products, each a link to its page', async ({ page }) => {
    await page.goto('/s/?keyword=rope');
    await expect(page.getByRole('heading', { level: 1, name: 'Results for "rope"' })).toBeVisible();
    const first = page.locator('.product-card a[href^="/product/"]').first();
    await expect(first).toBeVisible();
    expect(await page.locator('.product-card').count()).toBeGreaterThan(1);
    expect(await structuredTypes(page)).toContain('ItemList');
  });

  test('a department shows its name, breadcrumb and products', async ({ page }) => {
    const department = await someDepartment(page.request);
    await page.goto(department.url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
    await expect(page.locator('.product-card').first()).toBeVisible();
    expect(await structuredTypes(page)).toEqual(expect.arrayContaining(['BreadcrumbList', 'ItemList']));
  });

  test('the home page shows its hero, featured products and departments', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Shop by department' })).toBeVisible();
    await expect(page.locator('.home-featured .product-card, .home-featured a[href^="/product/"]').first()).toBeVisible();
    expect(await structuredTypes(page)).toEqual(expect.arrayContaining(['Organization', 'WebSite']));
  });

  test('a store page shows its address and hours', async ({ page }) => {
    const store = await someStore(page.request);
    await page.goto(`/stores/${store.urlAlias}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Store Hours' })).toBeVisible();
    expect(await structuredTypes(page)).toContain('Store');
  });

  test('a content page shows its text', async ({ page }) => {
    await page.goto('/about-us/');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  });
});

test('a rendered page hydrates from the answers it came with, and works', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'desktop only');
  const product = await someProduct(page.request);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // With a store chosen: the header names it and the page shows the product's stock there.
  const store = await someStore(page.request);
  expect((await page.request.get(`/stores/set-json/${store.storeNum}`)).status()).toBe(200);
  const rendered = [`/api/product/${product.blainNumber}`, '/globalresource/header/', '/products/a/stockstatus-json'];
  const fetchedAgain: string[] = [];
  page.on('request', (request) => {
    if (rendered.includes(new URL(request.url()).pathname)) fetchedAgain.push(request.url());
  });

  await page.goto(product.url);
  const add = page.getByRole('button', { name: 'Add to Cart', exact: true });
  await expect(add).toBeVisible();
  // Hydrated: the quantity's buttons answer.
  const quantity = page.locator('.product-page .quantity__input').first();
  await page.getByRole('button', { name: 'Increase quantity' }).first().click();
  await expect(quantity).toHaveValue('2');
  await page.waitForLoadState('networkidle');
  expect(fetchedAgain, 'the product, the header or the stock was fetched again').toEqual([]);
  await expect(page.locator('.purchase__store')).toContainText(`${store.city}, ${store.state}`);
  expect(errors).toEqual([]);

  // A client-side navigation afterwards fetches as before.
  await page.goto('/s/?keyword=rope');
  await page.locator('.product-card a[href^="/product/"]').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test("a sponsored ad whose picture failed before hydration shows the ad's text once hydrated", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'desktop only');
  const ad = (await (await page.request.get('/globalresource/sponsored-ad/')).json()) as {
    adId: string;
    desktopImage: string;
    ctaAccessibleText: string;
  } | null;
  expect(ad, 'the demo catalog sets a sponsored ad').not.toBeNull();
  // The picture fails while the page's scripts still load: its error event comes before React.
  await page.route(`**${ad!.desktopImage}`, (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/farm-ranch/');
  const slot = page.locator(`.site-banner__ad[data-ad-id="${ad!.adId}"]`);
  await expect(slot.locator('.site-banner__ad-text')).toHaveText(ad!.ctaAccessibleText);
  await expect(slot.locator('img')).toHaveCount(0);
});
