import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDate } from '../format';
import { me, mockStaffApi, refusal, renderStaff, resetStaff, TEST_TOKEN, type Call } from '../testing';

function application(customerId: string, overrides: Record<string, unknown> = {}) {
  return {
    customerId,
    status: 'Pending',
    kind: 'Farm',
    state: 'WI',
    businessName: 'Lee Family Farms',
    certificateNumber: 'ES-1234-5678',
    appliedAt: '2026-11-20T15:00:00Z',
    decidedAt: null,
    decidedBy: null,
    reason: null,
    ...overrides,
  };
}

const PENDING = {
  applications: [
    application('cu_1'),
    application('cu_2', { kind: 'Resale', state: 'IA', businessName: 'Corner Feed Store', certificateNumber: 'R-99881' }),
  ],
};
const REJECTED = {
  applications: [
    application('cu_3', {
      status: 'Rejected',
      businessName: 'Old Mill',
      decidedAt: '2026-11-22T10:00:00Z',
      decidedBy: 'cu_9',
      reason: 'The certificate has expired.',
    }),
  ],
};

function byStatus(call: Call) {
  const status = new URL(call.path, 'http://localhost').searchParams.get('status');
  return status === 'Rejected' ? REJECTED : status === 'Approved' ? { applications: [] } : PENDING;
}

function api(extra: Record<string, unknown> = {}) {
  return mockStaffApi({
    'GET /api/staff/me': me('associate'),
    'GET /api/staff/tax-exemptions': byStatus,
    'POST /api/staff/tax-exemptions/approve': { success: true, status: 'Approved' },
    'POST /api/staff/tax-exemptions/reject': { success: true, status: 'Rejected' },
    ...extra,
  });
}

function card(name: string) {
  return screen.getByRole('article', { name });
}

function facts(name: string) {
  const terms = within(card(name)).getAllByRole('term').map((t) => t.textContent);
  const values = within(card(name)).getAllByRole('definition').map((d) => d.textContent);
  return Object.fromEntries(terms.map((t, i) => [t, values[i]]));
}

beforeEach(() => {
  resetStaff();
});

