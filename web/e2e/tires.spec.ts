import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousViolations, saveScreenshot } from './support';

async function numbers(request: APIRequestContext, url: string): Promise<number[]> {
  const answer = await request.get(url);
  expect(answer.ok(), url).toBe(true);
  return (await answer.json()) as number[];
}

/** A size the catalog has with at least two rims for its width and ratio (so changing the rim narrows). */
async function pickSize(request: APIRequestContext) {
  const widths = await numbers(request, '/tire-size/section-widths/');
  expect(widths.length).toBeGreaterThan(0);
  // Prefer the common 225/65.
  const ordered = [...widths.filter((w) => w === 225), ...widths.filter((w) => w !== 225)];
  for (const width of ordered) {
    const ratios = await numbers(request, `/tire-size/aspect-ratios/?width=${width}`);
    for (const ratio of [...ratios.filter((r) => r === 65), ...ratios.filter((r) => r !== 65)]) {
      const rims = await numbers(request, `/tire-size/rim-sizes/?width=${width}&ratio=${ratio}`);
      if (rims.length >= 2) return { width, ratio, rims };
    }
  }
  const width = widths[0]!;
  const ratio = (await numbers(request, `/tire-size/aspect-ratios/?width=${width}`))[0]!;
  return { width, ratio, rims: await numbers(request, `/tire-size/rim-sizes/?width=${width}&ratio=${ratio}`) };
}

const sizePattern = (width: number, ratio: number, rim: number) => new RegExp(`^(P|LT|ST)?${width}/${ratio}R${rim}$`);

test.describe('tires page', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flows run on the desktop project');
  });

  test('width → ratio → rim narrows the results to that size; the URL keeps it through reload and Back', async ({
    page,
  }, testInfo) => {
    const { width, ratio, rims } = await pickSize(page.request);
    const [rimA, rimB] = rims;

    await page.goto('/tires/');
    await expect(page.getByRole('heading', { level: 1, name: 'Tires' })).toBeVisible();
    const widthSelect = page.getByRole('combobox', { name: 'Width' });
    const ratioSelect = page.getByRole('combobox', { name: 'Aspect ratio' });
    const rimSelect = page.getByRole('combobox', { name: 'Rim diameter' });
    await expect(widthSelect).toBeEnabled();
    await expect(ratioSelect).toBeDisabled();
    await expect(rimSelect).toBeDisabled();
    await expect(page.getByTestId('tire-results')).toHaveCount(0);

    await widthSelect.selectOption(String(width));
    await expect(ratioSelect).toBeEnabled();
    await expect(rimSelect).toBeDisabled();
    await ratioSelect.selectOption(String(ratio));
    await expect(rimSelect).toBeEnabled();
    await rimSelect.selectOption(String(rimA));

    await expect(page).toHaveURL(new RegExp(`/tires/\\?width=${width}&ratio=${ratio}&rim=${rimA}$`));
    const results = page.getByTestId('tire-results');
    await expect(results).toBeVisible();
    const sizesA = await results.getByTestId('tire-size').allTextContents();
    expect(sizesA.length).toBeGreaterThan(0);
    for (const s of sizesA) expect(s).toMatch(sizePattern(width, ratio, rimA!));
    await expect(page.getByTestId('tire-results-status')).toContainText(`found in size ${width}/${ratio}R${rimA}`);
    await saveScreenshot(page, testInfo, 'tires-results');
    await expectNoSeriousViolations(page, testInfo, 'tires');

    // Fewer than all the tires the catalog has.
    const all = await (await page.request.get('/api/search?keyword=tire')).json();
    expect(sizesA.length).toBeLessThan(all.total);

    if (rimB !== undefined) {
      // Another rim: other tires, all of that size.
      await rimSelect.selectOption(String(rimB));
      await expect(page).toHaveURL(new RegExp(`rim=${rimB}$`));
      await expect(page.getByTestId('tire-results-status')).toContainText(`size ${width}/${ratio}R${rimB}`);
      const sizesB = await results.getByTestId('tire-size').allTextContents();
      for (const s of sizesB) expect(s).toMatch(sizePattern(width, ratio, rimB));

      // Back: the first rim and its results again.
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`rim=${rimA}$`));
      await expect(rimSelect).toHaveValue(String(rimA));
      await expect(page.getByTestId('tire-results-status')).toContainText(`size ${width}/${ratio}R${rimA}`);
    }

    // Reload keeps the size.
    await page.reload();
    await expect(widthSelect).toHaveValue(String(width));
    await expect(ratioSelect).toHaveValue(String(ratio));
    await expect(rimSelect).toHaveValue(String(rimA));
    await expect(results.getByTestId('tire-size')).toHaveCount(sizesA.length);

    // A new width clears ratio and rim, and the results.
    const other = (await numbers(page.request, '/tire-size/section-widths/')).find((w) => w !== width);
    if (other !== undefined) {
      await widthSelect.selectOption(String(other));
      await expect(page).toHaveURL(new RegExp(`/tires/\\?width=${other}$`));
      await expect(ratioSelect).toHaveValue('');
      await expect(rimSelect).toBeDisabled();
      await expect(results).toHaveCount(0);
    }
  });

  test('batteries: the department listing, narrowed by kind', async ({ page }, testInfo) => {
    await page.goto('/batteries/');
    await expect(page.getByRole('heading', { level: 1, name: 'Batteries' })).toBeVisible();
    const results = page.getByTestId('battery-results');
    await expect(results).toBeVisible();
    const all = await results.getByRole('listitem').count();
    expect(all).toBeGreaterThan(0);
    const kinds = page.getByRole('navigation', { name: 'Kinds of battery' });
    const kind = kinds.getByRole('link', { name: /^Marine & RV Batteries \(\d+\)$/ });
    await expect(kind).toBeVisible();
    const expected = Number((await kind.textContent())!.match(/\((\d+)\)/)![1]);
    await kind.click();
    await expect(page).toHaveURL(/\/batteries\/\?type=\d+$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Marine & RV Batteries' })).toBeVisible();
    await expect(page.getByTestId('battery-results-status')).toHaveText(`${expected} products`);
    await expect(results.getByRole('listitem')).toHaveCount(Math.min(expected, 60));
    await saveScreenshot(page, testInfo, 'batteries');
    await expectNoSeriousViolations(page, testInfo, 'batteries');
  });
});
