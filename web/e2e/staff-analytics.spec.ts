import { expect, type Browser, type Page, type TestInfo } from '@playwright/test';
import {
  afterAnswer,
  expectNoSeriousViolations,
  newCustomer,
  registerCustomer,
  saveScreenshot,
  shopperAddress,
  shopperTest as test,
  signInAsNewStaff,
  signInWithApi,
} from './support';

/**
 * The analysts' and merchandisers' pages of the staff console. An analyst (invited and
 * signed in) watches Live events while a shopper, in a browser of their own, searches: the
 * Search shows up within seconds. The analytics report then lists the keyword in today's top
 * searches with its line chart drawn, and once the shopper clicks a result its click-through
 * is a percent above 0. A merchandiser finds a shopper's nonsense search in the null-result
 * queue and redirects it to the store finder, where the shopper's next search for it lands.
 * A shopper without a staff role gets the 403 page. The analytics consumer folds events in
 * batches: the report and the queue are read again until they show them. No page of the
 * console breaks the Content Security Policy (the charts style their parts through the
 * CSSOM only). Flows run on the desktop project only.
 */

/** A word of the seeded catalog (its grass seeds) that other specs do not search for. */
const KEYWORD = 'fescue';

type StaffRole = 'analyst' | 'merchandiser';

/** Invites a new person with `role` (the local mailbox's link) and signs this page's browser in as them. */
async function signInAsStaff(page: Page, role: StaffRole, firstName: string) {
  await signInAsNewStaff(page.request, role, role, firstName);
}

/** A shopper in a browser of their own (their own cookies and address). */
async function shopperPage(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': shopperAddress() },
  });
  return { context, page: await context.newPage() };
}

/** Searches from the header, as a shopper does. */
async function search(page: Page, keyword: string) {
  await page.goto('/');
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' });
  await box.fill(keyword);
  await box.press('Enter');
}

