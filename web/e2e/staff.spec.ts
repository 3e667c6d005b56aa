import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, saveScreenshot } from './support';

/**
 * The staff entry (/staff.html): the merchandisers' pins page, built apart from the shoppers'
 * app. The store under test has no staff token of ours, so a pin is refused (401) and the page
 * says so; shoppers' pages carry no merchandising tools, not even in preview mode (`prv`).
 */

test.describe('staff pins page', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flows run on the desktop project');
  });

  test('shows a keyword’s results; a token the store does not know is refused', async ({ page }, testInfo) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    const response = await page.goto('/staff.html?keyword=dog');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy'] ?? '').toContain("script-src 'self'");
    await expect(page.getByRole('heading', { level: 1, name: 'Pins' })).toBeVisible();
    await expect(page).toHaveTitle('Pins: dog | Storefront staff');
    const results = page.getByRole('region', { name: 'Results for “dog”' });
    await expect(results.getByRole('listitem').first()).toBeVisible();
    await expect(results.getByRole('link', { name: 'See the shoppers’ page' })).toHaveAttribute('href', '/s/?keyword=dog');
    // No pin controls without a token.
    await expect(page.getByRole('button', { name: /^Pin to top/ })).toHaveCount(0);
    await expectNoSeriousViolations(page, testInfo, 'staff-pins');

    await page.getByLabel('Merchandiser token').fill('not-a-staff-token-of-this-store');
    await page.getByRole('button', { name: 'Use token' }).click();
    const pin = page.waitForResponse((r) => r.url().endsWith('/api/staff/merch/AddItemToTop'));
    await page.getByRole('button', { name: /^Pin to top/ }).first().click();
    expect((await pin).status()).toBe(401);
    await expect(page.getByRole('status').filter({ hasText: 'This merchandiser token is not valid.' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'staff-pins-refused');

    await page.getByRole('button', { name: 'Forget the token' }).click();
    await expect(page.getByRole('button', { name: /^Pin to top/ })).toHaveCount(0);

    // Another keyword, typed in: its board, in the address.
    await page.getByRole('searchbox', { name: 'Keyword' }).fill('tank');
    await page.getByRole('button', { name: 'Show results' }).click();
    await expect(page).toHaveURL(/\/staff\.html\?keyword=tank$/);
    await expect(page.getByRole('region', { name: 'Results for “tank”' }).getByRole('listitem').first()).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('the shoppers’ search page has no merchandising tools, even in preview mode', async ({ page }) => {
    await page.goto('/s/?keyword=dog&prv=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Results for "dog"' })).toBeVisible();
    await expect(page.locator('.listing__results:not([aria-busy]) .product-card').first()).toBeVisible();
    await expect(page.getByLabel('Merchandiser token')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Pin to top/ })).toHaveCount(0);
  });
});
