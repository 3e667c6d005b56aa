import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, gotoReady, saveScreenshot } from './support';

/** Menus: the desktop mega menu and header links, the small-screen drawer. */

interface MenuItem {
  id: number;
  name: string;
  url: string;
  children: MenuItem[];
}

/** The department menu straight from the API the header uses. */
async function departments(page: Page): Promise<{ main: MenuItem[]; special: MenuItem[] }> {
  const response = await page.request.get('/globalresource/header/');
  expect(response.status()).toBe(200);
  const menu = ((await response.json()) as { deptMenu: MenuItem[] }).deptMenu;
  const main = menu.filter((d) => d.id !== 12 && d.id !== 13);
  const special = menu.filter((d) => d.id === 12 || d.id === 13);
  expect(main.length, 'departments in the header data').toBeGreaterThan(1);
  return { main, special };
}

const isDesktop = () => test.info().project.name === 'desktop';

test.describe('layout by width', () => {
  test('desktop has the Departments button and header links; smaller screens a Menu button', async ({ page }) => {
    await gotoReady(page);
    const banner = page.getByRole('banner');
    if (isDesktop()) {
      await expect(banner.getByRole('button', { name: 'Departments' })).toBeVisible();
      await expect(banner.getByRole('link', { name: 'Registries & Lists' })).toBeVisible();
      await expect(banner.getByRole('button', { name: 'Menu' })).toBeHidden();
    } else {
      await expect(banner.getByRole('button', { name: 'Menu' })).toBeVisible();
      await expect(banner.getByRole('button', { name: 'Departments' })).toBeHidden();
    }
  });
});

