import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../account/pages/common';
import { inTurn, mockAccountApi, notSignedIn, TEST_TOKEN } from '../../account/pages/testing';
import { DESTINATION_KEY } from '../../account/destination';
import { useSignInPanel } from '../../account/signInPanelStore';
import { renderInRouter, setSession, SIGNED_IN } from '../../header/testing';
import { useSession } from '../../session';
import { APPLIED, exemptionJson, NO_EXEMPTION } from '../testing';
import { TaxExemptionPage } from './TaxExemptionPage';

vi.mock('../../shared/tracking/hawk', () => ({ trackEvent: vi.fn() }));

const URL = '/api/account/certificate';
const APPLY_URL = `${URL}/apply`;

beforeEach(() => {
  useSession.getState().reset();
  useSignInPanel.getState().reset();
  sessionStorage.clear();
  setSession(SIGNED_IN);
});

function renderPage() {
  const user = userEvent.setup();
  return { user, ...renderInRouter(<TaxExemptionPage />, '/account/certificate/') };
}

function form() {
  return screen.getByRole('form', { name: /^(Apply for a tax exemption|Apply again|Update your application)$/ });
}

function field(label: RegExp) {
  return within(form()).getByLabelText(label);
}

/** The form filled as a farm in Wisconsin would fill it. */
async function fillForm(user: ReturnType<typeof userEvent.setup>, number = 'S211-004821') {
  await user.click(within(form()).getByRole('radio', { name: 'Farm / agricultural' }));
  await user.selectOptions(field(/^State/), 'WI');
  await user.clear(field(/^Name on the certificate/));
  await user.type(field(/^Name on the certificate/), 'Miller Family Farm');
  await user.type(field(/^Certificate or permit number/), number);
}

/** The status's facts, label and value. */
function facts(): string[][] {
  const list = document.querySelector('.certificate-facts')!;
  return Array.from(list.querySelectorAll('.certificate-facts__row')).map((row) => [
    row.querySelector('dt')!.textContent ?? '',
    row.querySelector('dd')!.textContent ?? '',
  ]);
}

describe('the page', () => {
  it('is titled for the application, with one heading of its own and the account breadcrumb', async () => {
    mockAccountApi({ [`GET ${URL}`]: NO_EXEMPTION });
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Tax Exempt Application' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Tax Exempt Application | Storefront');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account/');
    expect(await screen.findByRole('form', { name: 'Apply for a tax exemption' })).toBeVisible();
  });

  it('a failure to read the exemption says so and offers to try again', async () => {
    mockAccountApi({ [`GET ${URL}`]: inTurn(new Response('oops', { status: 503 }), NO_EXEMPTION) });
    const { user } = renderPage();

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Apply for a tax exemption' })).toBeVisible();
  });
});

