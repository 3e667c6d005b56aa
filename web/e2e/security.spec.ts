import { expect, test } from '@playwright/test';

/**
 * The store runs under its Content-Security-Policy: no page breaks it (a violation would mean
 * a blocked script, style or picture), and no page can be framed.
 */

const PAGES = ['/', '/s/?keyword=tank', '/cart/', '/store-finder/', '/newsletter/unsubscribe?token=x'];

test('pages run under the Content-Security-Policy without a violation', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'flows run on the desktop project');
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  for (const path of PAGES) {
    const response = await page.goto(path);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp, path).toContain("script-src 'self'");
    expect(csp, path).toContain("frame-ancestors 'none'");
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Open a product from the search page: pictures, ratings and prices render too.
    if (path.startsWith('/s/')) {
      await page.getByRole('main').locator('a[href*="/product/"]').first().click();
      await expect(page).toHaveURL(/\/product\//);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  }
  expect(violations).toEqual([]);
});
