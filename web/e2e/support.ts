import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * What every spec shares: screenshots into the test's output folder, the
 * axe check (serious and critical violations fail the test; all violations
 * are attached to the report), and the store's CLI.
 */

/**
 * Opens `path` and waits until the app works and the header's data is in: a page rendered on
 * the server carries it (its `#ssr-data` holds the header's answer), any other fetches it.
 * The cart link is named from it either way.
 */
export async function gotoReady(page: Page, path = '/') {
  const fetched = page.waitForResponse((r) => r.url().includes('/globalresource/header/'));
  fetched.catch(() => {});
  await page.goto(path);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  const rendered = await page
    .locator('#ssr-data')
    .evaluateAll((scripts) => scripts.some((s) => (s.textContent ?? '').includes('"/globalresource/header/')));
  if (!rendered) await fetched;
  await expect(page.getByRole('banner').getByRole('link', { name: /^Cart, \d+ items?$/ })).toBeVisible();
}

/** The header's account menu button ('Hello, Sign In' or 'Hi, Jane', then 'Account'). */
export function accountToggle(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^(Hello|Hi), .*Account$/ });
}

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

// ---------------------------------------------------------------- accounts and the mailbox

/**
 * The store's CLI with the settings and secrets of the server under test, answering its
 * output. With STOREFRONT_VAR (a run's var/ directory; the test command gives `var/test`),
 * `infra/storefront` runs it from that run's `run.env` and `secrets/`; without it,
 * STOREFRONT_BIN runs with this process's environment, which then needs what the server had
 * (DATABASE_URL, COOKIE_KEYS, PSEUDONYM_KEY, MASTER_KEYS).
 */
export async function storefrontCli(args: string[]): Promise<string> {
  const runVar = process.env.STOREFRONT_VAR;
  const [file, env] = runVar ? ['../infra/storefront', { ...process.env, STOREFRONT_VAR: runVar }] : [STOREFRONT_BIN, process.env];
  const { stdout } = await execFileAsync(file, args, { encoding: 'utf8', env, maxBuffer: 4 * 1024 * 1024 });
  return stdout;
}

/** A message in the local mailbox (`storefront mail list`): mail and SMS the store kept. */
export interface MailboxRow {
  key: string;
  channel: string;
  to: string;
  title: string;
}

/** The newest messages of the local mailbox, newest first. */
export async function mailboxRows(limit = 500): Promise<MailboxRow[]> {
  const output = await storefrontCli(['mail', 'list', '--limit', String(limit)]);
  const rows: MailboxRow[] = [];
  // CREATED (date and time), KEY, CHANNEL, TO (a phone may hold a space), TITLE: columns
  // padded with at least two spaces.
  for (const line of output.split('\n').slice(1)) {
    const match = /^\S+ \S+\s+(\S+)\s+(\S+)\s+(.+?)(?:\s{2,}(.*))?$/.exec(line.trimEnd());
    if (match) rows.push({ key: match[1]!, channel: match[2]!, to: match[3]!, title: match[4] ?? '' });
  }
  return rows;
}

/** The keys of the messages to `to` so far (to tell the next one from them). */
export async function mailboxKeys(to: string): Promise<Set<string>> {
  return new Set((await mailboxRows()).filter((row) => sameRecipient(row.to, to)).map((row) => row.key));
}

/** An email compared without case, a phone by its last ten digits. */
function sameRecipient(listed: string, wanted: string): boolean {
  if (wanted.includes('@')) return listed.toLowerCase() === wanted.toLowerCase();
  const digits = (s: string) => s.replace(/\D/g, '').slice(-10);
  return digits(listed) !== '' && digits(listed) === digits(wanted);
}

/**
 * The text of the newest message to `to` (an email, or a phone for an SMS) that is not among
 * `before`, once the store has written it (mail goes out after the answer): `storefront mail
 * show KEY`, its headers and text.
 */
export async function nextMessage(to: string, before: Set<string> = new Set()): Promise<string> {
  let key: string | undefined;
  await expect
    .poll(
      async () => {
        key = (await mailboxRows()).find((row) => sameRecipient(row.to, to) && !before.has(row.key))?.key;
        return key;
      },
      { message: `a new message to ${to} in the mailbox`, timeout: 20_000 },
    )
    .toBeTruthy();
  return storefrontCli(['mail', 'show', key!]);
}

/** The path and query of the first link of a message to the store ('/account/reset-password/?bid=…'). */
export function linkIn(message: string, path: string): string {
  const found = new RegExp(`https?://\\S+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S*`).exec(message);
  expect(found, `a link to ${path} in:\n${message}`).not.toBeNull();
  const url = new URL(found![0]);
  return `${url.pathname}${url.search}`;
}

/** A 6-digit verification code in a message. */
export function codeIn(message: string): string {
  const body = message.split('\n\n').slice(1).join('\n\n');
  const found = /(?<!\d)\d{6}(?!\d)/.exec(body);
  expect(found, `a 6-digit code in:\n${message}`).not.toBeNull();
  return found![0];
}

