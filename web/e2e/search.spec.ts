import { expect, test, type Page, type Request, type TestInfo } from '@playwright/test';
import { expectNoSeriousViolations, gotoReady, saveScreenshot } from './support';

/**
 * The search results page (/s/?keyword=): results, facets in the URL, Back, pages,
 * compare, dialogs, tracking, accessibility. Flows run on the desktop project only.
 */

function desktopOnly(testInfo: TestInfo) {
  test.skip(testInfo.project.name !== 'desktop', 'flows run on the desktop project');
}

/** The results once loaded (not while the next page is on its way). */
function results(page: Page) {
  return page.locator('.listing__results:not([aria-busy]) .product-card');
}

async function productNumbers(page: Page): Promise<string[]> {
  return results(page).evaluateAll((cards) => cards.map((c) => (c as HTMLElement).dataset.blainNumber ?? ''));
}

/** A decoded /hawk.png event of type `et`, or null. */
function hawkEvent(request: Request, et: number): Record<string, unknown> | null {
  const url = new URL(request.url());
  if (url.pathname !== '/hawk.png' || Number(url.searchParams.get('et')) !== et) return null;
  try {
    return JSON.parse(Buffer.from(url.searchParams.get('t') ?? '', 'base64').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

test.describe('search results page', () => {
  test('the header search opens the results with the keyword prefilled, and tracks the search', async ({
    page,
  }, testInfo) => {
    desktopOnly(testInfo);
    await page.goto('/');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' });
    const searchEvent = page.waitForRequest((r) => hawkEvent(r, 2)?.keyword === 'dog');
    await box.fill('dog');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/s\/\?keyword=dog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for "dog"' })).toBeVisible();
    await expect(box).toHaveValue('dog');
    await expect(results(page).first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Showing 1–\d+ of \d+ results/ })).toBeVisible();

    const event = hawkEvent(await searchEvent, 2)!;
    expect(event.type_id).toBe(1);
    expect(typeof event.query_id).toBe('string');
    expect(event.total).toBeGreaterThan(0);
    expect((event.item_list as string[]).length).toBe(await results(page).count());

    // Cards: picture with size and alt, name, brand, price, link to the product.
    const card = results(page).first();
    const img = card.locator('img');
    await expect(img).toHaveAttribute('width', /\d+/);
    await expect(img).toHaveAttribute('height', /\d+/);
    expect(await img.getAttribute('alt')).toBeTruthy();
    const link = card.getByRole('heading').getByRole('link');
    await expect(link).toHaveAttribute('href', /^\/product\//);
    await expect(card.locator('.product-price')).toHaveText(/\$\d|See price in cart/);
    await saveScreenshot(page, testInfo, 'search-results');

    // A result click is tracked (et 3) with the search's query id.
    const click = page.waitForRequest((r) => hawkEvent(r, 3) !== null);
    const href = await link.getAttribute('href');
    await link.click();
    const clickEvent = hawkEvent(await click, 3)!;
    expect(clickEvent.query_id).toBe(event.query_id);
    expect(clickEvent.url).toBe(href);
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test('a facet click changes the URL and the results; Back restores them', async ({ page }, testInfo) => {
    desktopOnly(testInfo);
    await gotoReady(page, '/s/?keyword=dog');
    await expect(results(page).first()).toBeVisible();
    const before = await productNumbers(page);
    const total = await page.locator('.listing__count').textContent();

    // The brand with the fewest products narrows the results.
    const brands = page.locator('[data-facet="brand"] input[type="checkbox"]');
    await expect(brands.first()).toBeVisible();
    await brands.last().check();
    await expect(page).toHaveURL(/\/s\/\?keyword=dog&brand=[^&]+$/);
    await expect.poll(() => page.locator('.listing__count').textContent()).not.toBe(total);
    await expect.poll(() => productNumbers(page)).not.toEqual(before);
    await expect(page.getByRole('button', { name: /^Brand: .+\(remove\)$/ })).toBeVisible();
    await saveScreenshot(page, testInfo, 'search-facet');

    await page.goBack();
    await expect(page).toHaveURL(/\/s\/\?keyword=dog$/);
    await expect.poll(() => productNumbers(page)).toEqual(before);
    await expect(page.locator('[data-facet="brand"] input[type="checkbox"]:checked')).toHaveCount(0);
  });

  test('page 2, then page 1; the current page ignores clicks', async ({ page }, testInfo) => {
    desktopOnly(testInfo);
    await gotoReady(page, '/s/?keyword=tool&mpp=24');
    await expect(results(page).first()).toBeVisible();
    const first = await productNumbers(page);
    const nav = page.getByRole('navigation', { name: 'Pagination' });
    await expect(nav.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Page 1' }).click();
    await expect(page).toHaveURL(/\/s\/\?keyword=tool&mpp=24$/);

    await nav.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/s\/\?keyword=tool&mpp=24&pg=2$/);
    await expect.poll(() => productNumbers(page)).not.toEqual(first);
    const second = await productNumbers(page);
    expect(second.filter((n) => first.includes(n))).toEqual([]);
    await expect(page.getByRole('status').filter({ hasText: 'Showing 25–48 of' })).toBeVisible();

    await nav.getByRole('link', { name: 'Previous page' }).click();
    await expect(page).toHaveURL(/\/s\/\?keyword=tool&mpp=24$/);
    await expect.poll(() => productNumbers(page)).toEqual(first);
  });

  test('sort and page size live in the URL', async ({ page }, testInfo) => {
    desktopOnly(testInfo);
    await gotoReady(page, '/s/?keyword=tool');
    await expect(results(page).first()).toBeVisible();
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-asc');
    await expect(page).toHaveURL(/\/s\/\?keyword=tool&sort=price-asc$/);
    await page.getByRole('combobox', { name: 'Items per page' }).selectOption('24');
    await expect(page).toHaveURL(/\/s\/\?keyword=tool&sort=price-asc&mpp=24$/);
    await expect.poll(() => results(page).count()).toBe(24);
    const prices = await results(page)
      .locator('.product-price')
      .evaluateAll((ps) => ps.map((p) => p.textContent ?? ''));
    const numbers = prices.filter((p) => p.includes('$')).map((p) => Number(p.replace(/[^\d.]/g, '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  test('compare three items side by side and add them to the cart', async ({ page }, testInfo) => {
    desktopOnly(testInfo);
    await gotoReady(page, '/s/?keyword=tool');
    await expect(results(page).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Compare items' })).toHaveCount(0);

    const boxes = results(page).getByRole('checkbox', { name: /^Compare / });
    await boxes.nth(0).check();
    const bar = page.getByRole('region', { name: 'Compare items' });
    await expect(bar).toBeVisible();
    await bar.getByRole('button', { name: 'Compare', exact: true }).click();
    await expect(bar.getByRole('alert')).toHaveText('You should select at least 2 items');

    await boxes.nth(1).check();
    await boxes.nth(2).check();
    await expect(page).toHaveURL(/items=\d+,\d+,\d+/);
    await expect(bar.getByRole('listitem')).toHaveCount(3);
    const compareButton = bar.getByRole('button', { name: 'Compare', exact: true });
    await compareButton.click();
    const dialog = page.getByRole('dialog', { name: 'Compare Items' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('thead th')).toHaveCount(3);
    await expect(dialog.getByRole('rowheader').first()).toBeVisible();
    await saveScreenshot(page, testInfo, 'compare-dialog');
    await expectNoSeriousViolations(page, testInfo, 'compare-dialog', '.listing-dialog');

    const added = page.waitForResponse((r) => r.url().endsWith('/products/a/productcomparisontocart'));
    await dialog.getByRole('button', { name: 'Add 3 items to cart' }).click();
    const response = await added;
    expect(response.request().headers()['idempotency-key']).toBeTruthy();
    const result = (await response.json()) as { success: boolean; cartQty: number };
    if (result.success) {
      await expect(dialog.getByText('The 3 items were added to your cart.')).toBeVisible();
      await expect(page.getByRole('link', { name: `Cart, ${result.cartQty} items` })).toBeAttached();
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(compareButton).toBeFocused();

    await bar.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByRole('region', { name: 'Compare items' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/s\/\?keyword=tool$/);
  });

  test('More Like This and Item details dialogs', async ({ page }, testInfo) => {
    desktopOnly(testInfo);
    await gotoReady(page, '/s/?keyword=dog');
    const card = results(page).first();
    await expect(card).toBeVisible();

    const more = card.getByRole('button', { name: /^More like this/ });
    await more.click();
    const similar = page.getByRole('dialog', { name: /^More like/ });
    await expect(similar.getByRole('list', { name: 'Similar products' }).getByRole('listitem').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(similar).toHaveCount(0);
    await expect(more).toBeFocused();

    await card.getByRole('button', { name: /^Item details/ }).click();
    const details = page.getByRole('dialog', { name: 'Item details' });
    await expect(details.getByText('This item is among the results of this search.')).toBeVisible();
    await expect(details.getByRole('rowheader', { name: 'dog' })).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toHaveCount(0);
  });

  test('nothing found: did you mean, and the recent searches', async ({ page }, testInfo) => {
    desktopOnly(testInfo);
    await gotoReady(page, '/s/?keyword=dog');
    await expect(results(page).first()).toBeVisible();
    await gotoReady(page, '/s/?keyword=dgo');
    await expect(page.getByText(/We couldn’t find any results for/)).toBeVisible();
    const suggestion = page.locator('.did-you-mean a');
    if (await suggestion.count()) await expect(suggestion).toHaveAttribute('href', /\/s\/\?keyword=/);
    const recent = page.getByRole('region', { name: 'Recent searches' });
    await expect(recent.getByRole('link', { name: 'dog' })).toHaveAttribute('href', '/s/?keyword=dog');
    const cookies = await page.context().cookies();
    const cookie = cookies.find((c) => c.name === 'recentSearches');
    expect(cookie).toBeTruthy();
    // 365 days (give or take a minute).
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
    await saveScreenshot(page, testInfo, 'search-empty');
  });

  test('back to top appears when scrolled and takes the page up', async ({ page }, testInfo) => {
    desktopOnly(testInfo);
    await gotoReady(page, '/s/?keyword=tool');
    await expect(results(page).first()).toBeVisible();
    const button = page.getByRole('button', { name: 'Back to top' });
    await expect(button).toBeHidden();
    await page.mouse.wheel(0, 3000);
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('the search page has no serious accessibility violations', async ({ page }, testInfo) => {
    await gotoReady(page, '/s/?keyword=dog&brand=Purina');
    await expect(page.getByRole('heading', { level: 1, name: 'Results for "dog"' })).toBeVisible();
    await expect(page.locator('.listing__results:not([aria-busy])')).toBeVisible();
    await saveScreenshot(page, testInfo, `search-${testInfo.project.name}`);
    await expectNoSeriousViolations(page, testInfo, 'search');
  });
});
