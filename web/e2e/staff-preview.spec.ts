import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  afterAnswer,
  expectNoSeriousViolations,
  postWithToken,
  saveScreenshot,
  shopperAddress,
  shopperTest as test,
  signInAsNewStaff,
} from './support';

/**
 * Preview mode (the staff preview script on the shoppers' own pages): a merchandiser (invited
 * with `storefront staff invite`) turns "Preview the store" on in the console and opens the
 * store's search for a seeded keyword with several results. The page has the preview bar and,
 * in each result card, the pin controls: the third result pinned to the top is first for a
 * shopper (another browser) too, with the Pinned marker — and the shopper's page has no bar, no
 * controls and no preview script. A second pin, moved down, then the first unpinned: the
 * shopper's order follows each change. Explain opens a dialog with the item's explanation; the
 * audit page lists the pin with the merchandiser's staff id; turning preview off takes the bar
 * away. Axe on the previewed page and the dialog. On a department page the pins go to that
 * department's board. The desktop project only.
 */

const KEYWORD = 'hose';
const MERCH = '/api/staff/merch';
const SEARCH_PAGE = `/s/?keyword=${KEYWORD}`;
/** A seeded department with several products (its page is its own board). */
const DEPARTMENT = '/pet/small-animal/';

/** A new merchandiser, invited and accepted with `request`'s cookies: its browser is signed in as them. */
function signInAsMerchandiser(request: APIRequestContext) {
  return signInAsNewStaff(request, 'merchandiser', 'preview', 'Morgan');
}

/** A board as a pin request names it: the keyword's, or a department page's by its URL. */
type Board = { keyword: string } | { lpurl: string };

/**
 * The store outlives a run: pins an earlier run left on the board are taken off first (pinning
 * one of its results answers the board's pins; each is then unpinned).
 */
async function clearBoard(request: APIRequestContext, board: Board) {
  const query = 'keyword' in board ? `keyword=${encodeURIComponent(board.keyword)}` : `lp=${encodeURIComponent(board.lpurl)}`;
  const search = await request.get(`/api/search?${query}&mpp=5`);
  const first = ((await search.json()) as { items: { blainNumber: string }[] }).items[0]!.blainNumber;
  const pinned = await postWithToken<{ pins: string[] }>(request, `${MERCH}/AddItemToTop`, { ...board, itemId: first });
  for (const itemId of pinned.pins) await postWithToken(request, `${MERCH}/UnpinItem`, { ...board, itemId });
}

function cards(page: Page): Locator {
  return page.locator('.listing__results:not([aria-busy]) li.product-card');
}

async function numbers(page: Page, count: number): Promise<string[]> {
  await expect(cards(page).nth(count - 1)).toBeVisible();
  return cards(page).evaluateAll((list, n) => list.slice(0, n).map((li) => li.getAttribute('data-blain-number') ?? ''), count);
}

function card(page: Page, blainNumber: string): Locator {
  return page.locator(`li.product-card[data-blain-number="${blainNumber}"]`);
}

/** Clicks a card's control and waits for the store's answer and the page loaded again. */
async function change(page: Page, action: string, control: Locator) {
  const reloaded = page.waitForEvent('load');
  await afterAnswer(page, `${MERCH}/${action}`, () => control.click());
  await reloaded;
  await expect(cards(page).first()).toBeVisible();
}

/** The shopper's first results, read again until they are `expected` (the pinned ones marked). */
async function shopperSees(shopper: Page, expected: string[], path = SEARCH_PAGE) {
  await expect(async () => {
    const response = await shopper.goto(path);
    expect(await response!.text()).not.toContain('/staff-preview.js');
    expect(await numbers(shopper, expected.length)).toEqual(expected);
  }).toPass({ timeout: 20_000 });
  for (const blainNumber of expected) {
    await expect(card(shopper, blainNumber).locator('.product-card__pinned')).toHaveText('Pinned');
  }
  await expect(shopper.locator('.product-card__pinned')).toHaveCount(expected.length);
  // No preview on a shopper's page.
  await expect(shopper.locator('script[src="/staff-preview.js"]')).toHaveCount(0);
  await expect(shopper.getByRole('region', { name: 'Store preview' })).toHaveCount(0);
  await expect(shopper.locator('.staff-preview-card')).toHaveCount(0);
  await expect(shopper.getByRole('button', { name: /^(Pin to top|Unpin|Explain)/ })).toHaveCount(0);
}