/** Content Security Policy violations on the page, as the browser reports them. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

test.describe('staff analytics', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flows run on the desktop project');
  });

  test('an analyst sees a shopper’s search live, then in the report with its click-through', async ({
    page,
    browser,
  }, testInfo) => {
    // A live tail, a shopper's browser, and two waits for the analytics consumer's batches.
    test.slow();
    const violations = await watchCsp(page);
    await signInAsStaff(page, 'analyst', 'Ana');

    await page.goto('/staff/');
    await page.getByRole('navigation', { name: 'Staff pages' }).getByRole('link', { name: 'Live events' }).click();
    await expect(page).toHaveURL(/\/staff\/analytics\/live\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Live events' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Listening to storefront\.tracking\.v1/ })).toBeVisible({
      timeout: 15_000,
    });

    const shopper = await shopperPage(browser, testInfo);
    try {
      await search(shopper.page, KEYWORD);
      await expect(shopper.page).toHaveURL(new RegExp(`/s/\\?keyword=${KEYWORD}$`));
      const results = shopper.page.locator('.listing__results:not([aria-busy]) .product-card');
      await expect(results.first()).toBeVisible();

      // Within seconds, the tail has the Search.
      const events = page.getByRole('table', { name: /^Events, newest first/ });
      const searchRow = events.getByRole('row').filter({ hasText: `“${KEYWORD}”` }).filter({ hasText: 'Search' });
      await expect(searchRow.first()).toBeVisible({ timeout: 15_000 });
      await expect(searchRow.first().getByRole('cell').nth(0)).toHaveText('tracking');
      await saveScreenshot(page, testInfo, 'staff-live-events');
      await expectNoSeriousViolations(page, testInfo, 'staff-live-events');

      // The report: today's top searches hold the keyword (once the consumer has folded it in).
      await page.getByRole('navigation', { name: 'Staff pages' }).getByRole('link', { name: 'Analytics', exact: true }).click();
      await expect(page).toHaveURL(/\/staff\/analytics\/$/);
      const top = page.getByRole('table', { name: 'Top searches' });
      const row = top.getByRole('row').filter({ has: page.getByRole('rowheader', { name: KEYWORD, exact: true }) });
      await expect(async () => {
        await page.reload();
        await expect(row).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();

      // The line chart is drawn, at the width of its figure.
      const canvas = page.getByRole('figure', { name: /^Searches over time/ }).locator('canvas').first();
      await expect(canvas).toBeAttached();
      const size = await canvas.evaluate((c: HTMLCanvasElement) => ({ width: c.width, height: c.height }));
      expect(size.width).toBeGreaterThan(0);
      expect(size.height).toBeGreaterThan(0);
      await saveScreenshot(page, testInfo, 'staff-analytics');
      await expectNoSeriousViolations(page, testInfo, 'staff-analytics');

      // The shopper clicks a result: the keyword's click-through becomes a percent above 0.
      const click = shopper.page.waitForRequest((r) => {
        const url = new URL(r.url());
        return url.pathname === '/hawk.png' && url.searchParams.get('et') === '3';
      });
      await results.first().getByRole('heading').getByRole('link').click();
      await click;
      await expect(shopper.page).toHaveURL(/\/product\//);
      // Cells after the keyword: searches, with results, null results, clicks, click-through.
      const clickThrough = row.getByRole('cell').nth(4);
      await expect(async () => {
        await page.reload();
        await expect(clickThrough).toHaveText(/^(?!0%$)\d+(\.\d)?%$/, { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
    } finally {
      await shopper.context.close();
    }
    expect(violations).toEqual([]);
  });

  test('a merchandiser redirects a shopper’s search that found nothing to the store finder', async ({
    page,
    browser,
  }, testInfo) => {
    test.slow();
    const violations = await watchCsp(page);
    const nonsense = `qzxv${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 6)}`;
    const shopper = await shopperPage(browser, testInfo);
    try {
      await search(shopper.page, nonsense);
      await expect(shopper.page).toHaveURL(new RegExp(`/s/\\?keyword=${nonsense}$`));
      await expect(shopper.page.getByRole('heading', { level: 1 })).toBeVisible();

      await signInAsStaff(page, 'merchandiser', 'Mel');
      await page.goto('/staff/merch/null-results/');
      await expect(page.getByRole('heading', { level: 1, name: 'Searches with no results' })).toBeVisible();
      const row = page
        .getByRole('table', { name: /^Searches with no results, .*, most first$/ })
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: nonsense, exact: true }) });
      await expect(async () => {
        await page.reload();
        await expect(row).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expect(row).toContainText('None');
      await saveScreenshot(page, testInfo, 'staff-null-results');
      await expectNoSeriousViolations(page, testInfo, 'staff-null-results');

      await row.getByRole('button', { name: `Add a redirect for “${nonsense}”` }).click();
      const field = page.getByRole('textbox', { name: `Send searches for “${nonsense}” to` });
      await expect(field).toBeFocused();
      await field.fill('/store-finder/');
      await afterAnswer(page, '/api/staff/merch/SetKeywordRedirect', () =>
        page.getByRole('button', { name: 'Save redirect' }).click(),
      );
      await expect(page.getByRole('status').filter({ hasText: `Searches for “${nonsense}” now go to /store-finder/.` })).toBeVisible();
      await expect(row.getByRole('cell').nth(3)).toHaveText('/store-finder/');
      await expect(page.getByRole('alert')).toHaveCount(0);

      // The shopper's next search for the word lands on the store finder.
      await expect(async () => {
        await search(shopper.page, nonsense);
        await expect(shopper.page).toHaveURL(/\/store-finder\/$/, { timeout: 3_000 });
      }).toPass({ timeout: 20_000 });
    } finally {
      await shopper.context.close();
    }
    expect(violations).toEqual([]);
  });

  test('a shopper without a staff role gets the 403 page on the analytics report', async ({ page }) => {
    const shopper = newCustomer('no-staff-analytics', 'Sky');
    await registerCustomer(page.request, shopper);
    await signInWithApi(page.request, shopper);
    await page.goto('/staff/analytics/');
    await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
    await expect(page).toHaveTitle('No access | Storefront staff');
    await expect(page.getByRole('main')).toContainText('Your account has no staff role.');
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});
