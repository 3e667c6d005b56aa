import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, saveScreenshot } from './support';

async function headerStoreName(page: Page): Promise<string | null> {
  const response = await page.request.get('/globalresource/header/');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { localStoreName: string | null }).localStoreName;
}

async function openStoreMenu(page: Page) {
  // The menu listens once the page has hydrated (a rendered page shows before it does).
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('storefront:open-store-menu')));
  const dialog = page.getByRole('dialog', { name: 'Select a Store' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('change-store side menu', () => {
  test('ZIP 53545, make a store mine; after the reload the header shows it', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await headerStoreName(page)).toBeNull();

    const dialog = await openStoreMenu(page);
    await expect(dialog.getByText('Enter a ZIP code or use your location to find stores near you.')).toBeVisible();
    await dialog.getByLabel('ZIP code').fill('53545');
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();

    const list = dialog.getByRole('list', { name: 'Stores' });
    await expect(list).toBeVisible();
    const first = list.getByRole('article').first();
    await expect(first.getByRole('heading', { level: 3 })).toHaveText('Janesville, WI');
    await expect(first).toContainText('mi');
    await expect(first.locator('.store-status')).toBeVisible();

    const hours = first.getByRole('button', { name: 'Store Hours' });
    await expect(hours).toHaveAttribute('aria-expanded', 'false');
    await hours.click();
    await expect(hours).toHaveAttribute('aria-expanded', 'true');
    await expect(first.getByText('Monday')).toBeVisible();
    await saveScreenshot(page, testInfo, 'store-menu-results');
    await expectNoSeriousViolations(page, testInfo, 'store-menu');

    await Promise.all([
      page.waitForEvent('load'),
      first.getByRole('button', { name: 'Make This My Store' }).click(),
    ]);

    expect(await headerStoreName(page)).toBe('Janesville, WI');
    await expect(page.getByRole('contentinfo').getByTestId('footer-store-name')).toHaveText('Janesville, WI');
    // The header shows the store where it has room for it (not in the mobile top bar).
    if (testInfo.project.name !== 'mobile') {
      await expect(page.getByRole('banner').getByText('Janesville, WI').first()).toBeVisible();
    }
    await saveScreenshot(page, testInfo, 'store-set');

    // Opened again, the current store comes first.
    const again = await openStoreMenu(page);
    const current = again.getByRole('list', { name: 'Stores' }).getByRole('article').first();
    await expect(current).toContainText('My Store');
    await expect(current.getByRole('heading', { level: 3 })).toHaveText('Janesville, WI');
  });

  test('Escape closes the menu and focus returns to the opener', async ({ page }) => {
    await page.goto('/');
    const opener = page.getByRole('contentinfo').getByRole('button', { name: 'Find Your Store' });
    await opener.scrollIntoViewIfNeeded();
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Select a Store' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // Opened by the event: focus goes back to whatever had it.
    const search = page.getByRole('searchbox', { name: 'Search products' });
    if (await search.isVisible()) {
      await search.focus();
      await openStoreMenu(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Select a Store' })).toBeHidden();
      await expect(search).toBeFocused();
    }
  });

  test('an invalid ZIP shows the message', async ({ page }) => {
    await page.goto('/');
    const dialog = await openStoreMenu(page);
    await dialog.getByLabel('ZIP code').fill('123');
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid ZIP code.');
  });
});

test.describe('store finder', () => {
  test('lists every store by state and searches by ZIP', async ({ page }, testInfo) => {
    const stores = (await (await page.request.get('/api/stores')).json()) as Array<{ state: string }>;
    const states = new Set(stores.map((s) => s.state));

    await page.goto('/store-finder/');
    await expect(page.getByRole('heading', { level: 1, name: 'Store Finder' })).toBeVisible();
    await expect(page).toHaveTitle('Store Finder | Storefront');
    await expect(page.getByText(`${stores.length} stores in ${states.size} states`)).toBeVisible();
    for (const name of ['Wisconsin', 'Illinois', 'Iowa']) {
      await expect(page.getByRole('heading', { level: 3, name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Janesville, WI' })).toHaveAttribute('href', '/stores/janesville-wi');

    const finder = page.getByRole('search', { name: 'Find stores' });
    await finder.getByLabel('ZIP code').fill('53545');
    await finder.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('list', { name: 'Stores near you' });
    await expect(results.getByRole('article').first()).toContainText('Janesville, WI');
    await saveScreenshot(page, testInfo, 'store-finder');
    await expectNoSeriousViolations(page, testInfo, 'store-finder');
  });

  test('store details, and a 404 for an unknown store', async ({ page }, testInfo) => {
    await page.goto('/stores/janesville-wi');
    await expect(page.getByRole('heading', { level: 1, name: 'Janesville, WI' })).toBeVisible();
    await expect(page).toHaveTitle('Janesville, WI Store | Storefront');
    await expect(page.getByText('2500 Milton Ave')).toBeVisible();
    await expect(page.getByRole('link', { name: '(608) 752-9000' })).toHaveAttribute('href', 'tel:+16087529000');
    await expect(page.getByRole('link', { name: '(608) 752-9010' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Store Hours' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Auto Center Hours' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'store-details');
    await expectNoSeriousViolations(page, testInfo, 'store-details');

    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Make This My Store' }).click(),
    ]);
    await expect(page.getByText('My Store', { exact: true }).first()).toBeVisible();
    expect(await headerStoreName(page)).toBe('Janesville, WI');

    await page.goto('/stores/no-such-store-xx');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});