test.describe('preview mode', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flows run on the desktop project');
  });

  test('a merchandiser pins, reorders and explains results on the store’s own search page; shoppers get the order', async ({
    page,
    browser,
  }, testInfo) => {
    // An invitation, a second browser and a reload per change.
    test.slow();
    const merchandiser = await signInAsMerchandiser(page.request);
    await clearBoard(page.request, { keyword: KEYWORD });

    const shopperContext = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      extraHTTPHeaders: { 'X-Forwarded-For': shopperAddress() },
    });
    try {
      const shopper = await shopperContext.newPage();

      // The console's switch sets the preview cookie.
      await page.goto('/staff/');
      const toggle = page.getByRole('switch', { name: 'Preview the store' });
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
      expect((await page.context().cookies()).find((c) => c.name === 'sf_preview')?.value).toBe('1');

      // The store's search page, previewed: the script, the bar and each card's controls.
      await page.goto(SEARCH_PAGE);
      await expect(page.locator('script[src="/staff-preview.js"]')).toHaveCount(1);
      const bar = page.getByRole('region', { name: 'Store preview' });
      await expect(bar).toContainText(`signed in as ${merchandiser.firstName} (merchandiser)`);
      await expect(bar).toContainText(`Pins for “${KEYWORD}”`);
      await expect(bar.getByRole('radio', { name: 'Published' })).toBeChecked();
      const [a, b, c] = await numbers(page, 3);
      const third = card(page, c!);
      await expect(third.getByRole('group', { name: /^Merchandising: / })).toBeVisible();
      await expectNoSeriousViolations(page, testInfo, 'staff-preview');

      // The third result pinned to the top.
      await change(page, 'AddItemToTop', third.getByRole('button', { name: /^Pin to top/ }));
      expect((await numbers(page, 3))[0]).toBe(c);
      await expect(card(page, c!)).toHaveAttribute('data-pinned', 'true');
      await expect(bar.getByRole('status')).toContainText('to the top. 1 item is pinned.');
      await expect(card(page, c!).getByRole('button', { name: /^Unpin/ })).toBeFocused();
      await saveScreenshot(page, testInfo, 'staff-preview-pinned');
      await shopperSees(shopper, [c!]);

      // A second pin goes on top; moved down, it is second; the first unpinned, it alone is left.
      const second = (await numbers(page, 3)).find((n) => n !== c)!;
      expect([a, b]).toContain(second);
      await change(page, 'AddItemToTop', card(page, second).getByRole('button', { name: /^Pin to top/ }));
      expect(await numbers(page, 2)).toEqual([second, c]);
      await change(page, 'UpdateItemPinOrder', card(page, second).getByRole('button', { name: /^Move down/ }));
      expect(await numbers(page, 2)).toEqual([c, second]);
      await expect(bar.getByRole('status')).toContainText('down. 2 items are pinned.');
      await expect(card(page, second).getByRole('button', { name: /^Move up/ })).toBeFocused();
      await shopperSees(shopper, [c!, second]);
      await change(page, 'UnpinItem', card(page, c!).getByRole('button', { name: /^Unpin/ }));
      expect((await numbers(page, 1))[0]).toBe(second);
      await expect(page.locator('li.product-card[data-pinned]')).toHaveCount(1);
      await shopperSees(shopper, [second]);

      // Explain: why the item is there, its score and its pin.
      const explain = card(page, second).getByRole('button', { name: /^Explain/ });
      await explain.click();
      const dialog = page.getByRole('dialog', { name: /^Explain: / });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('Matches this search');
      await expect(dialog).toContainText('Pin 1 on the board; shown at place 1.');
      await expect(dialog).toContainText(`kw:${KEYWORD}`);
      await saveScreenshot(page, testInfo, 'staff-preview-explain', false);
      await expectNoSeriousViolations(page, testInfo, 'staff-preview-explain');
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(explain).toBeFocused();

      // The audit: the pin, with who made it.
      await page.goto('/staff/merch/audit/');
      const pinned = page
        .getByRole('table', { name: 'Changes to search, newest first' })
        .getByRole('row')
        .filter({ hasText: `Pinned ${c} for “${KEYWORD}”` })
        .first();
      await expect(pinned).toContainText(merchandiser.staffId);
      await expect(
        page.getByRole('row').filter({ hasText: `Unpinned ${c} for “${KEYWORD}”` }).first(),
      ).toContainText(merchandiser.staffId);
      await expectNoSeriousViolations(page, testInfo, 'staff-audit');

      // The board's history in the console: the version before the unpin, restored, is what
      // shoppers get again.
      await page.goto(`/staff/merch/pins/?keyword=${encodeURIComponent(KEYWORD)}`);
      const history = page.getByRole('region', { name: 'History of this board' });
      const reordered = history.getByRole('row').filter({ hasText: 'Reordered the pins' }).first();
      await expect(reordered).toContainText(`#${c}, #${second}`);
      await reordered.getByRole('button', { name: /^Restore version \d+$/ }).click();
      const confirm = page.getByRole('alertdialog', { name: /^Restore version \d+\?$/ });
      await confirm.getByRole('button', { name: 'Restore' }).click();
      await expect(confirm).toHaveCount(0);
      await expect(history.getByRole('row').nth(1)).toContainText('Restored an earlier version');
      await shopperSees(shopper, [c!, second]);
      await expectNoSeriousViolations(page, testInfo, 'staff-pin-history');

      // The synonyms switch: the search with the drafts (`prv=draft`).
      await page.goto(SEARCH_PAGE);
      await bar.getByRole('radio', { name: 'With drafts' }).click();
      await expect(page).toHaveURL(/[?&]prv=draft(&|$)/);
      await expect(bar.getByRole('radio', { name: 'With drafts' })).toBeChecked();
      await expect(cards(page).first()).toBeVisible();

      // Turned off: the store as shoppers get it.
      await expect(bar).toBeVisible();
      const reloaded = page.waitForEvent('load');
      await bar.getByRole('button', { name: 'Turn off preview' }).click();
      await reloaded;
      await expect(cards(page).first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Store preview' })).toHaveCount(0);
      await expect(page.locator('script[src="/staff-preview.js"]')).toHaveCount(0);
      await expect(page.locator('.staff-preview-card')).toHaveCount(0);
    } finally {
      await shopperContext.close();
    }
  });

  test('on a department page, pins go to that department’s board', async ({ page, browser }, testInfo) => {
    test.slow();
    const department = { lpurl: DEPARTMENT };
    await signInAsMerchandiser(page.request);
    await clearBoard(page.request, department);
    const shopperContext = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      extraHTTPHeaders: { 'X-Forwarded-For': shopperAddress() },
    });
    let pinned: string | null = null;
    try {
      const shopper = await shopperContext.newPage();
      // The pins page has the switch too.
      await page.goto('/staff/merch/pins/');
      await page.getByRole('switch', { name: 'Preview the store' }).click();
      await expect(page.getByRole('switch', { name: 'Preview the store' })).toHaveAttribute('aria-checked', 'true');

      await page.goto(DEPARTMENT);
      const bar = page.getByRole('region', { name: 'Store preview' });
      await expect(bar).toContainText(/Pins for the “[^”]+” department page/);
      const [, , third] = await numbers(page, 3);
      await change(page, 'AddItemToTop', card(page, third!).getByRole('button', { name: /^Pin to top/ }));
      pinned = third!;
      expect((await numbers(page, 1))[0]).toBe(third);
      await shopperSees(shopper, [third!], DEPARTMENT);

      // Explain reads the department page's search: its board is the department's.
      await card(page, third!).getByRole('button', { name: /^Explain/ }).click();
      const dialog = page.getByRole('dialog', { name: /^Explain: / });
      await expect(dialog).toContainText('Pin 1 on the board; shown at place 1.');
      await expect(dialog).toContainText(/lp:\d+/);
      await page.keyboard.press('Escape');

      await change(page, 'UnpinItem', card(page, third!).getByRole('button', { name: /^Unpin/ }));
      pinned = null;
      await expect(page.locator('li.product-card[data-pinned]')).toHaveCount(0);
    } finally {
      await shopperContext.close();
      // Other specs list this department: no pin of this run is left on it.
      if (pinned !== null) await postWithToken(page.request, `${MERCH}/UnpinItem`, { ...department, itemId: pinned });
    }
  });
});

