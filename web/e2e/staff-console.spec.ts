import { expect } from '@playwright/test';
import {
  afterAnswer,
  expectNoSeriousViolations,
  linkIn,
  newCustomer,
  nextMessage,
  postWithToken,
  registerCustomer,
  saveScreenshot,
  shopperAddress,
  shopperTest as test,
  signInWithApi,
  storefrontCli,
  uniquePhone,
} from './support';
import { addPickupItem, placeOrder, type Store } from './shopping';

/**
 * The staff console (/staff/, the staff.html entry with its own routing): a guest is asked to
 * sign in as staff and a shopper without staff roles gets the 403 page; a person invited as an
 * associate (`storefront staff invite`, the link from the local mailbox) creates their account
 * on the invitation page, lands on the console, and works their store's pickup queue: a
 * shopper's store-pickup order (placed in another browser) is marked ready, then picked up.
 * A merchandiser (invited the same way) reindexes the search index and follows it to the end.
 * Axe on each page; flows run on the desktop project only.
 */

test.describe('staff console', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flows run on the desktop project');
  });

  test('a guest is asked to sign in as staff; a shopper without staff roles gets the 403 page', async ({
    page,
  }, testInfo) => {
    const response = await page.goto('/staff/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-robots-tag'] ?? '').toContain('noindex');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveTitle('Sign in | Storefront staff');
    await expect(page.getByRole('main')).toContainText('Please sign in as staff.');
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/account/login/?refUrl=%2Fstaff%2F',
    );
    await expect(page.getByRole('navigation', { name: 'Staff pages' })).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'staff-console-sign-in');
    await expectNoSeriousViolations(page, testInfo, 'staff-console-sign-in');

    const shopper = newCustomer('no-staff', 'Casey');
    await registerCustomer(page.request, shopper);
    await signInWithApi(page.request, shopper);
    await page.goto('/staff/orders/pickup/');
    await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
    await expect(page).toHaveTitle('No access | Storefront staff');
    await expect(page.getByRole('main')).toContainText('Your account has no staff role.');
    await expect(page.getByRole('main').getByRole('link', { name: 'Go to the store’s home page' })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(page.getByRole('table')).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'staff-console-no-role');
    await expectNoSeriousViolations(page, testInfo, 'staff-console-no-role');
  });

  test('an invited associate creates their account and works the pickup queue of a shopper’s order', async ({
    page,
    browser,
  }, testInfo) => {
    // An invitation, a checkout in another browser and axe checks: more than a page's time.
    test.slow();
    const associate = newCustomer('associate', 'Alex');

    // The invitation, as the store mails it (the local mailbox).
    await storefrontCli(['staff', 'invite', '--email', associate.email, '--role', 'associate']);
    const link = linkIn(await nextMessage(associate.email), '/staff/accept-invite/');
    expect(link).toMatch(/^\/staff\/accept-invite\/\?id=[^&]+&token=./);

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Accept your invitation' })).toBeVisible();
    await expect(page).toHaveTitle('Accept your invitation | Storefront staff');
    const form = page.getByRole('form', { name: 'Accept the invitation' });
    await expect(form.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/account/login/?refUrl=${encodeURIComponent(link)}`,
    );
    await form.getByLabel(/^Email address/).fill(associate.email);
    await form.getByLabel(/^First name/).fill(associate.firstName);
    await form.getByLabel(/^Last name/).fill(associate.lastName);
    await form.getByLabel(/^Password/).fill(associate.password);
    await form.getByLabel(/^Phone number/).fill(associate.phone);
    await saveScreenshot(page, testInfo, 'staff-accept-invite');
    await expectNoSeriousViolations(page, testInfo, 'staff-accept-invite');
    await afterAnswer(page, '/api/staff-invitation/accept', () =>
      form.getByRole('button', { name: 'Accept invitation' }).click(),
    );

    // Signed in with the role: the console's home, with the associate's pages.
    await expect(page).toHaveURL(/\/staff\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Staff home' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Staff pages' });
    await expect(nav.getByRole('link', { name: 'Pickup queue' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Tax exemptions' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Pins' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/account/logout/?refUrl=/staff/');
    await saveScreenshot(page, testInfo, 'staff-console-home');
    await expectNoSeriousViolations(page, testInfo, 'staff-console-home');

    // A shopper, in a browser of their own, places a store-pickup order.
    const shopperContext = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      extraHTTPHeaders: { 'X-Forwarded-For': shopperAddress() },
    });
    let store: Store;
    let orderNo: string;
    try {
      const shopper = await shopperContext.newPage();
      ({ store } = await addPickupItem(shopper));
      ({ orderNo } = await placeOrder(shopper, {
        email: newCustomer('pickup-shopper').email,
        phone: uniquePhone(),
        name: 'Sam Shopper',
      }));
    } finally {
      await shopperContext.close();
    }

    // The associate picks that store and finds the order in its queue.
    await nav.getByRole('link', { name: 'Pickup queue' }).click();
    await expect(page).toHaveURL(/\/staff\/orders\/pickup\/$/);
    const heading = page.getByRole('heading', { level: 1, name: 'Pickup queue' });
    await expect(heading).toBeFocused();
    await expect(page).toHaveTitle('Pickup queue | Storefront staff');
    await page.getByRole('combobox', { name: 'Store' }).selectOption(String(store.storeNum));
    const table = page.getByRole('table', { name: /^Orders for pickup at .*, oldest first$/ });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: orderNo, exact: true }) });
    // The queue is a read model: read it again until the order is there.
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(row).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(row).toContainText('Placed');
    await saveScreenshot(page, testInfo, 'staff-pickup-queue');
    await expectNoSeriousViolations(page, testInfo, 'staff-pickup-queue');

    // Ready for pickup: the row's status and a polite message.
    await afterAnswer(page, '/api/staff/orders/ready', () =>
      row.getByRole('button', { name: `Mark ready order ${orderNo}` }).click(),
    );
    await expect(page.getByRole('status').filter({ hasText: `Order ${orderNo} is ready for pickup.` })).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toHaveText('Ready for pickup');
    await expect(page.getByRole('alert')).toHaveCount(0);

    // Picked up, from the keyboard: the focus stayed on the row's button, now its next step.
    const pickedUp = row.getByRole('button', { name: `Mark picked up order ${orderNo}` });
    await expect(pickedUp).toBeFocused();
    await afterAnswer(page, '/api/staff/orders/picked-up', () => page.keyboard.press('Enter'));
    await expect(page.getByRole('status').filter({ hasText: `Order ${orderNo} was picked up.` })).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toHaveText('Picked up');
    await expect(row.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeFocused();
    await saveScreenshot(page, testInfo, 'staff-pickup-queue-picked-up');
    await expectNoSeriousViolations(page, testInfo, 'staff-pickup-queue-picked-up');

    // The store is remembered in this browser; read again, the queue no longer holds the order.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Store' })).toHaveValue(String(store.storeNum));
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(page.getByRole('rowheader', { name: orderNo, exact: true })).toHaveCount(0, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  });

  test('a merchandiser reindexes the search index and follows it to the end', async ({ page }, testInfo) => {
    // Invited as a merchandiser and accepted with a new account (this browser is signed in).
    const merchandiser = newCustomer('merchandiser', 'Morgan');
    await storefrontCli(['staff', 'invite', '--email', merchandiser.email, '--role', 'merchandiser']);
    const link = new URL(linkIn(await nextMessage(merchandiser.email), '/staff/accept-invite/'), 'http://store');
    const accepted = await postWithToken<{ success: boolean }>(page.request, '/api/staff-invitation/accept', {
      id: link.searchParams.get('id'),
      token: link.searchParams.get('token'),
      emailAddress: merchandiser.email,
      firstName: merchandiser.firstName,
      lastName: merchandiser.lastName,
      password: merchandiser.password,
      phoneNumber: merchandiser.phone,
    });
    expect(accepted.success).toBe(true);

    await page.goto('/staff/');
    await page.getByRole('navigation', { name: 'Staff pages' }).getByRole('link', { name: 'Search index' }).click();
    await expect(page).toHaveURL(/\/staff\/merch\/search-index\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search index' })).toBeFocused();
    await expect(page.getByText(/^The live index holds [\d,]+ products?\.$/)).toBeVisible();

    await afterAnswer(page, '/api/staff/search/reindex', () => page.getByRole('button', { name: 'Reindex now' }).click());
    const finished = page.getByRole('status').filter({ hasText: /^Reindexed [\d,]+ products?\.$/ });
    // A small catalog may be done before the first poll: progress or the end.
    await expect(page.getByRole('progressbar', { name: 'Reindex progress' }).or(finished)).toBeVisible();
    await expect(finished).toBeVisible({ timeout: 45_000 });
    expect(Number((await finished.textContent())!.replace(/\D/g, ''))).toBeGreaterThan(0);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'staff-search-index');
    await expectNoSeriousViolations(page, testInfo, 'staff-search-index');
  });
});
