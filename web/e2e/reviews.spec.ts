import {
  expect,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
  type Request,
  type TestInfo,
} from '@playwright/test';
import {
  expectNoSeriousViolations,
  newCustomer,
  registerCustomer,
  saveScreenshot,
  shopperAddress,
  shopperTest as test,
  signInAsNewStaff,
  signInWithApi,
} from './support';
import { addPickupItem, placeOrder } from './shopping';

/**
 * Ratings and reviews on the product page (the "Reviews" section). A customer who bought a
 * product (a store-pickup order through the real checkout) writes a 4-star review, choosing
 * the stars from the keyboard: the section says so, shows their review as a verified purchase
 * and the summary the server now counts; the Rate event (5) with the value 4 goes to
 * /hawk.png and reaches `storefront.tracking.v1`, where an analyst watching Live events in a
 * browser of their own sees it arrive; a search sorted Top Rated shows the product's new
 * figures on its card. A guest gets the sign-in panel instead of the form; submitting
 * without stars shows the radio group's message and focuses it. Axe on the section. Flows run
 * on the desktop project only.
 */

const WRITE_REVIEW = '/api/reviews/WriteReview';

interface Summary {
  average: number | null;
  count: number;
}

interface ReviewsAnswer {
  summary: Summary;
  reviews: Array<{ id: string; title: string | null; reviewer: string; verified: boolean; rating: number }>;
  mine: { status: string; rating: number; verified: boolean } | null;
}

/** The product page's Reviews section. */
function reviewsSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Reviews', exact: true });
}