test.describe('preview mode on recommendation widgets', () => {
  /** The product page's "Similar Items" widget (the server's fixed id). */
  const SIMILAR_ITEMS = '7edca4d6-da59-40f7-9501-2e69e792497a';

  test('“Why these products?” shows a widget’s strategy and rule; shoppers have no such button', async ({
    page,
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flows run on the desktop project');
    test.slow();
    await signInAsMerchandiser(page.request);
    const search = await page.request.get(`/api/search?keyword=${KEYWORD}&mpp=5`);
    const product = ((await search.json()) as { items: { url: string }[] }).items[0]!;

    await page.goto('/staff/');
    await page.getByRole('switch', { name: 'Preview the store' }).click();
    await expect(page.getByRole('switch', { name: 'Preview the store' })).toHaveAttribute('aria-checked', 'true');
    await page.goto(product.url);
    await expect(page.getByRole('region', { name: 'Store preview' })).toContainText('(merchandiser)');
    const widget = page.locator(`[data-widget-guid="${SIMILAR_ITEMS}"]`);
    const present = await widget
      .waitFor({ state: 'visible', timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    test.skip(!present, 'no Similar Items widget has products for this product');

    const why = widget.getByRole('button', { name: /^Why these products\?/ });
    await why.click();
    const dialog = page.getByRole('dialog', { name: /^Why these products/ });
    await expect(dialog).toContainText('Similar Items: more like this');
    await expect(dialog).toContainText('Context product');
    await expectNoSeriousViolations(page, testInfo, 'staff-preview-widget-rules');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(why).toBeFocused();

    const shopperContext = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      extraHTTPHeaders: { 'X-Forwarded-For': shopperAddress() },
    });
    try {
      const shopper = await shopperContext.newPage();
      await shopper.goto(product.url);
      await expect(shopper.locator(`[data-widget-guid="${SIMILAR_ITEMS}"]`)).toBeVisible();
      await expect(shopper.getByRole('button', { name: /^Why these products/ })).toHaveCount(0);
      await expect(shopper.locator('.staff-preview-widget')).toHaveCount(0);
    } finally {
      await shopperContext.close();
    }
  });
});
