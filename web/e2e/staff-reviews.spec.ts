import {
  expect,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import {
  afterAnswer,
  expectNoSeriousViolations,
  newCustomer,
  postWithToken,
  registerCustomer,
  saveScreenshot,
  shopperAddress,
  shopperTest as test,
  signInAsNewStaff,
  signInWithApi,
  type NewCustomer,
} from './support';

/**
 * Moderating product reviews in the staff console (/staff/merch/reviews/). A customer's review
 * with a phone number in it is held by the moderation rule: other shoppers don't see it. A
 * second shopper reports another, published review. A merchandiser (invited and signed in)
 * opens Reviews, finds the held one with its reason ('Has an email address or phone number')
 * and publishes it — the shopper now sees it —, then, under Reported, hides the reported
 * review — it leaves the product page. Axe on the console page. A guest is asked to sign in as
 * staff and a shopper without a staff role gets the 403 page. Flows run on the desktop
 * project only.
 */

const REVIEWS_PATH = '/staff/merch/reviews/';
const HELD_MESSAGE = 'Thanks! Your review will appear once we have checked it.';

interface Product {
  blainNumber: string;
  name: string;
  discontinued: boolean;
}

/** Letters no other run is likely to write: what tells this run's reviews apart. */
function token(): string {
  return Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

/**
 * A product for this run: one of a page of the catalog, at random, so runs (which leave their
 * reviews behind) and the product page's reviews flow (which reviews the first product on a
 * store's shelf) do not share one.
 */
async function someProduct(request: APIRequestContext): Promise<Product> {
  const page = 2 + Math.floor(Math.random() * 5);
  const { items } = (await (await request.get(`/api/search?mpp=120&pg=${page}`)).json()) as { items: Product[] };
  const products = items.filter((p) => !p.discontinued);
  expect(products.length, 'products in the catalog').toBeGreaterThan(0);
  return products[Math.floor(Math.random() * products.length)]!;
}

/** A shopper in a browser of their own (their own cookies and address), signed in when `customer` is given. */
async function shopperPage(browser: Browser, testInfo: TestInfo, customer?: NewCustomer) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': shopperAddress() },
  });
  const page = await context.newPage();
  if (customer) {
    await registerCustomer(page.request, customer);
    await signInWithApi(page.request, customer);
  }
  return { context, page };
}

/** 'Hana T.': the name shown with a customer's review. */
function reviewerName(customer: NewCustomer): string {
  return `${customer.firstName} ${customer.lastName[0]}.`;
}

/** `words` ending with a full stop, unless they end with one already ('… by Hana T.'). */
function sentence(words: string): string {
  return /[.!?]$/.test(words) ? words : `${words}.`;
}

/** The count the section's summary shows ('66 ratings'; 0 for 'No reviews yet.'). */
async function shownCount(section: Locator): Promise<number> {
  const count = section.locator('.reviews-summary__count');
  const none = section.getByText('No reviews yet.');
  await expect(count.or(none)).toBeVisible();
  if (await none.isVisible()) return 0;
  return Number(((await count.textContent()) ?? '').replace(/\D/g, ''));
}

/** Opens the product's page; answers its Reviews section once the reviews are there. */
async function openReviews(page: Page, product: string): Promise<Locator> {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/product/${product}/reviews`);
  await page.goto(`/product/${product}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await answered).status()).toBe(200);
  const section = page.getByRole('region', { name: 'Reviews', exact: true });
  await expect(section.getByRole('button', { name: /^(Write a review|Edit your review)$/ })).toBeVisible();
  return section;
}

/** Takes the signed-in customer's review of the product down (a clean-up: a failure is only noted). */
async function removeReview(request: APIRequestContext, product: string) {
  try {
    await postWithToken(request, '/api/reviews/RemoveReview', { product });
  } catch (error) {
    test.info().annotations.push({ type: 'note', description: `RemoveReview of ${product}: ${String(error)}` });
  }
}