describe('a guest', () => {
  it('reads who qualifies and what happens, and gets the sign-in panel (back to this page)', async () => {
    useSession.getState().reset();
    mockAccountApi({ [`GET ${URL}`]: notSignedIn });
    renderPage();

    expect(await screen.findByText('Please sign in to apply for a tax exemption.')).toBeVisible();
    const intro = document.querySelector('.certificate-intro')!;
    expect(intro.querySelectorAll('p')).toHaveLength(2);
    expect(intro).toHaveTextContent(/Farms and ranches buying for agricultural production/);
    expect(intro).toHaveTextContent(/resellers/);
    expect(intro).toHaveTextContent(/nonprofit organizations/);
    expect(intro).toHaveTextContent(/government agencies/);
    expect(intro).toHaveTextContent(/within 2 business days/);
    expect(intro).toHaveTextContent(/orders taxed in the certificate’s state carry no sales tax/);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await waitFor(() => expect(useSignInPanel.getState().isOpen).toBe(true));
    expect(sessionStorage.getItem(DESTINATION_KEY)).toBe('/account/certificate/');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});

describe('no application yet', () => {
  it('offers the form: the type as a group of radios, a state select, the name with its counter and the number', async () => {
    mockAccountApi({ [`GET ${URL}`]: NO_EXEMPTION });
    renderPage();

    const apply = await screen.findByRole('form', { name: 'Apply for a tax exemption' });
    expect(document.querySelector('.certificate-intro')).toBeInTheDocument();
    const group = within(apply).getByRole('group', { name: /^Exemption type/ });
    expect(within(group).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'Farm / agricultural',
      'Resale',
      'Nonprofit organization',
      'Government agency',
    ]);
    expect(within(group).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual([
      'Farm',
      'Resale',
      'Nonprofit',
      'Government',
    ]);
    const state = within(apply).getByRole('combobox', { name: /^State/ });
    expect(within(state).getByRole('option', { name: 'Wisconsin' })).toHaveValue('WI');
    expect(state).toHaveValue('');
    expect(field(/^Name on the certificate/)).toHaveValue('');
    expect(field(/^Certificate or permit number/)).toHaveValue('');
    expect(within(apply).getByText('0/100')).toBeInTheDocument();
    expect(within(apply).getByRole('button', { name: 'Submit application' })).toBeVisible();
    expect(within(apply).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('certificate-rejected')).not.toBeInTheDocument();
  });

  it('checks every field before sending: the server’s words at each, focus on the first', async () => {
    const { calls } = mockAccountApi({ [`GET ${URL}`]: NO_EXEMPTION });
    const { user } = renderPage();
    await screen.findByRole('form', { name: 'Apply for a tax exemption' });

    await user.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(within(form()).getByText('Please choose an exemption type.')).toBeVisible();
    expect(within(form()).getByText('Please choose a state.')).toBeVisible();
    expect(within(form()).getByText('Please enter the name on the certificate.')).toBeVisible();
    expect(within(form()).getByText('Please enter a valid certificate number.')).toBeVisible();
    const farm = within(form()).getByRole('radio', { name: 'Farm / agricultural' });
    expect(farm).toHaveFocus();
    expect(farm).toHaveAttribute('aria-invalid', 'true');
    expect(farm).toHaveAccessibleDescription('Please choose an exemption type.');
    expect(field(/^State/)).toHaveAccessibleDescription('Please choose a state.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    // Each message clears once its field is right.
    await user.click(farm);
    expect(within(form()).queryByText('Please choose an exemption type.')).not.toBeInTheDocument();
    await user.type(field(/^Certificate or permit number/), 'ab');
    expect(within(form()).getByText('Please enter a valid certificate number.')).toBeVisible();
    await user.type(field(/^Certificate or permit number/), '#1');
    expect(within(form()).getByText('Please enter a valid certificate number.')).toBeVisible();
    await user.clear(field(/^Certificate or permit number/));
    await user.type(field(/^Certificate or permit number/), 'AB 12-3');
    expect(within(form()).queryByText('Please enter a valid certificate number.')).not.toBeInTheDocument();
  });

  it('a name over 100 characters is flagged by the counter and refused', async () => {
    const { calls } = mockAccountApi({ [`GET ${URL}`]: NO_EXEMPTION });
    const { user } = renderPage();
    await screen.findByRole('form', { name: 'Apply for a tax exemption' });

    await fillForm(user);
    const name = field(/^Name on the certificate/);
    await user.clear(name);
    await user.click(name);
    await user.paste('x'.repeat(101));
    expect(within(form()).getByText('101/100')).toBeInTheDocument();
    expect(within(form()).getByText('Exceeds 100-character max by 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Please enter the name on the certificate.'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sends the application and shows it under review', async () => {
    const { calls } = mockAccountApi({
      [`GET ${URL}`]: inTurn(NO_EXEMPTION, exemptionJson({ appliedAt: '2026-03-02T15:00:00Z' })),
      [`POST ${APPLY_URL}`]: APPLIED,
    });
    const { user } = renderPage();
    await screen.findByRole('form', { name: 'Apply for a tax exemption' });

    await fillForm(user, ' S211-004821 ');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Your application' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Your application is under review.')).toBeVisible();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Thank you. Your application is under review.')).toBe(
      true,
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: APPLY_URL,
        body: { kind: 'Farm', state: 'WI', businessName: 'Miller Family Farm', certificateNumber: 'S211-004821' },
        token: TEST_TOKEN,
      },
    ]);
    // The server's view is read again and shown.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
    await waitFor(() =>
      expect(facts()).toEqual([
        ['Exemption type', 'Farm / agricultural'],
        ['State', 'Wisconsin'],
        ['Name on the certificate', 'Miller Family Farm'],
        ['Certificate number', 'Certificate ending in 4821'],
        ['Applied', formatDate('2026-03-02T15:00:00Z')],
      ]),
    );
  });

  it('a field the server refuses (422) shows the server’s sentence at that field', async () => {
    const sentence = 'Please enter a valid certificate number.';
    mockAccountApi({
      [`GET ${URL}`]: NO_EXEMPTION,
      [`POST ${APPLY_URL}`]: Response.json(
        { success: false, code: 'InvalidField', field: 'certificateNumber', message: sentence },
        { status: 422 },
      ),
    });
    const { user } = renderPage();
    await screen.findByRole('form', { name: 'Apply for a tax exemption' });

    await fillForm(user, 'ZZZZ');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));

    const number = field(/^Certificate or permit number/);
    await waitFor(() => expect(number).toHaveAttribute('aria-invalid', 'true'));
    expect(number).toHaveFocus();
    expect(number).toHaveAccessibleDescription(expect.stringContaining(sentence));
    expect(within(form()).getByText(sentence)).toBeVisible();
    expect(within(form()).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Your application is under review.')).not.toBeInTheDocument();
  });

  it('a 422 naming the state shows its words there', async () => {
    mockAccountApi({
      [`GET ${URL}`]: NO_EXEMPTION,
      [`POST ${APPLY_URL}`]: Response.json(
        { success: false, code: 'InvalidField', field: 'state', message: 'We cannot accept certificates from this state online.' },
        { status: 422 },
      ),
    });
    const { user } = renderPage();
    await screen.findByRole('form', { name: 'Apply for a tax exemption' });

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(await within(form()).findByText('We cannot accept certificates from this state online.')).toBeVisible();
    expect(field(/^State/)).toHaveFocus();
  });

  it('other failures show the message in an alert above the button', async () => {
    mockAccountApi({
      [`GET ${URL}`]: NO_EXEMPTION,
      [`POST ${APPLY_URL}`]: Response.json(
        { success: false, code: 'Unavailable', message: 'Applications are paused. Please try again later.' },
        { status: 503 },
      ),
    });
    const { user } = renderPage();
    await screen.findByRole('form', { name: 'Apply for a tax exemption' });

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(await within(form()).findByRole('alert')).toHaveTextContent('Applications are paused. Please try again later.');
    expect(form()).toBeVisible();
  });

  it('an exemption approved meanwhile (409) says so, then shows the approval', async () => {
    mockAccountApi({
      [`GET ${URL}`]: inTurn(NO_EXEMPTION, exemptionJson({ status: 'Approved', decidedAt: '2026-03-03T15:00:00Z' })),
      [`POST ${APPLY_URL}`]: Response.json(
        { success: false, code: 'AlreadyApproved', message: 'Your tax exemption is already approved.' },
        { status: 409 },
      ),
    });
    const { user } = renderPage();
    await screen.findByRole('form', { name: 'Apply for a tax exemption' });

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit application' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Your tax exemption' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Your tax exemption is approved.')).toBeVisible();
  });

  it('a 409 whose approval cannot be read yet keeps the server’s words in the form', async () => {
    mockAccountApi({
      [`GET ${URL}`]: inTurn(NO_EXEMPTION, new Response('oops', { status: 503 })),
      [`POST ${APPLY_URL}`]: Response.json(
        { success: false, code: 'AlreadyApproved', message: 'Your tax exemption is already approved.' },
        { status: 409 },
      ),
    });
    const { user } = renderPage();
    await screen.findByRole('form', { name: 'Apply for a tax exemption' });

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(await within(form()).findByRole('alert')).toHaveTextContent('Your tax exemption is already approved.');
  });

  it('a session that ended asks to sign in again', async () => {
    mockAccountApi({ [`GET ${URL}`]: NO_EXEMPTION, [`POST ${APPLY_URL}`]: notSignedIn });
    const { user } = renderPage();
    await screen.findByRole('form', { name: 'Apply for a tax exemption' });

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(await screen.findByText('Please sign in to apply for a tax exemption.')).toBeVisible();
    await waitFor(() => expect(useSignInPanel.getState().isOpen).toBe(true));
  });
});

