import { expect, test } from '@playwright/test';

const BLOCKED = 'A browser extension appears to be blocking this feature!';
/** What a content blocker's cosmetic filter does to the bait (class names from src/shared/ui/adBlockBait.ts). */
const BLOCKER_CSS = '.adsbox, .ad-banner, .pub_300x250 { display: none !important; }';

test.describe('footer Feedback', () => {
  // The blocker is simulated with an injected style sheet: like a real extension's, it is not
  // subject to the page's Content-Security-Policy.
  test.use({ bypassCSP: true });
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flows run on the desktop project');
  });

  test('with a blocker hiding the bait: the alert, closed by Escape, focus back on Feedback', async ({ page }, testInfo) => {
    await page.goto('/');
    await page.addStyleTag({ content: BLOCKER_CSS });
    const feedback = page.getByRole('contentinfo').getByRole('button', { name: 'Feedback' });
    await feedback.scrollIntoViewIfNeeded();
    await feedback.click();
    const alert = page.getByRole('alertdialog', { name: BLOCKED });
    await expect(alert).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('feedback-blocked.png') });
    await expect(page).toHaveURL(/\/$/);
    await page.keyboard.press('Escape');
    await expect(alert).toBeHidden();
    await expect(feedback).toBeFocused();
  });

  test('without a blocker: the feedback page opens', async ({ page }) => {
    await page.goto('/');
    const feedback = page.getByRole('contentinfo').getByRole('button', { name: 'Feedback' });
    await feedback.scrollIntoViewIfNeeded();
    await feedback.click();
    await expect(page).toHaveURL(/\/customer-care\/$/);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });
});

test('the footer phone link is a tap target of at least 24×24 px', async ({ page }) => {
  await page.goto('/');
  const phone = page.getByRole('contentinfo').getByRole('link', { name: '1-800-210-2370' });
  await phone.scrollIntoViewIfNeeded();
  const box = await phone.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.height).toBeGreaterThanOrEqual(24);
  expect(box!.width).toBeGreaterThanOrEqual(24);
});

test('tooltip: keyboard focus shows it 6 px from its trigger, Escape hides it', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'flows run on the desktop project');
  const ad = {
    adId: `e2e-tooltip-${Date.now()}`,
    desktopImage: '',
    mobileImage: '',
    ctaLink: '/store-finder/',
    bannerImageAccessibleText: '',
    ctaAccessibleText: 'Find a store near you',
  };
  await page.route('**/globalresource/sponsored-ad/', (route) => route.fulfill({ json: ad }));
  // A page the browser renders (the cart): a rendered page carries the store's own ad.
  await page.goto('/cart/');
  const label = page.locator(`[data-ad-id="${ad.adId}"]`).getByRole('button', { name: 'Sponsored' });
  await expect(label).toBeVisible();
  await label.focus();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toHaveAttribute('data-state', 'stable');
  await expect(label).toHaveAttribute('aria-describedby', (await tooltip.getAttribute('id'))!);
  expect(await tooltip.evaluate((el) => getComputedStyle(el).zIndex)).toBe('9999999');
  const [t, l] = [await tooltip.boundingBox(), await label.locator('..').boundingBox()];
  const gap = Math.min(Math.abs(l!.y - (t!.y + t!.height)), Math.abs(t!.y - (l!.y + l!.height)));
  // 6 px (TOOLTIP_DISTANCE_PX), give or take subpixel rounding.
  expect(gap).toBeGreaterThan(5);
  expect(gap).toBeLessThan(7.5);
  await page.screenshot({ path: testInfo.outputPath('tooltip-focus.png') });

  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();
  await expect(label).toBeFocused();
});
