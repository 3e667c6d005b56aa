import { expect, type Locator, type Page } from '@playwright/test';
import {
  expectNoSeriousViolations,
  newCustomer,
  registerCustomer,
  saveScreenshot,
  shopperTest as test,
  signInWithApi,
  storefrontCli,
  uniqueEmail,
  uniquePhone,
} from './support';
import { addPickupItem, placeOrder } from './shopping';

/**
 * Orders after checkout: a guest places a store-pickup order through the checkout page and
 * finds it with Track Your Order (a wrong email finds nothing); a signed-in customer finds
 * their order in Order History and its page shows the timeline; the order pages pass axe.
 */

const TRACK_NOT_FOUND = "We couldn't find an order with that number and email or ZIP code.";
const TRACK_PATH = '/account/track-your-order/';
const HISTORY_PATH = '/account/orders/';

/** '$1,234.56', as the pages write money. */
function formatCents(cents: number): string {
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** Track Your Order's form, filled and sent; waits for the server's answer. */
async function track(page: Page, orderNo: string, emailOrZip: string) {
  const form = page.getByRole('main').getByRole('form', { name: 'Find your order' });
  await form.getByLabel(/^Order number/).fill(orderNo);
  await form.getByLabel(/^Email or ZIP code/).fill(emailOrZip);
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/orders/track',
  );
  await form.getByRole('button', { name: 'Track order' }).click();
  await answered;
}

/** The order's timeline: its steps' labels in order. */
function timeline(scope: Locator): Locator {
  return scope.getByRole('list', { name: 'Order status' });
}

test.describe('orders', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flows run on the desktop project');
    // A checkout, lookups and axe checks a flow: more time than a page's test on a loaded machine.
    test.slow();
  });

  test('a guest places a pickup order and tracks it by number and email; a wrong email finds nothing', async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail('track');
    await addPickupItem(page);
    const { orderNo } = await placeOrder(page, { email, phone: uniquePhone(), name: 'Ann Tester' });

    await page.goto(TRACK_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Track Your Order' })).toBeVisible();
    await track(page, orderNo, email);

    const heading = page.getByRole('heading', { level: 2, name: `Order ${orderNo}` });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    const order = page.getByRole('region', { name: `Order ${orderNo}` });
    const steps = timeline(order).getByRole('listitem');
    await expect(steps.first()).toContainText('Order placed');
    await expect(order.locator('[aria-current="step"]')).toHaveCount(1);
    await expect(order.getByRole('heading', { name: 'Pickup store' })).toBeVisible();
    await expect(order).toContainText('ending in 4242');
    // The answer shows on the same page.
    expect(new URL(page.url()).pathname).toBe(TRACK_PATH);
    await saveScreenshot(page, testInfo, 'track-order-found');
    await expectNoSeriousViolations(page, testInfo, 'track-order-found');

    // The same number with another email: the server's words, and no order.
    await track(page, orderNo, uniqueEmail('someone-else'));
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(TRACK_NOT_FOUND);
    await expect(page.getByRole('region', { name: `Order ${orderNo}` })).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'track-order-not-found');
    await expectNoSeriousViolations(page, testInfo, 'track-order-not-found');
  });

  test('a signed-in customer finds the order in Order History, and its page shows the timeline', async ({
    page,
  }, testInfo) => {
    const customer = newCustomer('orders', 'Robin');
    await registerCustomer(page.request, customer);
    await signInWithApi(page.request, customer);
    await addPickupItem(page);
    const placed = await placeOrder(page, {
      email: customer.email,
      phone: customer.phone,
      name: `${customer.firstName} ${customer.lastName}`,
    });

    await page.goto(HISTORY_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Order History' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Your orders, newest first' });
    const link = table.getByRole('link', { name: `Order ${placed.orderNo}` });
    await expect(link).toBeVisible();
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: `Order ${placed.orderNo}` }) });
    await expect(row).toContainText('Order placed');
    await expect(row).toContainText(formatCents(placed.totalCents));
    // The newest order comes first.
    await expect(table.getByRole('row').nth(1)).toContainText(placed.orderNo);
    await saveScreenshot(page, testInfo, 'order-history');
    await expectNoSeriousViolations(page, testInfo, 'order-history');

    await link.click();
    await expect(page).toHaveURL(new RegExp(`/account/orders/${placed.orderNo}/$`));
    await expect(page.getByRole('heading', { level: 1, name: `Order ${placed.orderNo}` })).toBeVisible();
    const steps = timeline(page.getByRole('main')).getByRole('listitem');
    await expect(steps.first()).toContainText('Order placed');
    await expect(page.getByRole('main').locator('[aria-current="step"]')).toHaveCount(1);
    await expect(page.getByTestId('order-total')).toHaveText(formatCents(placed.totalCents));
    await expect(page.getByRole('link', { name: 'Back to Order History' })).toHaveAttribute('href', HISTORY_PATH);
    await saveScreenshot(page, testInfo, 'order-detail');
    await expectNoSeriousViolations(page, testInfo, 'order-detail');

    // The store's associate marks it ready (as the staff API does, from a shell): the
    // shopper's timeline shows it.
    await storefrontCli(['orders', 'advance', placed.orderNo, '--to', 'ready']);
    await page.reload();
    await expect(steps.nth(1)).toContainText('Ready for pickup');
    await expect(page.getByRole('main').locator('[aria-current="step"]')).toContainText('Ready for pickup');

    // Another customer's number (or none) is not found.
    await page.goto('/account/orders/1/');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText("We couldn't find that order.");
  });
});

test.describe('order pages, empty and in error', () => {
  test('track your order explains what is missing; the pages pass axe at every size', async ({ page }, testInfo) => {
    await page.goto(TRACK_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Track Your Order' })).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'track-order');

    const form = page.getByRole('main').getByRole('form', { name: 'Find your order' });
    await form.getByRole('button', { name: 'Track order' }).click();
    const orderNo = form.getByLabel(/^Order number/);
    await expect(orderNo).toBeFocused();
    await expect(orderNo).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('This field is required.')).toHaveCount(2);

    await orderNo.pressSequentially('12ab34');
    await expect(orderNo).toHaveValue('1234');
    const emailOrZip = form.getByLabel(/^Email or ZIP code/);
    await emailOrZip.fill('5354');
    await form.getByRole('button', { name: 'Track order' }).click();
    await expect(emailOrZip).toBeFocused();
    await expect(form.getByText('Please enter a valid ZIP code.')).toBeVisible();
    await emailOrZip.fill('ann@example');
    await emailOrZip.blur();
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
    await saveScreenshot(page, testInfo, 'track-order-errors');
    await expectNoSeriousViolations(page, testInfo, 'track-order-errors');
  });

  test('a customer without orders is told so, with a way to shop', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one account is enough');
    const customer = newCustomer('no-orders');
    await registerCustomer(page.request, customer);
    await signInWithApi(page.request, customer);

    await page.goto(HISTORY_PATH);
    await expect(page.getByRole('main')).toContainText("You haven't placed any online orders yet.");
    await expect(page.getByRole('main').getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/');
    await saveScreenshot(page, testInfo, 'order-history-empty');
    await expectNoSeriousViolations(page, testInfo, 'order-history-empty');
  });

  test('a guest on Order History is asked to sign in', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'the sign-in panel is pictured in the account flows');
    await page.goto(HISTORY_PATH);
    await expect(page.getByText('Please sign in to see your orders.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveAccessibleName('Sign In');
    await expectNoSeriousViolations(page, testInfo, 'order-history-guest');
  });
});