describe('tax exemptions', () => {
  it('lists the pending applications with what to check', async () => {
    const { calls } = api();
    renderStaff('/staff/tax-exemptions/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tax exemptions' })).toBeVisible();
    expect(document.title).toBe('Tax exemptions | Storefront staff');
    expect(await screen.findByRole('article', { name: 'Lee Family Farms' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
    expect(facts('Lee Family Farms')).toEqual({
      Kind: 'Farm or ranch',
      State: 'WI',
      'Certificate number': 'ES-1234-5678',
      Applied: formatDate('2026-11-20T15:00:00Z'),
    });
    expect(within(card('Corner Feed Store')).getByRole('button', { name: 'Approve Corner Feed Store' })).toBeVisible();
    expect(within(card('Corner Feed Store')).getByRole('button', { name: 'Reject Corner Feed Store' })).toBeVisible();
    expect(calls.filter((c) => c.path.startsWith('/api/staff/tax')).map((c) => c.path)).toEqual([
      '/api/staff/tax-exemptions?status=Pending',
    ]);
  });

  it('approves an application: it leaves the list and a message says so', async () => {
    const { calls } = api();
    renderStaff('/staff/tax-exemptions/');
    await screen.findByRole('article', { name: 'Lee Family Farms' });
    await userEvent.click(screen.getByRole('button', { name: 'Approve Lee Family Farms' }));
    expect(await screen.findByText('Approved the application of Lee Family Farms.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('article', { name: 'Lee Family Farms' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Corner Feed Store' })).toBeVisible();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
    expect(calls.find((c) => c.path === '/api/staff/tax-exemptions/approve')).toMatchObject({
      method: 'POST',
      body: { customerId: 'cu_1' },
      token: TEST_TOKEN,
    });
  });

  it('rejects with a reason: required, then sent; Cancel goes back', async () => {
    const { calls } = api();
    renderStaff('/staff/tax-exemptions/');
    await screen.findByRole('article', { name: 'Corner Feed Store' });
    const reject = screen.getByRole('button', { name: 'Reject Corner Feed Store' });
    await userEvent.click(reject);
    const form = screen.getByRole('form', { name: 'Reject Corner Feed Store' });
    const reason = within(form).getByRole('textbox', { name: /^Reason for rejecting/ });
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('maxlength', '200');

    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reject Corner Feed Store' })).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'Reject Corner Feed Store' }));
    const again = screen.getByRole('form', { name: 'Reject Corner Feed Store' });
    await userEvent.click(within(again).getByRole('button', { name: 'Reject application' }));
    expect(within(again).getByText('Please give a reason of 1 to 200 characters.')).toBeVisible();
    const field = within(again).getByRole('textbox', { name: /^Reason for rejecting/ });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path.endsWith('/reject'))).toBe(false);

    await userEvent.type(field, '  The permit number does not match.  ');
    await userEvent.click(within(again).getByRole('button', { name: 'Reject application' }));
    expect(await screen.findByText('Rejected the application of Corner Feed Store.')).toBeVisible();
    expect(screen.queryByRole('article', { name: 'Corner Feed Store' })).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/staff/tax-exemptions/reject')).toMatchObject({
      body: { customerId: 'cu_2', reason: 'The permit number does not match.' },
      token: TEST_TOKEN,
    });
  });

  it('the server’s 422 on the reason shows under the field', async () => {
    api({
      'POST /api/staff/tax-exemptions/reject': () =>
        refusal(422, 'InvalidField', 'Please give a reason of 1 to 200 characters.', 'reason'),
    });
    renderStaff('/staff/tax-exemptions/');
    await screen.findByRole('article', { name: 'Lee Family Farms' });
    await userEvent.click(screen.getByRole('button', { name: 'Reject Lee Family Farms' }));
    const form = screen.getByRole('form', { name: 'Reject Lee Family Farms' });
    const field = within(form).getByRole('textbox', { name: /^Reason for rejecting/ });
    await userEvent.type(field, 'Bad\u0007');
    await userEvent.click(within(form).getByRole('button', { name: 'Reject application' }));
    expect(await within(form).findByText('Please give a reason of 1 to 200 characters.')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(screen.getByRole('article', { name: 'Lee Family Farms' })).toBeVisible();
  });

  it('an application decided meanwhile (409): the server’s words, and the list read again', async () => {
    const { calls } = api({
      'POST /api/staff/tax-exemptions/approve': () =>
        refusal(409, 'NotPending', 'This application is not awaiting a decision.'),
    });
    renderStaff('/staff/tax-exemptions/');
    await screen.findByRole('article', { name: 'Lee Family Farms' });
    await userEvent.click(screen.getByRole('button', { name: 'Approve Lee Family Farms' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This application is not awaiting a decision.');
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/staff/tax-exemptions?status=Pending')).toHaveLength(2),
    );
  });

  it('the tabs show the other statuses, by click or arrow keys, in the address', async () => {
    const { calls } = api();
    const { router } = renderStaff('/staff/tax-exemptions/');
    await screen.findByRole('article', { name: 'Lee Family Farms' });
    await userEvent.click(screen.getByRole('tab', { name: 'Rejected' }));
    expect(await screen.findByRole('article', { name: 'Old Mill' })).toBeVisible();
    expect(router.state.location.search).toBe('?status=Rejected');
    expect(screen.getByRole('tab', { name: 'Rejected' })).toHaveAttribute('aria-selected', 'true');
    expect(facts('Old Mill')).toMatchObject({
      Decided: `${formatDate('2026-11-22T10:00:00Z')} by cu_9`,
      Reason: 'The certificate has expired.',
    });
    expect(within(card('Old Mill')).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Approved' })).toHaveFocus();
    expect(await screen.findByText('No applications were approved.')).toBeVisible();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Pending' })).toHaveFocus();
    expect(await screen.findByRole('article', { name: 'Lee Family Farms' })).toBeVisible();
    expect(router.state.location.search).toBe('');
    expect(calls.filter((c) => c.path.startsWith('/api/staff/tax')).map((c) => c.path)).toEqual([
      '/api/staff/tax-exemptions?status=Pending',
      '/api/staff/tax-exemptions?status=Rejected',
      '/api/staff/tax-exemptions?status=Approved',
      '/api/staff/tax-exemptions?status=Pending',
    ]);
  });
});
