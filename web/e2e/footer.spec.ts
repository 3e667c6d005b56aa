import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, saveScreenshot } from './support';

const PHONE = '1-800-210-2370';
const GROUPS = ['General', 'Customer Care', 'Tax Exempt', 'Services', 'Account', 'Automotive'];

function columnCount(gridTemplateColumns: string): number {
  return gridTemplateColumns.trim().split(/\s+/).length;
}

test.describe('footer', () => {
  test('layout for the viewport', async ({ page }, testInfo) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: PHONE })).toBeVisible();
    await expect(footer.getByRole('link', { name: PHONE })).toHaveAttribute('href', 'tel:+18002102370');
    const nav = footer.getByRole('navigation', { name: 'Footer' });
    const project = testInfo.project.name;

    if (project === 'mobile') {
      await expect(footer).toHaveAttribute('data-layout', 'mobile');
      for (const name of GROUPS) {
        await expect(nav.getByRole('button', { name, exact: true })).toHaveAttribute('aria-expanded', 'false');
      }
      await expect(nav.getByRole('link', { name: 'Store Pickup' })).toBeHidden();
      await saveScreenshot(page, testInfo, 'footer-mobile-collapsed');

      const services = nav.getByRole('button', { name: 'Services', exact: true });
      await services.click();
      await expect(services).toHaveAttribute('aria-expanded', 'true');
      await expect(nav.getByRole('link', { name: 'Store Pickup' })).toBeVisible();
      await footer.scrollIntoViewIfNeeded();
      await saveScreenshot(page, testInfo, 'footer-mobile-expanded');
      await services.click();
      await expect(services).toHaveAttribute('aria-expanded', 'false');
    } else {
      await expect(footer).toHaveAttribute('data-layout', project === 'tablet' ? 'tablet' : 'desktop');
      await expect(nav.getByRole('button')).toHaveCount(0);
      for (const name of GROUPS) {
        await expect(nav.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
      }
      for (const link of ['Store Pickup', 'Tires', 'Privacy Policy', 'Tax Exempt Application', 'Careers']) {
        await expect(nav.getByRole('link', { name: link, exact: true }).first()).toBeVisible();
      }
      const columns = columnCount(await nav.evaluate((el) => getComputedStyle(el).gridTemplateColumns));
      if (project === 'tablet') {
        expect(columns).toBe(2);
      } else {
        expect(columns).toBeGreaterThanOrEqual(5);
        // Columns sit side by side.
        const general = (await nav.locator('[data-group="general"]').boundingBox())!;
        const care = (await nav.locator('[data-group="customer-care"]').boundingBox())!;
        expect(care.x).toBeGreaterThan(general.x);
        expect(Math.abs(care.y - general.y)).toBeLessThan(4);
      }
      await footer.scrollIntoViewIfNeeded();
      await saveScreenshot(page, testInfo, `footer-${project}`);
    }
    await expectNoSeriousViolations(page, testInfo, `footer-${project}`);
  });

  test('footer links reach real pages', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('contentinfo').getByRole('navigation', { name: 'Footer' });
    if (test.info().project.name === 'mobile') {
      await nav.getByRole('button', { name: 'Customer Care', exact: true }).click();
    }
    await nav.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page).toHaveTitle('Privacy Policy | Storefront');
  });

  test('newsletter: empty submit focuses the field; invalid shows the icon', async ({ page }, testInfo) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const field = footer.getByRole('textbox', { name: 'Email address' });
    await footer.getByRole('button', { name: 'Sign Up' }).click();
    await expect(field).toBeFocused();
    await expect(footer.getByTestId('newsletter-invalid-icon')).toHaveCount(0);

    await field.fill('jane@gmail.con');
    await footer.getByRole('button', { name: 'Sign Up' }).click();
    await expect(footer.getByTestId('newsletter-invalid-icon')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(footer.getByText('Please enter a valid email address.')).toBeVisible();
    await field.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'newsletter-invalid');
  });

  test('newsletter: success shows "Thank you!" and clears the field', async ({ page }, testInfo) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const field = footer.getByRole('textbox', { name: 'Email address' });
    const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}-${testInfo.project.name}@example.com`;
    await field.fill(email);

    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/email/marketing/subscribe') && r.request().method() === 'POST',
    );
    await footer.getByRole('button', { name: 'Sign Up' }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({ EmailAddress: email });

    const dialog = page.getByRole('dialog', { name: 'Thank you!' });
    await expect(dialog).toBeVisible();
    await expect(field).toHaveValue('');
    await saveScreenshot(page, testInfo, 'newsletter-thank-you');
    await expectNoSeriousViolations(page, testInfo, 'newsletter-modal');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
