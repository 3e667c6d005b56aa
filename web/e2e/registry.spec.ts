import { expect, type Page } from '@playwright/test';
import {
  expectNoSeriousViolations,
  newCustomer,
  registerCustomer,
  saveScreenshot,
  shopperTest as test,
  signInWithApi,
} from './support';

/**
 * Gift registries (issue 38): a signed-in customer adds an item from its product page to a new
 * registry, finds it under My Registries, changes how many are wanted, shares it, and a guest
 * opens the shared link and sees the registry with the item.
 */

interface Product {
  blainNumber: string;
  name: string;
  url: string;
  discontinued: boolean;
}

async function aProduct(page: Page): Promise<Product> {
  const answer = await page.request.get('/api/search?mpp=60');
  expect(answer.ok()).toBe(true);
  const { items } = (await answer.json()) as { items: Product[] };
  const product = items.find((p) => !p.discontinued);
  expect(product, 'a product in the demo catalog').toBeDefined();
  return product!;
}

/** A date about half a year ahead, as a date input takes it. */
function halfAYearAhead(): string {
  const day = new Date(Date.now() + 180 * 24 * 3600 * 1000);
  return day.toISOString().slice(0, 10);
}

test('a customer makes a registry from a product page, shares it, and a guest opens the link', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'flows run on the desktop project');
  test.slow();
  const customer = newCustomer('registry', 'Robin');
  await registerCustomer(page.request, customer);
  await signInWithApi(page.request, customer);
  const product = await aProduct(page);
  const name = `Robin's Wedding ${Date.now() % 100000}`;

  await page.goto(product.url);
  await page.getByRole('button', { name: 'Add to Registry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to Registry' });
  await expect(dialog).toContainText("You don't have a registry yet.");
  await dialog.getByLabel('Registry name').fill(name);
  await dialog.getByLabel('Event type').selectOption('Wedding');
  await dialog.getByLabel('Event date').fill(halfAYearAhead());
  await dialog.getByRole('button', { name: 'Create Registry & Add Item' }).click();
  await expect(dialog).toContainText(`Added to ${name}.`);
  await dialog.getByRole('link', { name: `Manage ${name}` }).click();

  await expect(page).toHaveURL(/\/gift-registry\/manage\/\?id=gr_/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('main')).toContainText(product.name);
  await saveScreenshot(page, testInfo, 'registry-manage');
  await expectNoSeriousViolations(page, testInfo, 'registry manage page');

  // The account dropdown now offers Registries; My Registries lists this one.
  await page.goto('/gift-registry/list/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Registries & Lists');
  await expect(page.getByRole('main')).toContainText(name);
  await expectNoSeriousViolations(page, testInfo, 'my registries');
  await page.getByRole('button', { name: `Share ${name}` }).click();
  const link = page.getByLabel(`Share link for ${name}`);
  await expect(link).toHaveValue(/\/gift-registry\/view\/\?key=gr_/);
  const shared = await link.inputValue();
  await saveScreenshot(page, testInfo, 'registry-list');

  const guest = await browser.newContext();
  try {
    const visitor = await guest.newPage();
    await visitor.goto(shared);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(visitor.getByRole('main')).toContainText(product.name);
    await expect(visitor.getByRole('main').getByRole('button', { name: /Add to Cart/ }).first()).toBeVisible();
    await saveScreenshot(visitor, testInfo, 'registry-shared');
    await visitor.goto(shared.replace('key=gr_', 'key=gr_0'));
    await expect(visitor.getByRole('main')).toContainText('This registry link is not valid.');
  } finally {
    await guest.close();
  }
});
