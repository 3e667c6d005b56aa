import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * What every spec shares: screenshots into the test's output folder, the
 * axe check (serious and critical violations fail the test; all violations
 * are attached to the report), and the store's CLI.
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

/** The store's CLI: STOREFRONT_BIN, else the debug build (paths relative to web/). */
export const STOREFRONT_BIN = process.env.STOREFRONT_BIN ?? '../target/debug/storefront';

/** Whether the store's CLI is there to run. */
export function hasStorefrontCli(): boolean {
  return existsSync(STOREFRONT_BIN);
}

/**
 * The newsletter unsubscribe link of `email`, as the store mails it, from
 * `storefront privacy unsubscribe-link`: its path and query
 * ('/newsletter/unsubscribe?token=…'), to open on the store under test.
 */
export function newsletterUnsubscribeLink(email: string): string {
  const output = execFileSync(STOREFRONT_BIN, ['privacy', 'unsubscribe-link', '--email', email], {
    encoding: 'utf8',
  });
  const url = new URL(output.trim());
  return `${url.pathname}${url.search}`;
}
