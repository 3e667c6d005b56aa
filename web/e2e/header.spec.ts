import { expect, test } from '@playwright/test';
import { accountToggle, expectNoSeriousViolations, gotoReady, saveScreenshot } from './support';

/** Header: search suggestions, account dropdown, sign-in panel, cart and store. */

test.describe('header search', () => {
  test('suggestions by keyboard: type, ArrowDown into the list, again, Escape back to the input', async ({
    page,
  }, testInfo) => {
    await gotoReady(page);
    const search = page.getByRole('searchbox', { name: 'Search products' });

    await search.click();
    // Focus alone opens the popular searches.
    await expect(page.getByRole('list', { name: 'Popular Searches' })).toBeVisible();

    await search.pressSequentially('ro');
    const brands = page.getByRole('list', { name: 'Brands' });
    await expect(brands).toBeVisible();
    const links = page.locator('.search-suggestions a[href]');
    expect(await links.count()).toBeGreaterThan(1);
    await expect(brands.getByRole('link').first().locator('strong')).toHaveText(/ro/i);
    await saveScreenshot(page, testInfo, 'search-suggestions', false);
    await expectNoSeriousViolations(page, testInfo, 'search-suggestions');

    await search.press('ArrowDown');
    await expect(links.nth(0)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(links.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(links.nth(0)).toBeFocused();
    await page.keyboard.press('ArrowDown');

    await page.keyboard.press('Escape');
    await expect(page.locator('.search-suggestions')).toHaveCount(0);
    await expect(search).toBeFocused();
    await expect(search).toHaveValue('ro');
  });

  test('a 1–4 digit value gives no suggestions; long values are cut to 150', async ({ page }) => {
    await gotoReady(page);
    const search = page.getByRole('searchbox', { name: 'Search products' });

    await search.click();
    await expect(page.getByRole('list', { name: 'Popular Searches' })).toBeVisible();
    await search.pressSequentially('1234');
    await expect(page.locator('.search-suggestions')).toHaveCount(0);

    await search.fill('');
    await search.focus();
    await page.keyboard.insertText('x'.repeat(200));
    expect((await search.inputValue()).length).toBe(150);
  });

  test('an empty search is blocked with an accessible message', async ({ page }, testInfo) => {
    await gotoReady(page);
    const search = page.getByRole('searchbox', { name: 'Search products' });
    const startUrl = page.url();

    await page.getByRole('button', { name: 'Search', exact: true }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Please enter a search term.' });
    await expect(alert).toBeVisible();
    await expect(search).toHaveAccessibleDescription('Please enter a search term.');
    await expect(search).toBeFocused();
    expect(page.url()).toBe(startUrl);
    await saveScreenshot(page, testInfo, 'search-empty', false);

    await search.pressSequentially('rope');
    await expect(alert).toHaveCount(0);
  });

  test('choosing a suggestion navigates to it', async ({ page }) => {
    await gotoReady(page);
    await page.getByRole('searchbox', { name: 'Search products' }).click();
    const popular = page.getByRole('list', { name: 'Popular Searches' }).getByRole('link').first();
    const href = await popular.getAttribute('href');
    await popular.click();
    await expect(page).toHaveURL(new RegExp(`${href!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await expect(page.locator('.search-suggestions')).toHaveCount(0);
  });
});

test.describe('account dropdown', () => {
  test('guests see Sign In, Create Account and Track Order; Escape closes it and focus returns', async ({
    page,
  }, testInfo) => {
    await gotoReady(page);
    const toggle = accountToggle(page);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    await expect(panel.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Create Account' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Track Order' })).toHaveAttribute(
      'href',
      '/account/track-your-order/',
    );
    await expect(panel.getByRole('link', { name: 'Sign Out' })).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'account-dropdown', false);
    await expectNoSeriousViolations(page, testInfo, 'account-dropdown');

    await panel.getByRole('link', { name: 'Track Order' }).focus();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('closes on an outside click', async ({ page }) => {
    await gotoReady(page);
    const toggle = accountToggle(page);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // A spot of the page outside the header and its dropdown.
    await page.getByRole('contentinfo').click({ position: { x: 2, y: 2 } });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('guests clicking Orders get the sign-in panel; Escape closes it and focus returns', async ({
    page,
  }, testInfo) => {
    await gotoReady(page);
    const toggle = accountToggle(page);
    await toggle.click();

    await page.getByRole('link', { name: 'Orders', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Email', { exact: false }).first()).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => sessionStorage.getItem('storefront:sign-in-destination'))).toBe(
      '/account/orders/',
    );
    await saveScreenshot(page, testInfo, 'sign-in-panel', false);
    await expectNoSeriousViolations(page, testInfo, 'sign-in-panel');

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(toggle).toBeFocused();
  });

  test('Create Account opens the panel on the create page, with Back to sign-in pages', async ({ page }) => {
    await gotoReady(page);
    await accountToggle(page).click();
    await page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAccessibleName('Sign In');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(dialog).toHaveAccessibleName('Create Rewards Account');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog).toHaveAccessibleName('Sign In');
  });
});

test('sign-in and create-account links anywhere open the panel for guests', async ({ page }) => {
  await gotoReady(page);
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    main.insertAdjacentHTML(
      'afterbegin',
      '<p><a href="/account/login/?create=1" id="e2e-join">Join today</a> ' +
        '<a href="/rewards/" data-sign-in="login" data-destination="/account/rewards/" id="e2e-rewards">Rewards sign in</a></p>',
    );
  });

  await page.locator('#e2e-join').click();
  await expect(page.getByRole('dialog', { name: 'Create Rewards Account' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('#e2e-join')).toBeFocused();

  await page.locator('#e2e-rewards').click();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await page.evaluate(() => sessionStorage.getItem('storefront:sign-in-destination'))).toBe(
    '/account/rewards/',
  );
});

test.describe('cart and store', () => {
  test('cart link to /cart/ is named with the item count', async ({ page }) => {
    await gotoReady(page);
    const cart = page.getByRole('banner').getByRole('link', { name: /^Cart, \d+ items?$/ });
    await expect(cart).toHaveAttribute('href', '/cart/');
  });

  test('Find Your Store without a store, the store name with Change once one is set', async ({
    page,
  }, testInfo) => {
    await gotoReady(page);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Find Your Store' })).toBeVisible();

    const events = await page.evaluateHandle(() => {
      const seen: string[] = [];
      window.addEventListener('storefront:open-store-menu', (e) => seen.push(e.type));
      return seen;
    });
    await banner.getByRole('button', { name: 'Find Your Store' }).click();
    expect(await events.evaluate((seen) => seen.length)).toBe(1);

    // Setting a store goes through the API with this browser's cookies.
    const set = await page.request.get('/stores/set-json/1');
    expect(await set.json()).toEqual({ success: true });
    await gotoReady(page);
    await page.keyboard.press('Escape');
    await expect(banner.getByText('Janesville, WI')).toBeVisible();
    await expect(banner.getByRole('button', { name: /^Change/ })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Find Your Store' })).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'header-with-store', false);
  });
});

test.describe('header layout', () => {
  test('has no serious or critical accessibility violations with everything closed', async ({
    page,
  }, testInfo) => {
    await gotoReady(page);
    await saveScreenshot(page, testInfo, 'header-closed', false);
    await expectNoSeriousViolations(page, testInfo, 'header-closed');
  });

  test('touch targets in the top row are at least 44 px on small screens', async ({ page }) => {
    test.skip(test.info().project.name === 'desktop', 'touch sizes matter below 1024 px');
    await gotoReady(page);
    const banner = page.getByRole('banner');
    for (const control of [
      banner.getByRole('button', { name: 'Menu' }),
      accountToggle(page),
      banner.getByRole('link', { name: /^Cart/ }),
      banner.getByRole('button', { name: 'Search', exact: true }),
      banner.getByRole('button', { name: 'Find Your Store' }),
    ]) {
      const box = await control.boundingBox();
      expect(box, 'visible control').not.toBeNull();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.width).toBeGreaterThanOrEqual(44);
    }
  });
});
