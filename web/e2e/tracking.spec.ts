import { expect, test, type Page, type Request } from '@playwright/test';

/**
 * Tracking (issue 9): /hawk.png events, the analytics beacon and the
 * sponsored-ad slot with its beacons. Flows run on the desktop project only;
 * each test skips when the server does not have the endpoint yet (404).
 */

interface HawkHit {
  request: Request;
  et: number;
  cg: string | null;
  r: string | null;
  event: Record<string, unknown>;
}

function pathOf(url: string): string {
  return new URL(url).pathname;
}

/** A /hawk.png request, decoded (t: base64 of the UTF-8 event JSON). */
function parseHawk(request: Request): HawkHit | null {
  const url = new URL(request.url());
  if (url.pathname !== '/hawk.png') return null;
  const t = url.searchParams.get('t') ?? '';
  let event: Record<string, unknown> = {};
  try {
    event = JSON.parse(Buffer.from(t, 'base64').toString('utf8')) as Record<string, unknown>;
  } catch {
    // Left empty: the assertions on it fail with the URL in the message.
  }
  return {
    request,
    et: Number(url.searchParams.get('et')),
    cg: url.searchParams.get('cg'),
    r: url.searchParams.get('r'),
    event,
  };
}

function isHawk(request: Request, et: number): boolean {
  return parseHawk(request)?.et === et;
}

/** Skips the test when `path` answers 404 (the server side is not there yet). */
async function skipWithout(page: Page, path: string) {
  const response = await page.request.get(path, { failOnStatusCode: false, maxRedirects: 0 });
  test.skip(response.status() === 404, `${path} answers 404 on this server`);
}

/**
 * Records what the page hands to navigator.sendBeacon (Chromium does not
 * always expose a beacon's body on the network request).
 */
async function recordBeacons(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __sfBeacons: Array<{ url: string; body: string | null }> };
    w.__sfBeacons = [];
    const original = navigator.sendBeacon?.bind(navigator);
    if (!original) return;
    navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) => {
      w.__sfBeacons.push({
        url: new URL(String(url), location.href).pathname,
        body: typeof data === 'string' ? data : null,
      });
      return original(url, data);
    };
  });
}

/** POST requests to `path` made by the page from now on. */
function collectPosts(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && pathOf(request.url()) === path) seen.push(request);
  });
  return seen;
}

/** The JSON bodies posted to `path`: from the network, else from the sendBeacon record. */
async function postedBodies(page: Page, requests: Request[], path: string): Promise<unknown[]> {
  const recorded = await page.evaluate(
    (p) =>
      ((window as unknown as { __sfBeacons?: Array<{ url: string; body: string | null }> }).__sfBeacons ?? [])
        .filter((b) => b.url === p)
        .map((b) => b.body),
    path,
  );
  const bodies: unknown[] = [];
  requests.forEach((request, i) => {
    const raw = request.postData() ?? recorded[i] ?? null;
    if (raw === null) return;
    try {
      bodies.push(JSON.parse(raw));
    } catch {
      bodies.push(raw);
    }
  });
  return bodies;
}

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'tracking flows are checked on the desktop project');
});

test.describe('hawk tracking events', () => {
  test('a PageLoad (et=1) with a v2 event on load and on each client-side navigation', async ({ page }) => {
    await skipWithout(page, '/hawk.png');
    const hits: HawkHit[] = [];
    page.on('request', (request) => {
      const hit = parseHawk(request);
      if (hit) hits.push(hit);
    });

    const pageLoad = page.waitForRequest((r) => isHawk(r, 1));
    await page.goto('/');
    const hit = parseHawk(await pageLoad)!;
    expect(hit.cg).toBeTruthy();
    expect(hit.r).toBeTruthy();
    expect(hit.event).toMatchObject({
      event: 'PageLoad',
      version: 'v2',
      type_id: 5,
      request_path: '/',
      qs: '',
    });
    expect(String(hit.event.url)).toMatch(/\/$/);
    expect(typeof hit.event.timestamp).toBe('string');
    expect(hit.event).not.toHaveProperty('visitor_id');
    expect(hit.event).not.toHaveProperty('visit_id');

    // A client-side navigation tracks one more page load.
    const next = page.waitForRequest((r) => isHawk(r, 1) && parseHawk(r)!.event.request_path === '/faq/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ', exact: true }).click();
    await next;
    await page.waitForTimeout(500);
    const pageLoads = hits.filter((h) => h.et === 1).map((h) => h.event.request_path);
    expect(pageLoads).toEqual(['/', '/faq/']);
  });

  test('choosing a header search suggestion sends an AutoCompleteClick (et=11)', async ({ page }) => {
    await skipWithout(page, '/hawk.png');
    await page.goto('/');
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.click();
    await search.pressSequentially('ro');
    const links = page.locator('.search-suggestions a[href]');
    await expect(links.first()).toBeVisible();
    const href = await links.first().getAttribute('href');
    const text = ((await links.first().textContent()) ?? '').trim();

    const click = page.waitForRequest((r) => isHawk(r, 11));
    await links.first().click();
    const hit = parseHawk(await click)!;
    expect(hit.event).toMatchObject({
      event: 'AutoCompleteClick',
      version: 'v2',
      keyword: 'ro',
      url: href,
    });
    expect(String(hit.event.name).trim()).toBe(text);
    expect([1, 2, 3, 4]).toContain(hit.event.suggest_type);
    for (const key of ['mouse_x', 'mouse_y', 'viewport_w', 'viewport_h', 'scroll_x', 'scroll_y', 'element_tag', 'browser', 'os']) {
      expect(hit.event, key).toHaveProperty(key);
    }
    expect(hit.event.viewport_w).toBe(1280);
  });
});

