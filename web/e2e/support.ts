import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/**
 * What every spec shares: screenshots into the test's output folder, and the
 * axe check (serious and critical violations fail the test; all violations
 * are attached to the report).
 */

/** A screenshot of the page (the whole page unless `fullPage` is false). */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage });
}

/** No serious or critical axe violation on the page (or inside `include`, a selector). */
export async function expectNoSeriousViolations(page: Page, testInfo: TestInfo, label: string, include?: string) {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  await testInfo.attach(`axe-${label}.json`, {
    body: JSON.stringify(results.violations, null, 2),
    contentType: 'application/json',
  });
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  expect(blocking, `axe violations on ${label}`).toEqual([]);
}