/** The reviews as the server answers them to `request`'s session. */
async function serverReviews(request: APIRequestContext, product: string): Promise<ReviewsAnswer> {
  const answer = await request.get(`/api/product/${product}/reviews`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as ReviewsAnswer;
}

/** '1 rating', '48 ratings': the summary's count, as the section writes it. */
function ratingsText(n: number): string {
  return `${n} ${n === 1 ? 'rating' : 'ratings'}`;
}

/** The count the section's summary shows (0 for 'No reviews yet.'), once it is shown. */
async function shownCount(section: Locator): Promise<number> {
  const count = section.locator('.reviews-summary__count');
  const none = section.getByText('No reviews yet.');
  await expect(count.or(none)).toBeVisible();
  if (await none.isVisible()) return 0;
  const text = (await count.textContent()) ?? '';
  expect(text).toMatch(/^\d+ ratings?$/);
  return Number(text.replace(/\D/g, ''));
}

/** Opens the product's page and waits for its heading and its Reviews section's summary. */
async function openProduct(page: Page, product: string): Promise<Locator> {
  await page.goto(`/product/${product}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const section = reviewsSection(page);
  await expect(section.getByRole('button', { name: /^(Write a review|Edit your review)$/ })).toBeVisible();
  return section;
}

interface Department {
  id: number;
  name: string;
  url: string;
  children: Department[];
}

/** The department a product is listed in (its `departmentId` in the catalog tree). */
async function departmentOf(request: APIRequestContext, product: string): Promise<Department> {
  const search = (await (await request.get(`/api/search?keyword=${product}`)).json()) as {
    items: Array<{ blainNumber: string; departmentId: number }>;
  };
  const id = search.items.find((p) => p.blainNumber === product)?.departmentId;
  expect(id, `product ${product} in the search index`).toBeDefined();
  const tree = (await (await request.get('/api/catalog/departments')).json()) as Department[];
  const find = (list: Department[]): Department | undefined => {
    for (const d of list) {
      const found = d.id === id ? d : find(d.children ?? []);
      if (found) return found;
    }
    return undefined;
  };
  const found = find(tree);
  expect(found, `department ${id} in the catalog tree`).toBeDefined();
  return found!;
}

/** A /hawk.png request's event type and event JSON (t: base64 of the UTF-8 JSON); null for another request. */
function parseHawk(request: Request): { et: number; event: Record<string, unknown> } | null {
  const url = new URL(request.url());
  if (url.pathname !== '/hawk.png') return null;
  let event: Record<string, unknown> = {};
  try {
    const json = Buffer.from(url.searchParams.get('t') ?? '', 'base64').toString('utf8');
    event = JSON.parse(json) as Record<string, unknown>;
  } catch {
    // Left empty: the assertions on it fail.
  }
  return { et: Number(url.searchParams.get('et')), event };
}

/**
 * An analyst, invited and signed in in a browser of their own, on Live events listening to
 * the tracking topic for Rate events only, once the page says it listens.
 */
async function analystWatchingRates(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': shopperAddress() },
  });
  const page = await context.newPage();
  await signInAsNewStaff(page.request, 'analyst', 'rate-analyst', 'Ana');
  await page.goto('/staff/analytics/live/?topics=tracking&types=Rate');
  await expect(page.getByRole('heading', { level: 1, name: 'Live events' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: /^Listening to storefront\.tracking\.v1, for Rate only$/ }),
  ).toBeVisible({ timeout: 15_000 });
  return { context, page };
}

test.describe('product reviews', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flows run on the desktop project');
    // A checkout, a second browser, the search index's update and axe checks: more than a page's time.
    test.slow();
  });

  test('a customer who bought the product reviews it with 4 stars: verified, counted, tracked live, and Top Rated shows it', async ({
    page,
    browser,
  }, testInfo) => {
    const customer = newCustomer('reviewer', 'Rowan');
    await registerCustomer(page.request, customer);
    await signInWithApi(page.request, customer);
    const { product } = await addPickupItem(page);
    await placeOrder(page, {
      email: customer.email,
      phone: customer.phone,
      name: `${customer.firstName} ${customer.lastName}`,
    });
    const number = product.blainNumber;

    const analyst = await analystWatchingRates(browser, testInfo);
    try {
      // The summary before: its count, as shown.
      const section = await openProduct(page, number);
      const before = await shownCount(section);
      const serverBefore = await serverReviews(page.request, number);
      expect(serverBefore.summary.count).toBe(before);
      expect(serverBefore.mine).toBeNull();

      const write = section.getByRole('button', { name: 'Write a review' });
      await expect(write).toHaveAttribute('aria-expanded', 'false');
      await write.click();
      await expect(write).toHaveAttribute('aria-expanded', 'true');
      const form = section.getByRole('form', { name: 'Write a review' });
      await expect(form).toBeVisible();
      await expect(section.getByRole('heading', { level: 3, name: 'Write a review' })).toBeFocused();

      // The stars from the keyboard: Tab into the group, then the arrows (each moves and checks).
      const stars = form.getByRole('group', { name: /^Your rating/ });
      await page.keyboard.press('Tab');
      await expect(stars.getByRole('radio', { name: '1 star', exact: true })).toBeFocused();
      await page.keyboard.press('Space');
      await expect(stars.getByRole('radio', { name: '1 star', exact: true })).toBeChecked();
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      const four = stars.getByRole('radio', { name: '4 stars', exact: true });
      await expect(four).toBeFocused();
      await expect(four).toBeChecked();
      await expect(stars.getByRole('radio', { checked: true })).toHaveCount(1);

      const title = `Holds up well ${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 6)}`;
      const text = 'Used it every day for a month of chores; it still looks and works like new.';
      await form.getByRole('textbox', { name: 'Title' }).fill(title);
      await form.getByRole('textbox', { name: 'Your review' }).fill(text);
      await expect(form.getByText(`${text.length}/4000`)).toBeVisible();
      await saveScreenshot(page, testInfo, 'review-form-filled');
      await expectNoSeriousViolations(page, testInfo, 'review-form', 'section.reviews');

      // Submit: the Rate event with 4 stars goes to /hawk.png once the server took the review.
      const rate = page.waitForRequest((r) => parseHawk(r)?.et === 5);
      const answered = page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === WRITE_REVIEW,
      );
      await form.getByRole('button', { name: 'Submit' }).click();
      const answer = await answered;
      expect(answer.status(), await answer.text()).toBe(200);
      const written = (await answer.json()) as { status: string; verified: boolean; message: string };
      expect(written).toEqual({
        status: 'Published',
        verified: true,
        message: 'Thanks! Your review is published.',
      });
      expect(answer.request().postDataJSON()).toEqual({ product: number, rating: 4, title, text });

      const hawk = parseHawk(await rate)!;
      expect(hawk.et).toBe(5);
      expect(hawk.event.event).toBe('Rate');
      expect(hawk.event.value).toBe(4);
      expect(hawk.event.unique_id).toBe(number);

      // The success message takes focus as the form closes.
      const notice = section.getByRole('status').filter({ hasText: written.message });
      await expect(notice).toBeVisible();
      await expect(notice).toBeFocused();
      await expect(form).toHaveCount(0);
      await expect(section.getByRole('button', { name: 'Edit your review' })).toBeVisible();

      // Their review, first of the newest, as a verified purchase with 4 stars.
      const review = section.getByRole('article', { name: title });
      await expect(review).toBeVisible();
      await expect(review).toContainText('Rowan T.');
      await expect(review).toContainText('Verified purchase');
      await expect(review).toContainText(text);
      await expect(review.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
      await expect(section.getByRole('article').first()).toHaveAccessibleName(title);

      // The count one more, the average as the server now computes it.
      await expect(section.locator('.reviews-summary__count')).toHaveText(ratingsText(before + 1));
      const after = await serverReviews(page.request, number);
      expect(after.summary.count).toBe(before + 1);
      expect(after.mine).toMatchObject({ status: 'Published', rating: 4, verified: true });
      const average = after.summary.average!;
      // The old average (shown to a tenth) with one 4 added, to within the rounding.
      const expected = ((serverBefore.summary.average ?? 0) * before + 4) / (before + 1);
      expect(Math.abs(average - expected)).toBeLessThanOrEqual(0.1);
      await expect(section.locator('.reviews-summary__number')).toHaveText(`${average.toFixed(1)} out of 5`);
      await saveScreenshot(page, testInfo, 'review-written');
      await expectNoSeriousViolations(page, testInfo, 'reviews-section', 'section.reviews');

      // The Rate event reached storefront.tracking.v1: the analyst's live tail has it.
      const rows = analyst.page.getByRole('table', { name: /^Events, newest first/ }).getByRole('row');
      const rateRow = rows.filter({ has: analyst.page.getByRole('cell', { name: 'Rate', exact: true }) });
      await expect(rateRow.first()).toBeVisible({ timeout: 15_000 });
      await expect(rateRow.filter({ hasText: number }).first()).toBeVisible();
      await expect(rateRow.first().getByRole('cell').first()).toHaveText('tracking');
      await saveScreenshot(analyst.page, testInfo, 'staff-live-rate-event');

      // Top Rated: the product's department listing sorted by rating shows the new figures on
      // the product's card (the search index follows the review: read again until it does).
      const department = await departmentOf(page.request, number);
      await page.goto(department.url);
      await expect(page.getByRole('heading', { level: 1, name: department.name, exact: true })).toBeVisible();
      const results = page.locator('.listing__results:not([aria-busy]) .product-card');
      await expect(results.first()).toBeVisible();
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Top Rated' });
      await expect(page).toHaveURL(/[?&]sort=rating(&|$)/);
      await page.getByRole('combobox', { name: 'Items per page' }).selectOption('120');
      await expect(page).toHaveURL(/[?&]sort=rating&mpp=120$/);
      const card = page.locator(`.listing__results:not([aria-busy]) .product-card[data-blain-number="${number}"]`);
      const figures = `Rated ${Math.round(average * 10) / 10} out of 5, ${after.summary.count} ratings`;
      await expect(async () => {
        await page.reload();
        await expect(card.getByRole('img', { name: figures, exact: true })).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expect(card).toContainText(`${average.toFixed(1)} (${after.summary.count})`);
      // The page is in the order of the ratings, the best first.
      const ratings = await results.evaluateAll((cards) =>
        cards.map((c) => Number(c.querySelector('.product-rating')?.getAttribute('data-rating') ?? 0)),
      );
      expect(ratings.length).toBeGreaterThan(1);
      expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
      await card.scrollIntoViewIfNeeded();
      await saveScreenshot(page, testInfo, 'top-rated-card');
    } finally {
      await analyst.context.close();
    }
  });

  test('a guest gets the sign-in panel instead of the form', async ({ page }, testInfo) => {
    const { product } = await addPickupItem(page);
    const section = await openProduct(page, product.blainNumber);
    await section.getByRole('button', { name: 'Write a review' }).click();

    const prompt = section.getByRole('region', { name: 'Sign in to write a review' });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('heading', { level: 3, name: 'Sign in to write a review' })).toBeFocused();
    // Both come back to this page (its address after the redirect to the product's own).
    const here = encodeURIComponent(new URL(page.url()).pathname);
    const signIn = prompt.getByRole('link', { name: 'Sign In' });
    await expect(signIn).toHaveAttribute('href', `/account/login/?refUrl=${here}`);
    await expect(prompt.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
      'href',
      `/account/login/?create=1&refUrl=${here}`,
    );
    await expect(section.getByRole('form', { name: 'Write a review' })).toHaveCount(0);
    await expect(section.getByRole('radio')).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'review-guest-sign-in');
    await expectNoSeriousViolations(page, testInfo, 'reviews-guest', 'section.reviews');
  });

  test('submitting without stars shows the message and focuses the rating; nothing is sent', async ({
    page,
  }, testInfo) => {
    const customer = newCustomer('review-validation', 'Vale');
    await registerCustomer(page.request, customer);
    await signInWithApi(page.request, customer);
    const { product } = await addPickupItem(page);
    const sent: Request[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === WRITE_REVIEW) sent.push(r);
    });

    const section = await openProduct(page, product.blainNumber);
    await section.getByRole('button', { name: 'Write a review' }).click();
    const form = section.getByRole('form', { name: 'Write a review' });
    await expect(form).toBeVisible();
    await form.getByRole('textbox', { name: 'Your review' }).fill('Good enough for the money, I think.');
    await form.getByRole('button', { name: 'Submit' }).click();

    const stars = form.getByRole('group', { name: /^Your rating/ });
    await expect(stars.getByText('Please make a selection', { exact: true })).toBeVisible();
    const first = stars.getByRole('radio', { name: '1 star', exact: true });
    await expect(first).toBeFocused();
    await expect(first).toHaveAttribute('aria-invalid', 'true');
    await expect(first).toHaveAccessibleDescription('Please make a selection');
    await expect(stars.getByRole('radio', { checked: true })).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'review-no-stars');
    await expectNoSeriousViolations(page, testInfo, 'review-no-stars', 'section.reviews');

    // A rating chosen, the message goes; a text too short is the next to be focused.
    await stars.getByRole('radio', { name: '3 stars', exact: true }).check();
    await expect(stars.getByText('Please make a selection', { exact: true })).toHaveCount(0);
    const textField = form.getByRole('textbox', { name: 'Your review' });
    await textField.fill('Too short');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(textField).toBeFocused();
    await expect(form.getByText('Must be at least 20 characters long.')).toBeVisible();
    await expect(textField).toHaveAttribute('aria-invalid', 'true');

    // Cancel closes the form and gives the focus back; nothing was written.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toHaveCount(0);
    await expect(section.getByRole('button', { name: 'Write a review' })).toBeFocused();
    expect(sent).toEqual([]);
    expect((await serverReviews(page.request, product.blainNumber)).mine).toBeNull();
  });
});