test.describe('mega menu', () => {
  // One test widens the links with an injected style (standing in for a wider font), which the
  // page's Content-Security-Policy would refuse.
  test.use({ bypassCSP: true });
  test.beforeEach(() => {
    test.skip(!isDesktop(), 'the mega menu is the desktop (≥ 1024 px) navigation');
  });

  test('opens with the first department active, toggles one at a time, closes on Escape', async ({
    page,
  }, testInfo) => {
    const { main, special } = await departments(page);
    const [first, second] = [main[0]!, main[1]!];
    await gotoReady(page);
    const button = page.getByRole('button', { name: 'Departments' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    const menu = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
    await expect(menu).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    const firstButton = menu.getByRole('button', { name: first.name, exact: true });
    await expect(firstButton).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: `Shop All ${first.name}` })).toBeVisible();
    await expect(menu.getByRole('link', { name: first.children[0]!.name, exact: true })).toBeVisible();
    await saveScreenshot(page, testInfo, 'mega-menu-open', false);
    await expectNoSeriousViolations(page, testInfo, 'mega-menu-open');

    // Opening another department toggles it and collapses the first.
    const secondButton = menu.getByRole('button', { name: second.name, exact: true });
    await secondButton.click();
    await expect(secondButton).toHaveAttribute('aria-expanded', 'true');
    await expect(firstButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link', { name: `Shop All ${second.name}` })).toBeVisible();
    await expect(menu.getByRole('link', { name: `Shop All ${first.name}` })).toHaveCount(0);
    await secondButton.click();
    await expect(secondButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.locator('[aria-expanded="true"]')).toHaveCount(0);

    // The lower list: departments 12 and 13, Gift Cards and Blog.
    const lower = menu.getByRole('list', { name: 'More ways to shop' });
    for (const d of special) await expect(lower.getByText(d.name, { exact: true })).toBeVisible();
    await expect(lower.getByRole('link', { name: 'Gift Cards' })).toHaveAttribute('href', '/gift-cards/');
    await expect(lower.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog/');
    const automotive = special.find((d) => d.id === 12);
    if (automotive) {
      await lower.getByRole('button', { name: automotive.name }).click();
      await expect(menu.getByRole('link', { name: 'Tires', exact: true })).toHaveAttribute('href', '/tires/');
      await expect(menu.getByRole('link', { name: 'Batteries', exact: true })).toHaveAttribute('href', '/batteries/');
      await expect(menu.getByRole('link', { name: 'Services & Repair' })).toHaveAttribute(
        'href',
        '/automotive-service-repair/',
      );
      await saveScreenshot(page, testInfo, 'mega-menu-automotive', false);
    }

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
  });

  test('closes on an outside click and when focus leaves', async ({ page }) => {
    await gotoReady(page);
    const button = page.getByRole('button', { name: 'Departments' });

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('contentinfo').click({ position: { x: 2, y: 2 } });
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('banner').getByRole('link', { name: 'Storefront' }).focus();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('keyboard: Enter opens it, Tab walks the departments and the open panel', async ({ page }) => {
    const { main } = await departments(page);
    await gotoReady(page);
    const button = page.getByRole('button', { name: 'Departments' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: main[0]!.name, exact: true })).toBeFocused();
    // Next in order: the first department's panel, starting with Shop All.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: `Shop All ${main[0]!.name}` })).toBeFocused();
  });

  test('following a link navigates and closes the menu', async ({ page }) => {
    const { main } = await departments(page);
    await gotoReady(page);
    const button = page.getByRole('button', { name: 'Departments' });
    await button.click();
    await page.getByRole('link', { name: `Shop All ${main[0]!.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`${main[0]!.url}$`));
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('header links that do not fit are hidden as the width shrinks', async ({ page }, testInfo) => {
    await gotoReady(page);
    const list = page.getByRole('list', { name: 'Featured' });
    await expect(list.getByRole('link', { name: 'Registries & Lists' })).toBeVisible();
    const total = await list.getByRole('listitem').count();

    const check = async () => {
      const listBox = (await list.boundingBox())!;
      const visible = list.locator('li:not(.is-overflow)');
      const n = await visible.count();
      for (let i = 0; i < n; i++) {
        const box = (await visible.nth(i).boundingBox())!;
        expect(box.x + box.width, 'a shown link fits in the row').toBeLessThanOrEqual(listBox.x + listBox.width + 1);
        expect(box.y).toBeCloseTo(listBox.y, 0);
      }
      return n;
    };

    expect(await check()).toBe(total);
    // The narrowest desktop width.
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.addStyleTag({ content: '.header-links__link { letter-spacing: 0.1em; }' });
    await expect(async () => {
      expect(await list.locator('li.is-overflow').count()).toBeGreaterThan(0);
    }).toPass({ timeout: 5000 });
    const shown = await check();
    expect(shown).toBeLessThan(total);
    // Hidden links are out of the accessibility tree.
    expect(await list.getByRole('link').count()).toBe(shown);
    await saveScreenshot(page, testInfo, 'header-links-overflow', false);
  });
});

test.describe('mobile drawer', () => {
  test.beforeEach(() => {
    test.skip(test.info().project.name !== 'mobile', 'the drawer drilldown is checked on the mobile project');
  });

  test('drills down with Shop All at each level; Back follows the history', async ({ page }, testInfo) => {
    const { main } = await departments(page);
    const department = main.find((d) => d.children.some((c) => c.children.length > 0))!;
    const sub = department.children.find((c) => c.children.length > 0)!;
    await gotoReady(page);

    const menuButton = page.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toHaveAccessibleName('Menu');
    await expect(drawer.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Track Order' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Find Your Store' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Rewards' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'drawer-top', false);
    await expectNoSeriousViolations(page, testInfo, 'drawer-top');

    await drawer.getByRole('button', { name: department.name, exact: true }).click();
    await expect(drawer).toHaveAccessibleName(department.name);
    await expect(drawer.getByRole('button', { name: `Shop All ${department.name}` })).toBeFocused();

    await drawer.getByRole('button', { name: sub.name, exact: true }).click();
    await expect(drawer).toHaveAccessibleName(sub.name);
    await expect(drawer.getByRole('button', { name: `Shop All ${sub.name}` })).toBeVisible();
    await expect(drawer.getByRole('link', { name: sub.children[0]!.name, exact: true })).toHaveAttribute(
      'href',
      sub.children[0]!.url,
    );
    await saveScreenshot(page, testInfo, 'drawer-level-2', false);
    await expectNoSeriousViolations(page, testInfo, 'drawer-level-2');

    await drawer.getByRole('button', { name: 'Back' }).click();
    await expect(drawer).toHaveAccessibleName(department.name);
    await expect(drawer.getByRole('button', { name: sub.name, exact: true })).toBeFocused();
    await drawer.getByRole('button', { name: 'Back' }).click();
    await expect(drawer).toHaveAccessibleName('Menu');
    await expect(drawer.getByRole('button', { name: 'Back' })).toHaveCount(0);

    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(menuButton).toBeFocused();
  });

  test('Shop All navigates and closes the drawer; Rewards goes to /rewards/ for guests', async ({ page }) => {
    const { main } = await departments(page);
    await gotoReady(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('button', { name: main[0]!.name, exact: true }).click();
    await page.getByRole('button', { name: `Shop All ${main[0]!.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`${main[0]!.url}$`));
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Rewards' }).click();
    await expect(page).toHaveURL(/\/rewards\/$/);
  });

  test('Sign In in the drawer opens the sign-in panel', async ({ page }) => {
    await gotoReady(page);
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(menuButton).toBeFocused();
  });
});