test.describe('analytics beacon', () => {
  test('the footer newsletter sign-up posts email_subscribe (method Footer) to /event/a/analytics', async ({
    page,
  }) => {
    await skipWithout(page, '/event/a/analytics');
    await recordBeacons(page);
    const posts = collectPosts(page, '/event/a/analytics');
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const email = `e2e-tracking-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await footer.getByRole('textbox', { name: 'Email address' }).fill(email);

    const beacon = page.waitForRequest(
      (r) => r.method() === 'POST' && pathOf(r.url()) === '/event/a/analytics',
    );
    await footer.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('dialog', { name: 'Thank you!' })).toBeVisible();
    await beacon;

    await expect
      .poll(async () => postedBodies(page, posts, '/event/a/analytics'))
      .toContainEqual({ event: 'email_subscribe', method: 'Footer' });
  });
});

test.describe('sponsored ad', () => {
  test('the server answers null or one ad', async ({ page }) => {
    const response = await page.request.get('/globalresource/sponsored-ad/', { failOnStatusCode: false });
    test.skip(response.status() === 404, '/globalresource/sponsored-ad/ answers 404 on this server');
    expect(response.status()).toBe(200);
    const body = (await response.json()) as unknown;
    if (body !== null) {
      expect(body).toMatchObject({ adId: expect.anything(), ctaLink: expect.any(String) });
    }
  });

  test('the banner slot shows the ad, posts the impression once and the click beacon', async ({ page }) => {
    await skipWithout(page, '/event/a/sponsored-ad-impression');
    await skipWithout(page, '/event/a/sponsored-ad-click');
    const adId = `e2e-ad-${Date.now()}`;
    const ad = {
      adId,
      // Pictures that do not exist (the store draws .svg ad pictures, not .png): they fail
      // to load and are hidden.
      desktopImage: `/images/ads/${adId}-desktop.png`,
      mobileImage: `/images/ads/${adId}-mobile.png`,
      ctaLink: '/store-finder/',
      bannerImageAccessibleText: 'Shelves of feed and seed in a store',
      ctaAccessibleText: 'Find a store near you',
    };
    let adRequests = 0;
    await page.route('**/globalresource/sponsored-ad/', async (route) => {
      adRequests += 1;
      await route.fulfill({ json: ad });
    });
    await recordBeacons(page);
    const impressions = collectPosts(page, '/event/a/sponsored-ad-impression');
    const clicks = collectPosts(page, '/event/a/sponsored-ad-click');

    const impression = page.waitForRequest(
      (r) => r.method() === 'POST' && pathOf(r.url()) === '/event/a/sponsored-ad-impression',
    );
    // A page the browser renders (the cart): a rendered page carries the store's own ad.
    await page.goto('/cart/');
    const banner = page.getByRole('region', { name: 'Site messages' });
    const slot = banner.locator(`[data-ad-id="${adId}"]`);
    await expect(slot).toBeVisible();
    const link = slot.getByRole('link', { name: ad.ctaAccessibleText });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', ad.ctaLink);
    // A picture that fails to load is hidden, not a broken icon; the texts remain.
    await expect(slot.locator('img')).toHaveCount(0);
    await expect(slot).toContainText('Sponsored');
    await expect(slot).toContainText(ad.ctaAccessibleText);

    await impression;
    // The banner keeps rendering (rotation, hover): still one impression.
    await banner.hover();
    await page.waitForTimeout(1_000);
    expect(impressions).toHaveLength(1);
    expect(await postedBodies(page, impressions, '/event/a/sponsored-ad-impression')).toEqual([[adId]]);
    expect(adRequests).toBe(1);

    const click = page.waitForRequest(
      (r) => r.method() === 'POST' && pathOf(r.url()) === '/event/a/sponsored-ad-click',
    );
    await link.click();
    await click;
    await expect(page).toHaveURL(/\/store-finder\/$/);
    await expect.poll(async () => postedBodies(page, clicks, '/event/a/sponsored-ad-click')).toEqual([adId]);
    // Same page load: no second fetch of the ad, no second impression.
    await page.waitForTimeout(500);
    expect(adRequests).toBe(1);
    expect(impressions).toHaveLength(1);
  });
});
