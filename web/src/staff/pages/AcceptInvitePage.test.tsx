import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { me, mockStaffApi, NO_STAFF_ROLE, renderStaff, resetStaff, SIGNED_OUT, TEST_TOKEN } from '../testing';

const LINK = '/staff/accept-invite/?id=si_abc&token=tok123';

beforeEach(() => {
  resetStaff();
});

function form() {
  return screen.getByRole('form', { name: 'Accept the invitation' });
}

function field(name: RegExp) {
  return within(form()).getByLabelText(name);
}

async function fillNewAccount() {
  await userEvent.type(field(/^Email address/), 'ann@example.com');
  await userEvent.type(field(/^First name/), 'Ann');
  await userEvent.type(field(/^Last name/), 'Lee');
  await userEvent.type(field(/^Password/), 'Password1');
  await userEvent.type(field(/^Phone number/), '5552345678');
}

describe('accepting an invitation', () => {
  it('a guest creates an account and lands on the console’s home with the new role', async () => {
    let signedIn = false;
    const { calls } = mockStaffApi({
      'GET /api/staff/me': () => (signedIn ? me('associate') : SIGNED_OUT()),
      'POST /api/staff-invitation/accept': () => {
        signedIn = true;
        return { success: true, errorMessage: null, reasonCode: null, roles: ['associate'] };
      },
    });
    const { router } = renderStaff(LINK);
    expect(await screen.findByRole('heading', { level: 1, name: 'Accept your invitation' })).toBeVisible();
    expect(document.title).toBe('Accept your invitation | Storefront staff');
    expect(await screen.findByText('If you already have an account, sign in first.', { exact: false })).toBeVisible();
    expect(within(form()).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/account/login/?refUrl=${encodeURIComponent(LINK)}`,
    );
    expect(within(form()).getByRole('group', { name: 'Your new account' })).toBeVisible();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();

    await fillNewAccount();
    expect(field(/^Phone number/)).toHaveValue('(555) 234-5678');
    await userEvent.click(within(form()).getByRole('button', { name: 'Accept invitation' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Staff home' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/staff/');
    expect(within(screen.getByRole('navigation', { name: 'Staff pages' })).getByRole('link', { name: 'Pickup queue' })).toBeVisible();
    const accept = calls.find((c) => c.path === '/api/staff-invitation/accept')!;
    expect(accept.token).toBe(TEST_TOKEN);
    expect(accept.body).toEqual({
      id: 'si_abc',
      token: 'tok123',
      emailAddress: 'ann@example.com',
      firstName: 'Ann',
      lastName: 'Lee',
      password: 'Password1',
      phoneNumber: '(555) 234-5678',
    });
    // Who is signed in was asked again after the sign-in.
    expect(calls.filter((c) => c.path === '/api/staff/me')).toHaveLength(2);
  });

  it('a refusal shows the server’s words and stays on the form', async () => {
    const message = 'An account already exists for this email address. Please sign in to it, then open the invitation again.';
    mockStaffApi({
      'GET /api/staff/me': SIGNED_OUT,
      'POST /api/staff-invitation/accept': { success: false, errorMessage: message, reasonCode: null, roles: [] },
    });
    const { router } = renderStaff(LINK);
    await screen.findByRole('form', { name: 'Accept the invitation' });
    await fillNewAccount();
    await userEvent.click(within(form()).getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/staff/accept-invite/');
    expect(within(form()).getByRole('button', { name: 'Accept invitation' })).toBeVisible();
  });

  it('checks the fields before sending, the first one in error focused', async () => {
    const { calls } = mockStaffApi({ 'GET /api/staff/me': SIGNED_OUT });
    renderStaff(LINK);
    await screen.findByRole('form', { name: 'Accept the invitation' });
    await userEvent.type(field(/^Email address/), 'ann@example');
    await userEvent.click(within(form()).getByRole('button', { name: 'Accept invitation' }));
    expect(field(/^Email address/)).toHaveFocus();
    expect(within(form()).getByText('Please enter a valid email address.')).toBeVisible();
    expect(within(form()).getAllByText('This field is required.')).toHaveLength(4);
    expect(calls.some((c) => c.path === '/api/staff-invitation/accept')).toBe(false);
  });

  it('someone signed in accepts with the address alone', async () => {
    const { calls } = mockStaffApi({
      'GET /api/staff/me': NO_STAFF_ROLE,
      'POST /api/staff-invitation/accept': { success: true, errorMessage: null, reasonCode: null, roles: ['associate'] },
    });
    renderStaff(LINK);
    expect(await screen.findByText(/You are signed in: accepting adds the staff role to this account./)).toBeVisible();
    expect(within(form()).queryByRole('group')).not.toBeInTheDocument();
    expect(within(form()).getByRole('link', { name: 'Sign out' })).toHaveAttribute(
      'href',
      `/account/logout/?refUrl=${encodeURIComponent(LINK)}`,
    );
    await userEvent.type(field(/^Email address/), 'ann@example.com');
    await userEvent.click(within(form()).getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/staff-invitation/accept')).toBe(true));
    expect(calls.find((c) => c.path === '/api/staff-invitation/accept')!.body).toEqual({
      id: 'si_abc',
      token: 'tok123',
      emailAddress: 'ann@example.com',
    });
  });

  it('a link without its id or token says so, and shows no form', async () => {
    const { calls } = mockStaffApi({});
    renderStaff('/staff/accept-invite/?id=si_abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation link is incomplete. Please open the link in your invitation email again.',
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
