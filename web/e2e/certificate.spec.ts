import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  afterAnswer,
  expectNoSeriousViolations,
  newCustomer,
  registerCustomer,
  saveScreenshot,
  shopperTest as test,
  signInWithApi,
} from './support';

/**
 * The tax-exemption application (/account/certificate/): a guest reads what the programme is
 * and is asked to sign in; a signed-in customer applies from the keyboard alone (the form's
 * messages first) and sees the application under review; an associate approves it through the
 * staff API and the customer's page says the exemption is approved. Each state passes axe.
 */

const CERTIFICATE_PATH = '/api/account/certificate';
const PAGE_PATH = '/account/certificate/';
const PENDING = 'Your application is under review.';
const APPROVED = 'Your tax exemption is approved.';

/**
 * A bearer token of the store's staff with the associate role, from this process's
 * environment: STAFF_TOKEN, else the first token of STAFF_TOKENS ('staffid:roles:token,…', as
 * the server reads it) whose roles include `associate`, else SCHEMATHESIS_STAFF_TOKEN (the test
 * command's token of every role). Null when none is given: the approval is then not tested.
 */
function associateToken(): string | null {
  if (process.env.STAFF_TOKEN) return process.env.STAFF_TOKEN;
  for (const entry of (process.env.STAFF_TOKENS ?? '').split(',')) {
    const [, roles, ...token] = entry.trim().split(':');
    if (token.length > 0 && roles?.split('+').includes('associate')) return token.join(':');
  }
  return process.env.SCHEMATHESIS_STAFF_TOKEN || null;
}

