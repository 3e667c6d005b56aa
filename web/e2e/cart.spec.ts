import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectNoSeriousViolations, saveScreenshot } from './support';

interface Product {
  blainNumber: string;
  name: string;
  priceCents: number;
  belowMap: boolean;
  requiresConfirmation: boolean;
  requiresAgreement: boolean;
  discontinued: boolean;
  ecomOnHand: number;
  fulfillment: { shipToHome: boolean };
}

/** '$1,234.56', as the server writes prices. */
function formatCents(cents: number): string {
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** Products any visitor can put in the cart by the dozen and ship home, no prompts. */
async function plainProducts(request: APIRequestContext, count: number): Promise<Product[]> {
  const answer = await request.get('/api/search?mpp=120');
  expect(answer.ok()).toBe(true);
  const { items } = (await answer.json()) as { items: Product[] };
  const plain = items.filter(
    (p) =>
      p.fulfillment.shipToHome &&
      !p.requiresConfirmation &&
      !p.requiresAgreement &&
      !p.discontinued &&
      !p.belowMap &&
      p.ecomOnHand > 20,
  );
  expect(plain.length, 'plain products in the demo catalog').toBeGreaterThanOrEqual(count);
  return plain.slice(0, count);
}

/** Adds a product through the add-to-cart call (the page's cookies, so the page's cart). */
async function addToCart(page: Page, blainNumber: string, quantity = 1) {
  const answer = await page.request.post('/products/a/addtocart', {
    data: { blainNumber, quantity },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(answer.ok()).toBe(true);
  const body = await answer.json();
  expect(body, JSON.stringify(body)).toMatchObject({ success: true, resultCode: 'Success' });
  return body as { cartQty: number };
}

const badge = (page: Page) => page.getByRole('banner').getByTestId('cart-badge');

test.describe('cart page', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flows run on the desktop project');
  });

  test('an empty cart offers ways to shop', async ({ page }, testInfo) => {
    await page.goto('/cart/');
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Your cart is empty' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/');
    await expect(page).toHaveTitle('Shopping Cart | Storefront');
    await expect(badge(page)).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'cart-empty');
    await expectNoSeriousViolations(page, testInfo, 'cart-empty');
  });

  test('quantity change updates the totals and the header badge; remove ends in the empty cart', async ({ page }, testInfo) => {
    const [first, second] = await plainProducts(page.request, 2);
    await page.goto('/');
    await addToCart(page, first!.blainNumber);
    const added = await addToCart(page, second!.blainNumber);
    expect(added.cartQty).toBe(2);

    await page.goto('/cart/');
    const main = page.getByRole('main');
    const firstLink = main.getByRole('link', { name: first!.name, exact: true });
    await expect(firstLink).toBeVisible();
    await expect(main.getByRole('link', { name: second!.name, exact: true })).toBeVisible();
    await expect(badge(page)).toHaveText('2');
    await expect(page.getByTestId('cart-subtotal')).toHaveText(formatCents(first!.priceCents + second!.priceCents));
    // Every line's picture has its size set.
    for (const img of await main.locator('.cart-line img').all()) {
      await expect(img).toHaveAttribute('width', '96');
      await expect(img).toHaveAttribute('height', '96');
      await expect(img).toHaveAttribute('alt', /.+/);
    }
    await saveScreenshot(page, testInfo, 'cart-two-lines');
    await expectNoSeriousViolations(page, testInfo, 'cart');

    // Quantity 3 for the first line: totals and badge follow, the change is announced.
    const qty = main.getByRole('textbox', { name: `Quantity of ${first!.name}` });
    await qty.fill('3');
    await main.getByRole('button', { name: `Update quantity of ${first!.name}` }).click();
    await expect(page.getByTestId('cart-subtotal')).toHaveText(formatCents(3 * first!.priceCents + second!.priceCents));
    await expect(badge(page)).toHaveText('4');
    await expect(page.getByTestId('cart-announcer')).toContainText(`Quantity of ${first!.name} updated to 3.`);
    await expect(qty).toHaveValue('3');
    const cart = await (await page.request.get('/api/cart')).json();
    expect(cart.cartQty).toBe(4);

    // The field takes digits only, three at most.
    await qty.fill('');
    await qty.pressSequentially('12a34');
    await expect(qty).toHaveValue('123');
    await qty.fill('3');

    // Remove the first line: focus moves to the next line.
    await main.getByRole('button', { name: `Remove ${first!.name}` }).click();
    await expect(firstLink).toHaveCount(0);
    await expect(main.getByRole('link', { name: second!.name, exact: true })).toBeFocused();
    await expect(badge(page)).toHaveText('1');
    await expect(page.getByTestId('cart-subtotal')).toHaveText(formatCents(second!.priceCents));

    // Remove the last line: the empty cart, its heading focused, no badge.
    await main.getByRole('button', { name: `Remove ${second!.name}` }).click();
    const empty = page.getByRole('heading', { level: 2, name: 'Your cart is empty' });
    await expect(empty).toBeVisible();
    await expect(empty).toBeFocused();
    await expect(badge(page)).toHaveCount(0);
    await expect(page.getByTestId('cart-announcer')).toContainText('Your cart is empty.');
    await saveScreenshot(page, testInfo, 'cart-after-remove');

    // A reload agrees.
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Your cart is empty' })).toBeVisible();
  });

  test('an invalid quantity is explained on the line, nothing sent', async ({ page }) => {
    const [product] = await plainProducts(page.request, 1);
    await page.goto('/');
    await addToCart(page, product!.blainNumber);
    await page.goto('/cart/');
    const qty = page.getByRole('textbox', { name: `Quantity of ${product!.name}` });
    await qty.fill('0');
    await qty.press('Enter');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Please enter a quantity from 1 to 999.');
    await expect(badge(page)).toHaveText('1');
  });

  test('a pickup line names its store; a protection plan can be added and removed', async ({ page }, testInfo) => {
    await page.goto('/');
    const stores = (await (await page.request.get('/api/stores')).json()) as Array<{ storeNum: number; city: string; state: string }>;
    const store = stores.find((s) => !('comingSoon' in s) || !(s as { comingSoon?: boolean }).comingSoon) ?? stores[0]!;
    expect((await (await page.request.get(`/stores/set-json/${store.storeNum}`)).json()).success).toBe(true);

    // A product on the shelf at that store that offers a protection plan.
    const { items } = (await (await page.request.get('/api/search?availability=store&mpp=120')).json()) as {
      items: Array<Product & { storeOnHand: number | null; fulfillment: { storePickup: boolean } }>;
    };
    let product: (typeof items)[number] | undefined;
    let plan: { id: string; name: string; priceCents: number } | undefined;
    for (const p of items) {
      if (!p.fulfillment.storePickup || p.requiresConfirmation || p.requiresAgreement || p.belowMap || (p.storeOnHand ?? 0) < 3) {
        continue;
      }
      const details = await (await page.request.get(`/api/product/${p.blainNumber}`)).json();
      if (details.warranties?.length) {
        product = p;
        plan = details.warranties[0];
        break;
      }
    }
    test.skip(!product || !plan, 'no product at the store with a protection plan');

    const answer = await page.request.post('/products/a/addtocart', {
      data: { blainNumber: product!.blainNumber, quantity: 1, fulfillmentType: 'StorePickup' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect((await answer.json()).resultCode).toBe('Success');

    await page.goto('/cart/');
    const main = page.getByRole('main');
    const line = main.locator('.cart-line', { has: page.getByRole('link', { name: product!.name, exact: true }) });
    await expect(line.getByText(`Pick up at ${store.city}, ${store.state}`)).toBeVisible();
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect(summary.getByRole('heading', { name: 'Pickup store' })).toBeVisible();
    await expect(summary.getByRole('link', { name: `${store.city}, ${store.state}` })).toBeVisible();

    await line.getByRole('combobox', { name: `Add a protection plan for ${product!.name}` }).selectOption(plan!.id);
    await line.getByRole('button', { name: `Add plan for ${product!.name}` }).click();
    await expect(page.getByTestId('cart-subtotal')).toHaveText(formatCents(product!.priceCents + plan!.priceCents));
    await expect(line.getByText(new RegExp(`Protection plan:`))).toBeVisible();
    await expect(page.getByTestId('cart-plans')).toHaveText(formatCents(plan!.priceCents));
    await saveScreenshot(page, testInfo, 'cart-pickup-plan');
    await expectNoSeriousViolations(page, testInfo, 'cart-pickup-plan');

    await line.getByRole('button', { name: `Remove plan from ${product!.name}` }).click();
    await expect(page.getByTestId('cart-subtotal')).toHaveText(formatCents(product!.priceCents));
    await expect(page.getByTestId('cart-plans')).toHaveCount(0);
  });
});
