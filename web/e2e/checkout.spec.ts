import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { stockLabel } from '../src/product/stock';
import {
  expectNoSeriousViolations,
  saveScreenshot,
  shopperTest as test,
  uniqueEmail,
  uniquePhone,
} from './support';

/**
 * The checkout: a shopper finds a product through search, adds it for store pickup at their
 * store, checks out as a guest with the approving test card and lands on the confirmation
 * (and the store's stock went down by what was bought); a declined card is said at the payment
 * step; the contact step is filled from the keyboard alone; axe on the checkout and the
 * confirmation. Flows run on the desktop project only.
 *
 * Test cards of the local payment gateway: 4242 4242 4242 4242 approves, 4000 0000 0000 0002
 * is declined.
 */

interface Store {
  storeNum: number;
  city: string;
  state: string;
  comingSoon?: boolean;
}

interface SearchItem {
  blainNumber: string;
  name: string;
  url: string;
  priceCents: number;
  belowMap: boolean;
  requiresConfirmation: boolean;
  requiresAgreement: boolean;
  discontinued: boolean;
  ecomOnHand: number;
  storeOnHand?: number | null;
  fulfillment: { shipToHome: boolean; storePickup: boolean };
}

interface Inventory {
  isStocked: boolean;
  storeOnHand: number;
  ecomOnHand: number;
}

const QUANTITY = 2;
const APPROVED_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';
const DECLINED_MESSAGE = 'Your card was declined. Please use another card.';

const plain = (p: SearchItem) => !p.discontinued && !p.requiresConfirmation && !p.requiresAgreement && !p.belowMap;

/** Makes `storeNum` the page's store (its cookies). */
async function chooseStore(request: APIRequestContext, storeNum: number) {
  const answer = await request.get(`/stores/set-json/${storeNum}`);
  expect(answer.ok()).toBe(true);
  expect((await answer.json()).success).toBe(true);
}