/** A name on the certificate no other test or run uses. */
function uniqueBusinessName(): string {
  return `Tester Farm ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

/** A certificate number in the shape of Wisconsin's S-211, with its last four digits. */
function certificateNumber(): { number: string; last4: string } {
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  return { number: `S211-${digits}`, last4: digits.slice(-4) };
}

function applicationForm(page: Page): Locator {
  return page.getByRole('main').getByRole('form', { name: 'Apply for a tax exemption' });
}

/** A new customer, signed in in the page's browser. */
async function signedInCustomer(page: Page, prefix: string) {
  const customer = newCustomer(prefix, 'Dana');
  await registerCustomer(page.request, customer);
  await signInWithApi(page.request, customer);
  return customer;
}

/**
 * Applies as a Wisconsin farm from the keyboard alone: Submit on the empty form shows every
 * message and puts focus on the first radio; Space chooses Farm, Tab goes on to the state
 * (typed to choose it), the name and the number, and Enter sends the form.
 */
async function applyByKeyboard(page: Page, businessName: string, number: string) {
  const form = applicationForm(page);
  await expect(form).toBeVisible();
  const submit = form.getByRole('button', { name: 'Submit application' });
  await submit.focus();
  await page.keyboard.press('Enter');

  const farm = form.getByRole('radio', { name: 'Farm / agricultural' });
  await expect(farm).toBeFocused();
  for (const message of [
    'Please choose an exemption type.',
    'Please choose a state.',
    'Please enter the name on the certificate.',
    'Please enter a valid certificate number.',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }

  await page.keyboard.press('Space');
  await expect(farm).toBeChecked();
  await expect(form.getByText('Please choose an exemption type.')).toHaveCount(0);

  await page.keyboard.press('Tab');
  const state = form.getByLabel(/^State/);
  await expect(state).toBeFocused();
  // A closed select chooses the option whose name starts with what is typed.
  await page.keyboard.type('Wisconsin');
  await expect(state).toHaveValue('WI');

  await page.keyboard.press('Tab');
  await expect(form.getByLabel(/^Name on the certificate/)).toBeFocused();
  await page.keyboard.type(businessName);
  await expect(form.getByText(`${businessName.length}/100`)).toBeVisible();

  await page.keyboard.press('Tab');
  const numberField = form.getByLabel(/^Certificate or permit number/);
  await expect(numberField).toBeFocused();
  await page.keyboard.type(number);
  await expect(form.getByRole('alert')).toHaveCount(0);

  await afterAnswer(page, `${CERTIFICATE_PATH}/apply`, () => page.keyboard.press('Enter'));
}

/** The status section's facts, by their labels. */
async function expectFacts(page: Page, facts: [string, string][]) {
  const list = page.getByRole('main').locator('.certificate-facts');
  for (const [label, value] of facts) {
    const row = list.locator('.certificate-facts__row').filter({ has: page.locator('dt', { hasText: label }) });
    await expect(row.locator('dd')).toHaveText(value);
  }
}

/** The pending applications the staff see (`GET /api/staff/tax-exemptions?status=Pending`). */
async function pendingApplications(request: APIRequestContext, token: string) {
  const answer = await request.get('/api/staff/tax-exemptions?status=Pending', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const body = (await answer.json()) as {
    applications: { customerId: string; kind: string; state: string; businessName: string; status: string }[];
  };
  return body.applications;
}

test.describe('tax-exemption application', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flows run on the desktop project');
    // Registration, sign-in, an application and axe checks: more time than a page's test.
    test.slow();
  });

  test('a guest reads who qualifies and is asked to sign in', async ({ page }, testInfo) => {
    await page.goto(PAGE_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Tax Exempt Application' })).toBeVisible();
    await expect(page).toHaveTitle('Tax Exempt Application | Storefront');
    const main = page.getByRole('main');
    await expect(main.getByText(/Farms and ranches buying for agricultural production/)).toBeVisible();
    await expect(main.getByText(/within 2 business days/)).toBeVisible();
    await expect(main.getByText('Please sign in to apply for a tax exemption.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveAccessibleName('Sign In');
    await expect(main.getByRole('form')).toHaveCount(0);
    await expectNoSeriousViolations(page, testInfo, 'certificate-guest');
  });

  test('a customer applies from the keyboard and sees the application under review', async ({ page }, testInfo) => {
    await signedInCustomer(page, 'certificate');
    await page.goto(PAGE_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Tax Exempt Application' })).toBeVisible();
    await expect(applicationForm(page)).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'certificate-form');

    const businessName = uniqueBusinessName();
    const { number, last4 } = certificateNumber();
    await applyByKeyboard(page, businessName, number);

    const status = page.getByRole('heading', { level: 2, name: 'Your application' });
    await expect(status).toBeFocused();
    await expect(page.getByRole('main').getByText(PENDING, { exact: true })).toBeVisible();
    await expectFacts(page, [
      ['Exemption type', 'Farm / agricultural'],
      ['State', 'Wisconsin'],
      ['Name on the certificate', businessName],
      ['Certificate number', `Certificate ending in ${last4}`],
    ]);
    await saveScreenshot(page, testInfo, 'certificate-pending');
    await expectNoSeriousViolations(page, testInfo, 'certificate-pending');

    // The server keeps it: the same after a reload, and Update application reopens the form
    // with what was sent but the number.
    await page.reload();
    await expect(page.getByRole('main').getByText(PENDING, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Update application' }).click();
    const update = page.getByRole('main').getByRole('form', { name: 'Update your application' });
    await expect(update.getByRole('radio', { name: 'Farm / agricultural' })).toBeChecked();
    await expect(update.getByLabel(/^State/)).toHaveValue('WI');
    await expect(update.getByLabel(/^Name on the certificate/)).toHaveValue(businessName);
    await expect(update.getByLabel(/^Certificate or permit number/)).toHaveValue('');
    await expectNoSeriousViolations(page, testInfo, 'certificate-update');
    await update.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Update application' })).toBeFocused();
  });

  test('an associate approves the application; the customer’s page says it is approved', async ({
    page,
    request,
  }, testInfo) => {
    const token = associateToken();
    test.skip(
      !token,
      'no staff token of the server under test: set STAFF_TOKEN (associate role) or STAFF_TOKENS as the server has it',
    );

    await signedInCustomer(page, 'certificate-approved');
    await page.goto(PAGE_PATH);
    const businessName = uniqueBusinessName();
    const { number, last4 } = certificateNumber();
    await applyByKeyboard(page, businessName, number);
    await expect(page.getByRole('main').getByText(PENDING, { exact: true })).toBeVisible();

    // The store's associate finds it among the pending applications and approves it.
    const mine = (await pendingApplications(request, token!)).filter((a) => a.businessName === businessName);
    expect(mine, `a pending application of ${businessName}`).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'Farm', state: 'WI', status: 'Pending' });
    const approved = await request.post('/api/staff/tax-exemptions/approve', {
      headers: { Authorization: `Bearer ${token}` },
      data: { customerId: mine[0]!.customerId },
    });
    expect(approved.status(), await approved.text()).toBe(200);

    await page.reload();
    const main = page.getByRole('main');
    await expect(main.getByText(APPROVED, { exact: true })).toBeVisible();
    await expect(main.getByText('Orders taxed in Wisconsin carry no sales tax.')).toBeVisible();
    await expectFacts(page, [
      ['Exemption type', 'Farm / agricultural'],
      ['State', 'Wisconsin'],
      ['Name on the certificate', businessName],
      ['Certificate number', `Certificate ending in ${last4}`],
    ]);
    await expect(main.getByRole('button', { name: 'Update application' })).toHaveCount(0);
    await expect(main.getByRole('form')).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'certificate-approved');
    await expectNoSeriousViolations(page, testInfo, 'certificate-approved');

    // No longer among the pending ones.
    expect((await pendingApplications(request, token!)).some((a) => a.businessName === businessName)).toBe(false);
  });
});