describe('a rejected application', () => {
  it('says why above the form, which starts from the last application (the number typed again)', async () => {
    const rejected = {
      kind: 'Resale',
      state: 'IL',
      businessName: 'Corner Feed & Seed',
      decidedAt: '2026-03-03T15:00:00Z',
    };
    const { calls } = mockAccountApi({
      [`GET ${URL}`]: inTurn(
        exemptionJson({ ...rejected, status: 'Rejected', reason: 'The certificate has expired.' }),
        exemptionJson({ ...rejected, status: 'Pending', certificateLast4: '2027', decidedAt: null }),
      ),
      [`POST ${APPLY_URL}`]: APPLIED,
    });
    const { user } = renderPage();

    const apply = await screen.findByRole('form', { name: 'Apply again' });
    const note = screen.getByTestId('certificate-rejected');
    expect(note).toHaveTextContent('Your last application was not approved: The certificate has expired.');
    // Above the form.
    expect(note.compareDocumentPosition(apply) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(apply).getByRole('radio', { name: 'Resale' })).toBeChecked();
    expect(field(/^State/)).toHaveValue('IL');
    expect(field(/^Name on the certificate/)).toHaveValue('Corner Feed & Seed');
    expect(field(/^Certificate or permit number/)).toHaveValue('');

    await user.type(field(/^Certificate or permit number/), 'CRT-61-2027');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText('Your application is under review.')).toBeVisible();
    expect(screen.queryByTestId('certificate-rejected')).not.toBeInTheDocument();
    await waitFor(() => expect(facts()).toContainEqual(['Certificate number', 'Certificate ending in 2027']));
    expect(screen.getByText('Your application is under review.')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      kind: 'Resale',
      state: 'IL',
      businessName: 'Corner Feed & Seed',
      certificateNumber: 'CRT-61-2027',
    });
  });

  it('without a reason, says only that it was not approved', async () => {
    mockAccountApi({ [`GET ${URL}`]: exemptionJson({ status: 'Rejected', reason: null }) });
    renderPage();
    expect(await screen.findByTestId('certificate-rejected')).toHaveTextContent(/^Your last application was not approved\.$/);
  });
});

