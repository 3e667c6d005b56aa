import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { CONTENT_PAGES, LOGOUT_PATH, PLACEHOLDER_PAGES, SPEC_PATHS } from '../src/content/siteLinks';

/** Every path of the spec's links table, plus one store details page. */
const PATHS = [...SPEC_PATHS, '/stores/janesville-wi', '/s/?keyword=rope', '/account/login/?refUrl=%2Ffaq%2F&create=1'];

/**
 * The Markdown content pages and the placeholders each share one template: every one is checked
 * on the desktop, the first of each at the other sizes too (every other page at every size).
 */
const SAME_TEMPLATE = new Set([...CONTENT_PAGES.slice(1), ...PLACEHOLDER_PAGES.slice(1)].map((p) => p.path));

test.describe('site routes', () => {
  for (const path of PATHS) {
    test(`${path} answers with a page`, async ({ page }, testInfo) => {
      test.skip(testInfo.project.name !== 'desktop' && SAME_TEMPLATE.has(path), 'its template is checked at this size');
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toBeVisible();
      await expect(h1).not.toHaveText('Page not found');
      await expect(page).not.toHaveTitle(/Page not found/);
      if (path === LOGOUT_PATH) {
        // Signing out ends the session on the server and goes on to refUrl, here none: home.
        expect(new URL(page.url()).pathname).toBe('/');
      } else {
        await expect(page).toHaveTitle(/\| Storefront$/);
      }
      if (path.startsWith('/s/?keyword=rope')) await expect(h1).toHaveText('Results for "rope"');
      if (path.includes('create=1')) await expect(h1).toHaveText('Create Rewards Account');

      const name = path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
      await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
      expect(blocking, `axe violations on ${path}`).toEqual([]);
    });
  }

  test('unknown paths keep the 404 page, answered with status 404', async ({ page }) => {
    const response = await page.goto('/no-such-page/deeper/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});
