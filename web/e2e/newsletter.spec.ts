import { expect, test, type Page, type TestInfo } from '@playwright/test';
import {
  expectNoSeriousViolations,
  hasStorefrontCli,
  newsletterUnsubscribeLink,
  saveScreenshot,
  STOREFRONT_BIN,
} from './support';

/** The newsletter's unsubscribe page (/newsletter/unsubscribe?token=…), the link of every mail. */

const HEADING = 'Unsubscribe from our emails';
const INVALID = 'This unsubscribe link is not valid.';
const UNSUBSCRIBED = 'You have been unsubscribed.';
const FORGED = '/newsletter/unsubscribe?token=forged.0000';

function desktopOnly(testInfo: TestInfo) {
  test.skip(testInfo.project.name !== 'desktop', 'flows run on the desktop project');
}

/** Clicks Unsubscribe and returns the server's answer to the POST. */
async function unsubscribe(page: Page) {
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/email/marketing/unsubscribe') && r.request().method() === 'POST',
  );
  await page.getByRole('main').getByRole('button', { name: 'Unsubscribe' }).click();
  return answer;
}

test.describe('newsletter unsubscribe', () => {
  test('a forged link answers with the page; Unsubscribe shows that the link is not valid', async ({ page }, testInfo) => {
    desktopOnly(testInfo);
    const response = await page.goto(FORGED);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
    await expect(page).toHaveTitle(`${HEADING} | Storefront`);
    const main = page.getByRole('main');

    const answer = await unsubscribe(page);
    expect(answer.status()).toBe(403);
    expect(answer.request().postDataJSON()).toEqual({ token: 'forged.0000' });
    expect(answer.request().headers()['idempotency-key']).toBeTruthy();

    const alert = main.getByRole('alert');
    await expect(alert).toContainText(INVALID);
    await expect(alert).toContainText('use the link in the latest email');
    await expect(main.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'unsubscribe-invalid');
  });

  test('a subscriber unsubscribes with the link of their mail, and again after a reload', async ({ page }, testInfo) => {
    desktopOnly(testInfo);
    test.skip(!hasStorefrontCli(), `no store CLI at ${STOREFRONT_BIN} (set STOREFRONT_BIN)`);
    const address = `e2e-unsub-${Date.now()}@example.com`;

    // Sign up through the footer.
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('textbox', { name: 'Email address' }).fill(address);
    const subscribed = page.waitForResponse(
      (r) => r.url().endsWith('/email/marketing/subscribe') && r.request().method() === 'POST',
    );
    await footer.getByRole('button', { name: 'Sign Up' }).click();
    expect((await subscribed).status()).toBe(200);
    await expect(page.getByRole('dialog', { name: 'Thank you!' })).toBeVisible();

    // The link the mail would carry.
    const link = newsletterUnsubscribeLink(address);
    expect(link).toMatch(/^\/newsletter\/unsubscribe\?token=./);

    const response = await page.goto(link);
    expect(response?.status()).toBe(200);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
    // Opening the link changes nothing (mail scanners open links too).
    await expect(main.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();

    expect((await unsubscribe(page)).status()).toBe(200);
    await expect(main.getByRole('status').filter({ hasText: UNSUBSCRIBED })).toBeVisible();
    await expect(main.getByText('sign up again any time')).toBeVisible();
    await saveScreenshot(page, testInfo, 'unsubscribe-success');

    // Idempotent: the same link again is the same success.
    await page.reload();
    expect((await unsubscribe(page)).status()).toBe(200);
    await expect(main.getByRole('status').filter({ hasText: UNSUBSCRIBED })).toBeVisible();
    await expect(main.getByRole('alert')).toHaveCount(0);
  });

  test('keyboard: Tab reaches Unsubscribe and Enter activates it; no axe violations', async ({ page }, testInfo) => {
    desktopOnly(testInfo);
    await page.goto(FORGED);
    const button = page.getByRole('main').getByRole('button', { name: 'Unsubscribe' });
    await expect(button).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'unsubscribe');

    for (let i = 0; i < 80 && !(await button.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(button).toBeFocused();

    await page.keyboard.press('Enter');
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toContainText(INVALID);
    // Focus moves to the outcome that replaced the button.
    await expect(alert).toBeFocused();
    await expectNoSeriousViolations(page, testInfo, 'unsubscribe-invalid');
  });
});