describe('a pending application', () => {
  it('is under review, with what the certificate says and when it was sent', async () => {
    mockAccountApi({ [`GET ${URL}`]: exemptionJson() });
    renderPage();

    const section = await screen.findByRole('region', { name: 'Your application' });
    expect(within(section).getByText('Your application is under review.')).toBeVisible();
    expect(facts()).toEqual([
      ['Exemption type', 'Farm / agricultural'],
      ['State', 'Wisconsin'],
      ['Name on the certificate', 'Miller Family Farm'],
      ['Certificate number', 'Certificate ending in 4821'],
      ['Applied', formatDate('2026-03-02T15:00:00Z')],
    ]);
    expect(within(section).getByRole('button', { name: 'Update application' })).toBeVisible();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(document.querySelector('.certificate-intro')).not.toBeInTheDocument();
  });

  it('Update application reopens the form, prefilled but for the number; Cancel goes back', async () => {
    const { calls } = mockAccountApi({
      [`GET ${URL}`]: inTurn(exemptionJson(), exemptionJson({ state: 'MN', certificateLast4: '0007' })),
      [`POST ${APPLY_URL}`]: APPLIED,
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Update application' }));
    const heading = screen.getByRole('heading', { level: 2, name: 'Update your application' });
    expect(heading).toHaveFocus();
    expect(within(form()).getByRole('radio', { name: 'Farm / agricultural' })).toBeChecked();
    expect(field(/^State/)).toHaveValue('WI');
    expect(field(/^Name on the certificate/)).toHaveValue('Miller Family Farm');
    expect(field(/^Certificate or permit number/)).toHaveValue('');

    await user.click(within(form()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update application' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Update application' }));
    await user.selectOptions(field(/^State/), 'MN');
    await user.type(field(/^Certificate or permit number/), 'ES-0007');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(await screen.findByText('Your application is under review.')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ state: 'MN', certificateNumber: 'ES-0007' });
    await waitFor(() => expect(facts()).toContainEqual(['State', 'Minnesota']));
    expect(facts()).toContainEqual(['Certificate number', 'Certificate ending in 0007']);
  });
});

describe('an approved exemption', () => {
  it('says so, where it applies, and offers no form', async () => {
    mockAccountApi({
      [`GET ${URL}`]: exemptionJson({ status: 'Approved', decidedAt: '2026-03-03T15:00:00Z' }),
    });
    renderPage();

    const section = await screen.findByRole('region', { name: 'Your tax exemption' });
    expect(within(section).getByText('Your tax exemption is approved.')).toBeVisible();
    expect(facts()).toEqual([
      ['Exemption type', 'Farm / agricultural'],
      ['State', 'Wisconsin'],
      ['Name on the certificate', 'Miller Family Farm'],
      ['Certificate number', 'Certificate ending in 4821'],
      ['Approved', formatDate('2026-03-03T15:00:00Z')],
    ]);
    expect(within(section).getByText('Orders taxed in Wisconsin carry no sales tax.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Update application' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