/**
 * A shopper's own address: the X-Forwarded-For a test's browser sends. The test command's
 * server trusts the proxy at 127.0.0.1 (TRUSTED_PROXIES), so each test is a shopper of its
 * own address and the per-address account limits and the captcha after wrong passwords from
 * one address (docs/decisions.md, "Captcha") do not carry from one test to the next. A server
 * that trusts no proxy ignores the header: every test is then 127.0.0.1.
 */
export function shopperAddress(): string {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return `10.${octet()}.${octet()}.${octet()}`;
}

/** Playwright's `test` with each test a shopper of its own address (`shopperAddress`). */
export const shopperTest = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide) => {
    await provide({ ...extraHTTPHeaders, 'X-Forwarded-For': shopperAddress() });
  },
});

/** An email address no other test or run uses. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * A US phone number ('(555) 4xx-xxxx') no other test or run is likely to use: each phone opens
 * one rewards account, and the store outlives a run. Never the seeded in-store members'
 * (555) 201-000x.
 */
export function uniquePhone(): string {
  const exchange = 300 + Math.floor(Math.random() * 700);
  const line = String(Math.floor(Math.random() * 10000)).padStart(4, '0');
  return `(555) ${exchange}-${line}`;
}

export interface NewCustomer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
}

/** A customer's details, unique to this test. */
export function newCustomer(prefix: string, firstName = 'Pat'): NewCustomer {
  return { firstName, lastName: 'Tester', email: uniqueEmail(prefix), phone: uniquePhone(), password: 'Password1' };
}

/**
 * Makes `customer` through `POST /account/register` with `request`'s own cookies, without
 * joining rewards unless `joinRewards`, and signs that session out again: the browser under
 * test stays a guest, and the customer's only devices are the ones a test signs in.
 */
export async function registerCustomer(request: APIRequestContext, customer: NewCustomer, joinRewards = false) {
  const answer = await postWithToken<{ success: boolean; errorMessage: string | null }>(request, '/account/register', {
    firstName: customer.firstName,
    lastName: customer.lastName,
    emailAddress: customer.email,
    phoneNumber: customer.phone,
    password: customer.password,
    skipConnectingRewards: !joinRewards,
  });
  expect(answer.success, answer.errorMessage ?? '').toBe(true);
  expect((await request.get('/account/logout/')).ok()).toBe(true);
}

/** POSTs a token-header account call with `request`'s cookies (a page's: `page.request`). */
export async function postWithToken<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const form = await (await request.post('/account/getantiforgerytoken')).text();
  const token = /value="([^"]+)"/.exec(form)?.[1] ?? '';
  const answer = await request.post(path, { headers: { RequestVerificationToken: token }, data });
  expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
  return (await answer.json()) as T;
}

/** Signs `customer` in with `request`'s cookies (`page.request`: the page's browser is signed in). */
export async function signInWithApi(request: APIRequestContext, customer: NewCustomer) {
  const answer = await postWithToken<{ success: boolean; errorMessage: string | null }>(request, '/account/authenticate', {
    userName: customer.email,
    password: customer.password,
  });
  expect(answer.success, answer.errorMessage ?? '').toBe(true);
}

/**
 * The page's finite CSS animations have ended (a side panel's fade-in, say): what a picture
 * should show. Endless ones (spinners) are not waited for.
 */
export async function animationsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Does `action` (a click that submits) and waits for the store's answer to the POST to `path`,
 * however long a loaded machine takes, so the assertions after it judge the answer's page.
 */
export async function afterAnswer(page: Page, path: string, action: () => Promise<void>) {
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === path);
  await action();
  await answer;
}

/**
 * Invites a new person to the staff with `role` (the local mailbox's link), makes their
 * account by accepting it, which signs `request`'s browser in as them, and answers them with
 * their staff id.
 */
export async function signInAsNewStaff(
  request: APIRequestContext,
  role: 'merchandiser' | 'analyst' | 'associate',
  prefix: string,
  firstName: string,
): Promise<NewCustomer & { staffId: string }> {
  const person = newCustomer(prefix, firstName);
  await storefrontCli(['staff', 'invite', '--email', person.email, '--role', role]);
  const link = new URL(linkIn(await nextMessage(person.email), '/staff/accept-invite/'), 'http://store');
  const accepted = await postWithToken<{ success: boolean }>(request, '/api/staff-invitation/accept', {
    id: link.searchParams.get('id'),
    token: link.searchParams.get('token'),
    emailAddress: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    password: person.password,
    phoneNumber: person.phone,
  });
  expect(accepted.success).toBe(true);
  const me = await request.get('/api/staff/me');
  expect(me.status()).toBe(200);
  return { ...person, staffId: ((await me.json()) as { staffId: string }).staffId };
}
