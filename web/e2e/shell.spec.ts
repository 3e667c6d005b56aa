import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { saveScreenshot } from './support';

const PHONE = '1-800-210-2370';

/** The first top-level department straight from the API the page uses. */
async function firstDepartmentName(page: Page): Promise<string> {
  const response = await page.request.get('/api/catalog/departments');
  expect(response.status(), 'GET /api/catalog/departments').toBe(200);
  const departments = (await response.json()) as Array<{ name: string }>;
  expect(departments.length, 'departments from the API').toBeGreaterThan(0);
  return departments[0]!.name;
}

test.describe('shell', () => {
  test('home page shows the header, footer and departments from the API', async ({
    page,
  }, testInfo) => {
    const departmentName = await firstDepartmentName(page);
    await page.goto('/');

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Storefront', exact: true })).toBeVisible();
    await expect(header.getByRole('searchbox', { name: 'Search products' })).toBeVisible();

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: PHONE })).toBeVisible();

    const departments = page.getByRole('list', { name: 'Shop by department' });
    await expect(departments.getByRole('link', { name: departmentName, exact: true })).toBeVisible();
    expect(await departments.getByRole('link').count()).toBeGreaterThan(0);
    await expect(page).toHaveTitle(/Storefront/);

    await saveScreenshot(page, testInfo, 'home');
  });

  test('unknown paths show the 404 page', async ({ page }, testInfo) => {
    await page.goto('/no-such-page/');

    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: PHONE })).toBeVisible();

    await saveScreenshot(page, testInfo, 'not-found');
  });

  test('search submits to /s/?keyword=', async ({ page }, testInfo) => {
    await page.goto('/');
    const search = page.getByRole('searchbox', { name: 'Search products' });

    await search.fill('rope');
    await search.press('Enter');

    await expect(page).toHaveURL(/\/s\/\?keyword=rope$/);
    expect(new URL(page.url()).pathname).toBe('/s/');
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('rope');
    await expect(search).toHaveValue('rope');

    await saveScreenshot(page, testInfo, 'search-submitted');
  });

  test('an empty search does not navigate', async ({ page }) => {
    await page.goto('/');
    const startUrl = page.url();
    const search = page.getByRole('searchbox', { name: 'Search products' });

    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await search.fill('   ');
    await search.press('Enter');
    // Give a navigation, if any were triggered, time to start.
    await page.waitForTimeout(300);

    expect(page.url()).toBe(startUrl);
    await expect(search).toBeFocused();
  });

  test('has no serious or critical accessibility violations', async ({ page }, testInfo) => {
    for (const path of ['/', '/no-such-page/']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === '/') {
        await expect(
          page.getByRole('list', { name: 'Shop by department' }).getByRole('link').first(),
        ).toBeVisible();
      }

      const results = await new AxeBuilder({ page }).analyze();
      await testInfo.attach(`axe${path.replace(/\W+/g, '-')}json`, {
        body: JSON.stringify(results.violations, null, 2),
        contentType: 'application/json',
      });
      const blocking = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.map((n) => n.target.join(' ')),
        }));
      expect(blocking, `axe violations on ${path}`).toEqual([]);
    }
  });

  test('keyboard users can skip to the main content', async ({ page }) => {
    test.skip(test.info().project.name === 'mobile', 'no keyboard on mobile');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
});
