import { expect, type APIRequestContext, type Page } from '@playwright/test';
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
 * The merchandisers' search synonyms (/staff/merch/synonyms/): a merchandiser (invited with
 * `storefront staff invite`) drafts the rule `zapper → fence charger` — a word the seeded
 * catalog has no product for, and a product type it has ("Electric Fence Chargers"). The
 * preview with the drafts finds products while the shoppers' search finds none, and a shopper
 * (a browser of their own) still finds nothing; once the draft is published the shopper finds
 * the fence chargers; rolled back to the version before, nothing again. Axe on the page. The
 * desktop project only.
 */

const WORDS = 'zapper';
const REPLACEMENT = 'fence charger';
const RULE = `${WORDS} → ${REPLACEMENT}`;
const SYNONYMS = '/api/staff/merch/synonyms';

/** A new merchandiser, invited and accepted with `request`'s cookies: its browser is signed in as them. */
async function signInAsMerchandiser(request: APIRequestContext) {
  await signInAsNewStaff(request, 'merchandiser', 'synonyms', 'Sydney');
}

interface SetRead {
  rules: { id: string; words: string }[];
  drafts: { ruleId: string; rule: { words: string } | null }[];
}

/**
 * The store outlives a run: a `zapper` rule an earlier run left (a draft, or published when it
 * stopped half-way) is discarded or removed first, through the API.
 */
async function clearRule(request: APIRequestContext) {
  const answer = await request.get(SYNONYMS);
  expect(answer.status(), await answer.text()).toBe(200);
  const set = (await answer.json()) as SetRead;
  for (const draft of set.drafts) {
    if (draft.rule?.words === WORDS) await postWithToken(request, `${SYNONYMS}/discard`, { ruleId: draft.ruleId });
  }
  for (const rule of set.rules) {
    if (rule.words !== WORDS) continue;
    await postWithToken(request, `${SYNONYMS}/draft-removal`, { ruleId: rule.id });
    await postWithToken(request, `${SYNONYMS}/publish`, { ruleId: rule.id });
  }
}

/**
 * The shopper's search page for the word, loaded again until it finds products (`found`) or
 * says it found none: a published change reaches the search as its transaction commits, but
 * not necessarily before the next request.
 */
async function shopperFinds(shopper: Page, found: boolean) {
  await expect(async () => {
    await shopper.goto(`/s/?keyword=${WORDS}`);
    await expect(shopper.getByRole('heading', { level: 1, name: `Results for "${WORDS}"` })).toBeVisible({ timeout: 5_000 });
    if (found) {
      await expect(shopper.locator('.listing__results:not([aria-busy]) .product-card').first()).toBeVisible({ timeout: 3_000 });
    } else {
      await expect(shopper.getByText(/We couldn’t find any results for/)).toBeVisible({ timeout: 3_000 });
    }
  }).toPass({ timeout: 30_000 });
}

test.describe('search synonyms', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flows run on the desktop project');
  });

  test('a merchandiser drafts, previews, publishes and rolls back a rule; shoppers get it only while published', async ({
    page,
    browser,
  }, testInfo) => {
    // An invitation, a second browser and three rounds of the shopper's search.
    test.slow();
    await signInAsMerchandiser(page.request);
    await clearRule(page.request);

    const shopperContext = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      extraHTTPHeaders: { 'X-Forwarded-For': shopperAddress() },
    });
    try {
      const shopper = await shopperContext.newPage();

      // The null-result queue links here with the keyword: the form has it.
      await page.goto(`/staff/merch/synonyms/?words=${WORDS}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Search synonyms' })).toBeVisible();
      await expect(page).toHaveTitle('Search synonyms | Storefront staff');
      const summary = page.locator('.synonyms__version');
      await expect(summary).toHaveText(/^Version \d+, [\d,]+ rules?$/);
      const published = Number(/Version (\d+)/.exec((await summary.textContent()) ?? '')![1]);

      const form = page.getByRole('form', { name: 'Add a rule' });
      await expect(form.getByLabel('Words')).toHaveValue(WORDS);
      await form.getByLabel('Replacement').fill(REPLACEMENT);
      await afterAnswer(page, `${SYNONYMS}/draft`, () => form.getByRole('button', { name: 'Save as a draft' }).click());
      await expect(page.getByRole('status').filter({ hasText: `Drafted “${RULE}”.` })).toBeVisible();
      const draft = page.getByRole('list', { name: 'Drafts' }).getByRole('listitem').filter({ hasText: RULE });
      await expect(draft).toContainText('New rule');
      await expect(summary).toHaveText(new RegExp(`^Version ${published}, `));

      // The preview with the drafts finds the fence chargers; the shoppers' search, nothing.
      const preview = page.getByRole('region', { name: 'Preview a search' });
      await preview.getByRole('searchbox', { name: 'Keyword' }).fill(WORDS);
      await preview.getByRole('combobox', { name: 'Search with' }).selectOption({ label: 'With drafts' });
      await preview.getByRole('button', { name: 'Preview' }).click();
      const withDrafts = preview.getByRole('region', { name: 'With drafts' });
      await expect(withDrafts).toContainText(/[\d,]+ results?; the first \d+:/);
      await expect(withDrafts.getByRole('listitem').first()).toBeVisible();
      await expect(withDrafts).toContainText(`Searched with version ${published} and the drafts.`);
      await expect(preview.getByRole('region', { name: 'Shoppers now' })).toContainText('No results.');
      await saveScreenshot(page, testInfo, 'staff-synonyms-draft');
      await expectNoSeriousViolations(page, testInfo, 'staff-synonyms');

      // A draft is not live.
      await shopperFinds(shopper, false);

      // Published: the shopper finds them.
      await afterAnswer(page, `${SYNONYMS}/publish`, () => draft.getByRole('button', { name: /^Publish/ }).click());
      await expect(
        page.getByRole('status').filter({ hasText: `Published “${RULE}”: shoppers’ searches use version ${published + 1} now.` }),
      ).toBeVisible();
      await expect(summary).toHaveText(new RegExp(`^Version ${published + 1}, `));
      await expect(draft).toHaveCount(0);
      await shopperFinds(shopper, true);

      // Rolled back to the version before: nothing again.
      const history = page.getByRole('region', { name: 'History' });
      await expect(history.getByRole('row').nth(1)).toContainText(`Published rule “${RULE}”`);
      await history.getByRole('button', { name: `Roll back to this version (version ${published})` }).click();
      const dialog = page.getByRole('alertdialog', { name: `Roll back to version ${published}?` });
      await expect(dialog).toBeVisible();
      await afterAnswer(page, `${SYNONYMS}/rollback`, () => dialog.getByRole('button', { name: 'Roll back' }).click());
      await expect(history.getByRole('status').filter({ hasText: `Rolled back to version ${published}:` })).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(summary).toHaveText(new RegExp(`^Version ${published + 2}, `));
      await expect(history.getByRole('row').nth(1)).toContainText(`Rolled back to version ${published}`);
      await saveScreenshot(page, testInfo, 'staff-synonyms-rolled-back');
      await shopperFinds(shopper, false);
    } finally {
      await shopperContext.close();
    }
  });
});