test.describe('staff review moderation', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flows run on the desktop project');
  });

  test('a merchandiser publishes a held review and hides a reported one; shoppers see the change', async ({
    page,
    browser,
  }, testInfo) => {
    // Four browsers, a staff invitation and axe checks: more than a page's time.
    test.slow();
    const run = token();
    const product = await someProduct(page.request);
    const number = product.blainNumber;

    const writer = newCustomer('held-reviewer', 'Hana');
    const held = {
      title: `Call me first ${run}`,
      text: 'Works fine. Call me at 555-201-7788 and I will tell you more.',
    };
    const author = newCustomer('reported-reviewer', 'Blake');
    const reported = { title: `Not for me ${run}`, text: 'Broke after a week of light use in the barn, sadly.' };
    const reporter = newCustomer('review-reporter', 'Remy');

    const customer = await shopperPage(browser, testInfo, writer);
    const shopper = await shopperPage(browser, testInfo, reporter);
    const other = await shopperPage(browser, testInfo, author);
    try {
      // Another customer's review, published at once (through the API, as a setup).
      const written = await postWithToken<{ status: string }>(other.page.request, '/api/reviews/WriteReview', {
        product: number,
        rating: 2,
        title: reported.title,
        text: reported.text,
      });
      expect(written.status).toBe('Published');

      // The customer writes a review with a phone number: the rule holds it.
      let section = await openReviews(customer.page, number);
      await section.getByRole('button', { name: 'Write a review' }).click();
      const form = section.getByRole('form', { name: 'Write a review' });
      await form.getByRole('radio', { name: '5 stars', exact: true }).check();
      await form.getByRole('textbox', { name: 'Title' }).fill(held.title);
      await form.getByRole('textbox', { name: 'Your review' }).fill(held.text);
      const answered = customer.page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/reviews/WriteReview',
      );
      await form.getByRole('button', { name: 'Submit' }).click();
      expect(await (await answered).json()).toMatchObject({ status: 'Held', message: HELD_MESSAGE });
      await expect(section.getByRole('status').filter({ hasText: HELD_MESSAGE })).toBeFocused();
      await expect(section.getByText('Your review is waiting to be checked.')).toBeVisible();
      await expect(section.getByRole('button', { name: 'Edit your review' })).toBeVisible();
      await expect(section.getByRole('article', { name: held.title })).toHaveCount(0);
      await saveScreenshot(customer.page, testInfo, 'review-held-customer');

      // The second shopper sees the published review, not the held one, and reports the former.
      section = await openReviews(shopper.page, number);
      const reportedReview = section.getByRole('article', { name: reported.title });
      await expect(reportedReview).toBeVisible();
      await expect(section.getByRole('article', { name: held.title })).toHaveCount(0);
      await expect(section).not.toContainText('555-201-7788');
      // The held review is not counted either.
      const counted = await shownCount(section);
      const report = reportedReview.getByRole('button', { name: 'Report', exact: true });
      await report.click();
      await expect(report).toHaveAttribute('aria-expanded', 'true');
      const reportForm = reportedReview.getByRole('form', { name: 'Report this review' });
      await reportForm.getByRole('radio', { name: 'Spam or advertising' }).check();
      await afterAnswer(shopper.page, '/api/reviews/ReportReview', () =>
        reportForm.getByRole('button', { name: 'Send report' }).click(),
      );
      await expect(reportedReview.getByRole('status')).toHaveText('Thanks, we will look at it.');
      await expect(reportedReview.getByRole('status')).toBeFocused();
      await saveScreenshot(shopper.page, testInfo, 'review-reported-shopper');

      // The merchandiser opens Reviews from the console's menu.
      await signInAsNewStaff(page.request, 'merchandiser', 'review-merch', 'Mira');
      await page.goto('/staff/');
      const nav = page.getByRole('navigation', { name: 'Staff pages' });
      await nav.getByRole('link', { name: 'Reviews', exact: true }).click();
      await expect(page).toHaveURL(/\/staff\/merch\/reviews\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
      await expect(page).toHaveTitle('Reviews | Storefront staff');
      const tabs = page.getByRole('tablist', { name: 'Reviews to show' });
      await expect(tabs.getByRole('tab', { name: 'Waiting' })).toHaveAttribute('aria-selected', 'true');
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByRole('heading', { level: 2, name: 'Held or reported reviews' })).toBeVisible();

      const heldName = `the review of ${product.name} by ${reviewerName(writer)}`;
      const heldLabel = `Review of ${product.name} by ${reviewerName(writer)}`;
      const reportedLabel = `Review of ${product.name} by ${reviewerName(author)}`;
      const heldCard = panel.getByRole('article', { name: heldLabel }).filter({ hasText: held.title });
      const reportedCard = panel.getByRole('article', { name: reportedLabel }).filter({ hasText: reported.title });
      await expect(heldCard).toBeVisible();
      await expect(reportedCard).toBeVisible();
      await expect(reportedCard).toContainText('Reported 1 time: Spam 1');
      await expect(panel).not.toHaveAttribute('aria-busy');
      await saveScreenshot(page, testInfo, 'staff-reviews-waiting');
      await expectNoSeriousViolations(page, testInfo, 'staff-reviews-waiting');

      // Held: the customer's review, why it waits, and Publish.
      await tabs.getByRole('tab', { name: 'Held' }).click();
      await expect(page).toHaveURL(/\/staff\/merch\/reviews\/\?show=held$/);
      await expect(tabs.getByRole('tab', { name: 'Held' })).toHaveAttribute('aria-selected', 'true');
      const heldHeading = panel.getByRole('heading', { level: 2, name: 'Reviews held by the moderation rules' });
      await expect(heldHeading).toBeVisible();
      await expect(heldCard).toBeVisible();
      await expect(heldCard).toContainText('Has an email address or phone number');
      await expect(heldCard).toContainText('555-201-7788');
      await expect(heldCard).toContainText('Held');
      await expect(reportedCard).toHaveCount(0);
      await saveScreenshot(page, testInfo, 'staff-reviews-held');
      await expectNoSeriousViolations(page, testInfo, 'staff-reviews-held');

      await afterAnswer(page, '/api/staff/reviews/PublishReview', () =>
        heldCard.getByRole('button', { name: `Publish ${heldName}` }).click(),
      );
      await expect(page.getByRole('status').filter({ hasText: sentence(`Published ${heldName}`) })).toBeVisible();
      await expect(heldCard).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);

      // The shopper now sees it; the customer's note is gone.
      section = await openReviews(shopper.page, number);
      await expect(section.getByRole('article', { name: held.title })).toBeVisible();
      await expect(section.getByRole('article', { name: held.title })).toContainText(reviewerName(writer));
      expect(await shownCount(section)).toBe(counted + 1);
      section = await openReviews(customer.page, number);
      await expect(section.getByText('Your review is waiting to be checked.')).toHaveCount(0);
      await expect(section.getByRole('article', { name: held.title })).toBeVisible();

      // Reported: the reported review, hidden with a reason.
      await tabs.getByRole('tab', { name: 'Reported' }).click();
      await expect(page).toHaveURL(/\/staff\/merch\/reviews\/\?show=reported$/);
      await expect(panel.getByRole('heading', { level: 2, name: 'Reviews reported by shoppers' })).toBeVisible();
      await expect(reportedCard).toBeVisible();
      await expect(reportedCard).toContainText('Reported 1 time: Spam 1');
      await expect(reportedCard).toContainText('Published');
      const reportedName = `the review of ${product.name} by ${reviewerName(author)}`;
      await reportedCard.getByRole('button', { name: `Hide ${reportedName}` }).click();
      const hideForm = reportedCard.getByRole('form', { name: `Hide ${reportedName}` });
      const reason = hideForm.getByRole('textbox', { name: /^Reason for hiding/ });
      await expect(reason).toBeFocused();
      await reason.fill('Reported as spam; nothing about the product.');
      await saveScreenshot(page, testInfo, 'staff-reviews-hide');
      await afterAnswer(page, '/api/staff/reviews/HideReview', () =>
        hideForm.getByRole('button', { name: 'Hide review' }).click(),
      );
      await expect(page.getByRole('status').filter({ hasText: sentence(`Hid ${reportedName}`) })).toBeVisible();
      await expect(reportedCard).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await saveScreenshot(page, testInfo, 'staff-reviews-reported-done');
      await expectNoSeriousViolations(page, testInfo, 'staff-reviews-reported');

      // Hidden: there, with its reason.
      await tabs.getByRole('tab', { name: 'Hidden' }).click();
      const hiddenCard = panel.getByRole('article', { name: reportedLabel }).filter({ hasText: reported.title });
      await expect(hiddenCard).toBeVisible();
      await expect(hiddenCard).toContainText('Reported as spam; nothing about the product.');

      // It has left the product page.
      section = await openReviews(shopper.page, number);
      await expect(section.getByRole('article', { name: held.title })).toBeVisible();
      await expect(section.getByRole('article', { name: reported.title })).toHaveCount(0);
      expect(await shownCount(section)).toBe(counted);
      await saveScreenshot(shopper.page, testInfo, 'review-hidden-shopper');
    } finally {
      // The reviews go again (they would fill the console's lists, 200 at most, run after run).
      await removeReview(customer.page.request, number);
      await removeReview(other.page.request, number);
      await customer.context.close();
      await shopper.context.close();
      await other.context.close();
    }
  });

  test('a guest is asked to sign in as staff; a shopper without a staff role gets the 403 page', async ({
    page,
  }, testInfo) => {
    await page.goto(REVIEWS_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Please sign in as staff.');
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/account/login/?refUrl=${encodeURIComponent(REVIEWS_PATH)}`,
    );
    await expect(page.getByRole('tablist')).toHaveCount(0);

    const shopper = newCustomer('no-staff-reviews', 'Sky');
    await registerCustomer(page.request, shopper);
    await signInWithApi(page.request, shopper);
    await page.goto(REVIEWS_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
    await expect(page).toHaveTitle('No access | Storefront staff');
    await expect(page.getByRole('main')).toContainText('Your account has no staff role.');
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await expect(page.getByRole('article')).toHaveCount(0);
    // The API says no too.
    expect((await page.request.get('/api/staff/reviews')).status()).toBe(403);
    await saveScreenshot(page, testInfo, 'staff-reviews-no-role');
    await expectNoSeriousViolations(page, testInfo, 'staff-reviews-no-role');
  });
});
