import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, saveScreenshot } from './support';

/** The id of the message on show (the slide not hidden from assistive technology). */
async function visibleMessageId(page: Page): Promise<string | null> {
  return page
    .getByRole('region', { name: 'Site messages' })
    .locator('.site-banner__slide:not([aria-hidden])')
    .getAttribute('data-message-id');
}

test.describe('site-messages banner', () => {
  test('shows the messages from the header data above the header', async ({ page }, testInfo) => {
    const header = await (await page.request.get('/globalresource/header/')).json();
    const messages = header.siteMessages as Array<{ id: string; text: string }>;
    test.skip(messages.length === 0, 'no site messages in the data');

    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Site messages' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(messages[0]!.text);
    // Above the header.
    const bannerBox = (await banner.boundingBox())!;
    const headerBox = (await page.getByRole('banner').boundingBox())!;
    expect(bannerBox.y).toBeLessThan(headerBox.y);
    await saveScreenshot(page, testInfo, 'banner');
    await expectNoSeriousViolations(page, testInfo, 'banner', '.site-banner');
  });

  test('pauses while hovered: the message does not change for over 8 s', async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Site messages' });
    await expect(banner.getByRole('button', { name: 'Next message' })).toBeVisible();

    await banner.locator('.site-banner__viewport').hover();
    await expect(banner).not.toHaveAttribute('data-rotating', 'true');
    const before = await visibleMessageId(page);
    await page.waitForTimeout(8_500);
    expect(await visibleMessageId(page)).toBe(before);
    await saveScreenshot(page, testInfo, 'banner-hovered');

    // Moving away resumes the rotation (7,750 ms interval).
    await page.mouse.move(5, 700);
    await expect(banner).toHaveAttribute('data-rotating', 'true');
    await expect.poll(() => visibleMessageId(page), { timeout: 10_000 }).not.toBe(before);
  });

  test('arrow buttons move between messages and loop', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Site messages' });
    const first = await visibleMessageId(page);
    await banner.getByRole('button', { name: 'Previous message' }).click();
    const last = await visibleMessageId(page);
    expect(last).not.toBe(first);
    await banner.getByRole('button', { name: 'Next message' }).click();
    await expect.poll(() => visibleMessageId(page)).toBe(first);
    await expect(banner.getByRole('button', { name: 'Play messages' })).toBeVisible();
  });

  test('countdowns tick', async ({ page }) => {
    const header = await (await page.request.get('/globalresource/header/')).json();
    const countdowns = (header.siteMessages as Array<{ id: string; countdown: string }>).filter(
      (m) => m.countdown !== 'none',
    );
    test.skip(countdowns.length === 0, 'no countdown message in the data');

    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Site messages' });
    // Stop the rotation, then step to the countdown message.
    await banner.getByRole('button', { name: 'Pause messages' }).click();
    for (let i = 0; i < 10 && (await visibleMessageId(page)) !== countdowns[0]!.id; i++) {
      await banner.getByRole('button', { name: 'Next message' }).click();
    }
    const timer = banner.locator('.site-banner__slide:not([aria-hidden])').getByRole('timer');
    await expect(timer).toHaveText(/\d+d \d{2}h \d{2}m \d{2}s/);
    const first = await timer.textContent();
    await expect.poll(() => timer.textContent(), { timeout: 3_000 }).not.toBe(first);
  });
});
