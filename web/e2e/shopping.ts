import { expect, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';

/**
 * A shopper's steps that several specs share: put a product on the shelf of an open store in
 * the cart for store pickup (`addPickupItem`), and check the cart out on the checkout page with
 * the approving test card (`placeOrder`; a pickup order needs no address).
 */

/** The local payment gateway's approving test card. */
export const TEST_CARD = { number: '4242 4242 4242 4242', expiry: '12/30', securityCode: '123' };

/** A store, as `/api/stores` lists it. */
export interface Store {
  storeNum: number;
  city: string;
  state: string;
  comingSoon?: boolean;
}

/** A product, as `/api/search` lists it (what choosing one for pickup reads). */
export interface PickupProduct {
  blainNumber: string;
  name: string;
  belowMap: boolean;
  requiresConfirmation: boolean;
  requiresAgreement: boolean;
  discontinued: boolean;
  storeOnHand: number | null;
  fulfillment: { storePickup: boolean };
}

/** Who places an order: the checkout's contact fields and the name on the card. */
export interface Contact {
  email: string;
  phone: string;
  name: string;
}

/** A placed order, as the server told it. */
export interface Placed {
  orderNo: string;
  totalCents: number;
}

/** Can be picked up at the chosen store with no prompt, and the shelf holds a few. */
const pickable = (p: PickupProduct) =>
  p.fulfillment.storePickup &&
  !p.requiresConfirmation &&
  !p.requiresAgreement &&
  !p.belowMap &&
  !p.discontinued &&
  (p.storeOnHand ?? 0) >= 3;

/**
 * The page's visitor chooses a store that is open, and puts one of a product on its shelf in
 * the cart for store pickup there (the add-to-cart call, with the page's cookies). Tries the
 * first five open stores; answers the product and the store.
 */
export async function addPickupItem(page: Page): Promise<{ product: PickupProduct; store: Store }> {
  await page.goto('/');
  const stores = (await (await page.request.get('/api/stores')).json()) as Store[];
  const open = stores.filter((s) => !s.comingSoon);
  expect(open.length, 'open stores in the demo data').toBeGreaterThan(0);

  for (const store of open.slice(0, 5)) {
    expect((await (await page.request.get(`/stores/set-json/${store.storeNum}`)).json()).success).toBe(true);
    const { items } = (await (await page.request.get('/api/search?availability=store&mpp=120')).json()) as {
      items: PickupProduct[];
    };
    const product = items.find(pickable);
    if (!product) continue;
    const answer = await page.request.post('/products/a/addtocart', {
      data: { blainNumber: product.blainNumber, quantity: 1, fulfillmentType: 'StorePickup' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(answer.ok()).toBe(true);
    const body = await answer.json();
    expect(body, JSON.stringify(body)).toMatchObject({ success: true, resultCode: 'Success' });
    return { product, store };
  }
  throw new Error('no product on the shelf for store pickup at the first open stores');
}

/** A checkout field by the start of its label, inside the page's main content. */
export function checkoutField(page: Page, label: RegExp): Locator {
  return page.getByRole('main').getByLabel(label);
}

/**
 * Checks out the cart through the checkout page (contact and the test card; a pickup order
 * needs no address) and answers the placed order as the server told it, once the
 * confirmation page shows its number.
 */
export async function placeOrder(page: Page, contact: Contact): Promise<Placed> {
  await page.goto('/checkout/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkoutField(page, /^Email/i).fill(contact.email);
  await checkoutField(page, /^Phone/i).fill(contact.phone);
  await checkoutField(page, /^Name on card/i).fill(contact.name);
  await checkoutField(page, /^Card number/i).fill(TEST_CARD.number);
  await checkoutField(page, /^(Expiration|Expiry)/i).fill(TEST_CARD.expiry);
  await checkoutField(page, /^Security code/i).fill(TEST_CARD.securityCode);

  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/checkout/place',
  );
  await page.getByRole('main').getByRole('button', { name: /^Place order/i }).click();
  const answer = await answered;
  expect(answer.status(), await answer.text()).toBe(200);
  const placed = (await answer.json()) as Placed & { success: boolean };
  expect(placed.success).toBe(true);
  expect(placed.orderNo).toMatch(/^\d+$/);

  await expect(page).toHaveURL(/\/checkout\/confirmation\/\?key=/);
  await expect(page.getByRole('main')).toContainText(placed.orderNo);
  return { orderNo: placed.orderNo, totalCents: placed.totalCents };
}