/** The product's stock at a store, as the product page reads it. */
async function inventoryAt(request: APIRequestContext, blainNumber: string, storeNum: number): Promise<Inventory> {
  const answer = await request.post('/products/a/stockstatus-json', {
    data: { blainNumber, storeNum, mustIncludeLocalStore: true },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as { statusList?: Array<{ store: { storeNum: number }; inventory?: Inventory }> };
  const mine = body.statusList?.find((s) => s.store.storeNum === storeNum)?.inventory;
  expect(mine, `stock of ${blainNumber} at store ${storeNum}`).toBeDefined();
  return mine!;
}

/**
 * A store and a product on its shelf that can be picked up there (enough of it for the
 * quantity bought and then some), no prompts. The store becomes the page's store.
 */
async function pickupProductAndStore(page: Page): Promise<{ store: Store; product: SearchItem }> {
  const stores = ((await (await page.request.get('/api/stores')).json()) as Store[]).filter((s) => !s.comingSoon);
  expect(stores.length, 'stores in the demo data').toBeGreaterThan(0);
  for (const store of stores.slice(0, 5)) {
    await chooseStore(page.request, store.storeNum);
    const answer = await page.request.get('/api/search?availability=store&mpp=120');
    if (!answer.ok()) continue;
    const { items } = (await answer.json()) as { items: SearchItem[] };
    const product = items.find(
      (p) => plain(p) && p.fulfillment.storePickup && (p.storeOnHand ?? 0) >= QUANTITY + 3,
    );
    if (product) return { store, product };
  }
  throw new Error('no store has a product for pickup in the demo data');
}

/** A product that ships, put in the page's cart through the add-to-cart call. */
async function cartWithShippedProduct(page: Page): Promise<SearchItem> {
  const answer = await page.request.get('/api/search?mpp=120');
  expect(answer.ok()).toBe(true);
  const { items } = (await answer.json()) as { items: SearchItem[] };
  const product = items.find((p) => plain(p) && p.fulfillment.shipToHome && p.ecomOnHand > 20);
  expect(product, 'a product that ships in the demo catalog').toBeDefined();
  const added = await page.request.post('/products/a/addtocart', {
    data: { blainNumber: product!.blainNumber, quantity: 1, fulfillmentType: 'ShipToHome' },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(added.ok()).toBe(true);
  expect(await added.json()).toMatchObject({ success: true, resultCode: 'Success' });
  return product!;
}

const badge = (page: Page) => page.getByRole('banner').getByTestId('cart-badge');
const storeStockLabel = (page: Page) => page.locator('[data-fulfillment-stock="StorePickup"] .stock-label');

async function fillContact(page: Page) {
  const main = page.getByRole('main');
  await main.getByLabel('Email address').fill(uniqueEmail('checkout'));
  await main.getByLabel('Phone number').fill(uniquePhone());
}

async function fillAddress(page: Page) {
  await page.getByLabel('First name').fill('Ann');
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel(/^Address/).fill('2500 Milton Ave');
  await page.getByLabel('City').fill('Janesville');
  await page.getByLabel('State').selectOption('WI');
  await page.getByLabel('ZIP code').fill('53545');
  // The tax follows the ZIP.
  await expect(page.getByTestId('checkout-tax')).not.toHaveText('Calculated after you enter a ZIP code');
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Name on card').fill('Ann Lee');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date (MM/YY)').fill('12/30');
  await page.getByLabel('Security code').fill('123');
}

test.describe('checkout', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flows run on the desktop project');
  });

  test('search, pickup at a chosen store, check out with a card, and the store stock goes down', async ({
    page,
  }, testInfo) => {
    test.slow();
    await page.goto('/');
    const { store, product } = await pickupProductAndStore(page);
    const storeName = `${store.city}, ${store.state}`;
    const before = await inventoryAt(page.request, product.blainNumber, store.storeNum);

    // Search → the product.
    await page.goto('/');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' });
    await box.fill(product.name);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/s\/\?keyword=/);
    const card = page.locator(`.product-card[data-blain-number="${product.blainNumber}"]`).first();
    await card.getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

    // Store pickup at the chosen store, two of them.
    await page.getByRole('radio', { name: /Free Store Pickup/ }).check();
    await expect(page.locator('[data-fulfillment-stock="StorePickup"]')).toContainText(storeName);
    await expect(storeStockLabel(page)).toHaveText(stockLabel(before, 1).label);
    await page.getByRole('textbox', { name: 'Quantity', exact: true }).fill(String(QUANTITY));
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(page.getByText('Added to your cart.')).toBeVisible();
    await expect(badge(page)).toHaveText(String(QUANTITY));

    // The cart → Checkout.
    await page.getByRole('link', { name: 'View Cart' }).click();
    await expect(page).toHaveURL(/\/cart\/$/);
    const line = page.locator('.cart-line', { has: page.getByRole('link', { name: product.name, exact: true }) });
    await expect(line.getByText(`Pick up at ${storeName}`)).toBeVisible();
    await expect(page.getByTestId('line-problem')).toHaveCount(0);
    await page.getByRole('complementary', { name: 'Order summary' }).getByRole('link', { name: 'Checkout' }).click();

    // The checkout: pickup, so no address.
    await expect(page).toHaveURL(/\/checkout\/(#.*)?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page).toHaveTitle('Checkout | Storefront');
    await expect(page.getByText(`Store pickup at ${storeName}`)).toBeVisible();
    await expect(page.getByTestId('pickup-store')).toContainText(
      "We'll email you when your order is ready for pickup. Bring a photo ID.",
    );
    await expect(page.getByRole('group', { name: 'Shipping address' })).toHaveCount(0);
    await fillContact(page);
    await fillCard(page, APPROVED_CARD);
    await expect(page.getByLabel('Card number')).toHaveValue(APPROVED_CARD);
    await expect(page.getByTestId('card-brand')).toHaveText('Card type: Visa');
    await expect(page.getByTestId('checkout-total')).toHaveText(/^\$\d/);
    await saveScreenshot(page, testInfo, 'checkout-filled');
    await expectNoSeriousViolations(page, testInfo, 'checkout');

    // Place order → the confirmation.
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/checkout\/confirmation\/\?key=/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    await expect(page).toHaveTitle('Order Confirmation | Storefront');
    await expect(page.getByTestId('order-number')).toHaveText(/^\d+$/);
    await expect(page.getByText("We've sent a confirmation to your email.")).toBeVisible();
    await expect(page.getByTestId('confirmation-card')).toHaveText('Visa ending in 4242');
    await expect(page.getByTestId('confirmation-pickup')).toContainText(store.city);
    await expect(page.getByRole('main')).toContainText(product.name);
    await expect(page.getByRole('main').getByRole('link', { name: 'Track your order' })).toHaveAttribute(
      'href',
      '/account/track-your-order/',
    );
    await expect(page.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    // The cart is empty now: no badge.
    await expect(badge(page)).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'checkout-confirmation');
    await expectNoSeriousViolations(page, testInfo, 'confirmation');

    // The store's stock went down by what was bought, and the product page says so.
    await expect
      .poll(async () => (await inventoryAt(page.request, product.blainNumber, store.storeNum)).storeOnHand, {
        message: 'the store stock after the order',
        timeout: 20_000,
      })
      .toBe(before.storeOnHand - QUANTITY);
    const after = await inventoryAt(page.request, product.blainNumber, store.storeNum);
    await page.goto(product.url);
    await page.getByRole('radio', { name: /Free Store Pickup/ }).check();
    await expect(storeStockLabel(page)).toHaveText(stockLabel(after, 1).label);
  });

  test('a declined card is said at the payment step and the shopper stays on the checkout', async ({ page }, testInfo) => {
    test.slow();
    await page.goto('/');
    await cartWithShippedProduct(page);
    await page.goto('/checkout/');
    await expect(page.getByRole('heading', { level: 2, name: /Contact/ })).toBeVisible();
    await fillContact(page);
    await fillAddress(page);
    await fillCard(page, DECLINED_CARD);
    await page.getByRole('button', { name: 'Place order' }).click();

    const payment = page.getByRole('region', { name: /Payment/ });
    await expect(payment.getByRole('alert')).toHaveText(DECLINED_MESSAGE, { timeout: 20_000 });
    await expect(payment.getByRole('alert')).toBeFocused();
    await expect(page).toHaveURL(/\/checkout\/(#.*)?$/);
    await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
    // The cart is still there.
    await expect(badge(page)).toHaveText('1');
    await saveScreenshot(page, testInfo, 'checkout-declined');
  });

  test('the contact step is filled from the keyboard alone', async ({ page }) => {
    await page.goto('/');
    await cartWithShippedProduct(page);
    await page.goto('/checkout/');
    const email = page.getByRole('main').getByLabel('Email address');
    const phone = page.getByRole('main').getByLabel('Phone number');
    await expect(email).toBeVisible();

    // Skip link → main → the first field.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(email).toBeFocused();

    // A wrong address is explained when leaving the field.
    await page.keyboard.type('ann@example');
    await page.keyboard.press('Tab');
    await expect(phone).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(/Please enter a valid email address\./);

    await page.keyboard.press('Shift+Tab');
    await expect(email).toBeFocused();
    // Tabbing in selects the text: go to its end, then finish the address.
    await page.keyboard.press('End');
    await page.keyboard.type('.com');
    await expect(email).toHaveValue('ann@example.com');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await page.keyboard.press('Tab');
    await expect(phone).toBeFocused();
    await page.keyboard.type('6085550100');
    await expect(phone).toHaveValue('(608) 555-0100');

    // Enter submits: nothing is sent while fields are missing; focus goes to the first of them.
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('First name')).toBeFocused();
    await expect(page.getByLabel('First name')).toHaveAccessibleDescription('This field is required.');
    await expect(page).toHaveURL(/\/checkout\/(#.*)?$/);
  });
});
