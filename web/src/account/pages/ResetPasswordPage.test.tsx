import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../header/testing';
import { useSession } from '../../session';
import { SIGN_IN_PAGES, useSignInPanel } from '../signInPanelStore';
import { loadPage } from './navigation';
import { RESET_LINK_NOT_VALID, RESET_PASSWORD_TITLE, ResetPasswordPage } from './ResetPasswordPage';
import { mockAccountApi, TEST_TOKEN } from './testing';

vi.mock('./navigation', () => ({ loadPage: vi.fn() }));
vi.mock('../../shared/tracking/hawk', () => ({ trackEvent: vi.fn() }));

const LINK = '/account/reset-password/?bid=cu_123&at=tok456';
const EXPIRED = 'This password reset link has expired or was already used. Please request a new one.';

beforeEach(() => {
  vi.mocked(loadPage).mockClear();
  useSession.getState().reset();
  useSignInPanel.getState().reset();
});

function renderPage(path = LINK) {
  const user = userEvent.setup();
  const result = renderInRouter(<ResetPasswordPage />, path);
  return { user, ...result };
}

function rules(): { text: string; met: boolean }[] {
  const list = screen.getByRole('list', { name: 'Password requirements' });
  return within(list)
    .getAllByRole('listitem')
    .map((li) => ({
      text: li.textContent!.replace(/^(✓|•)(Met|Not met): /, ''),
      met: li.textContent!.includes('Met: ') && !li.textContent!.includes('Not met: '),
    }));
}

describe('reset-password page', () => {
  it('is titled, noindex, keeps the token out of referrers, and shows each rule live', async () => {
    const { user } = renderPage();

    expect(screen.getByRole('heading', { level: 1, name: RESET_PASSWORD_TITLE })).toBeVisible();
    expect(document.title).toBe('Reset Your Password | Storefront');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    expect(document.head.querySelector('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
    expect(rules()).toEqual([
      { text: 'Password requires at least 1 lowercase character.', met: false },
      { text: 'Password requires at least 1 uppercase character.', met: false },
      { text: 'Password must be 8 characters long.', met: false },
      { text: 'Password requires at least 1 number.', met: false },
    ]);
    expect(screen.queryByText('Password requirements met.')).not.toBeInTheDocument();

    const field = screen.getByLabelText(/New Password/);
    await user.type(field, 'abcD1');
    expect(rules().map((r) => r.met)).toEqual([true, true, false, true]);

    await user.type(field, 'xyz');
    expect(rules().map((r) => r.met)).toEqual([true, true, true, true]);
    expect(screen.getByText('Password requirements met.')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Keep me signed in' })).not.toBeChecked();
  });

  it('success sends bid, at, the password and rememberMe, then loads the account page', async () => {
    const { calls } = mockAccountApi({
      'POST /account/reset': { success: true, errorMessage: null, message: null, reasonCode: null, redirectUrl: '/account/' },
    });
    const { user } = renderPage();

    await user.type(screen.getByLabelText(/New Password/), 'Password1');
    await user.click(screen.getByRole('checkbox', { name: 'Keep me signed in' }));
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/account/'));
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/account/reset',
        body: { bid: 'cu_123', at: 'tok456', newPassword: 'Password1', rememberMe: true },
        token: TEST_TOKEN,
      },
    ]);
  });

  it('an unmet rule stops the submit and focuses the field', async () => {
    const { fetchMock } = mockAccountApi({});
    const { user } = renderPage();

    const field = screen.getByLabelText(/New Password/);
    await user.type(field, 'password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('failure shows the server message and offers Forgot Password?', async () => {
    mockAccountApi({
      'POST /account/reset': { success: false, errorMessage: EXPIRED, message: null, reasonCode: null, redirectUrl: null },
    });
    const { user } = renderPage();

    await user.type(screen.getByLabelText(/New Password/), 'Password1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(EXPIRED);
    expect(loadPage).not.toHaveBeenCalled();
    await user.click(within(alert).getByRole('button', { name: 'Forgot Password?' }));
    expect(useSignInPanel.getState()).toMatchObject({ isOpen: true, page: SIGN_IN_PAGES.forgotPassword });
  });

  it('a network failure says so', async () => {
    mockAccountApi({ 'POST /account/reset': new Response('busy', { status: 429 }) });
    const { user } = renderPage();

    await user.type(screen.getByLabelText(/New Password/), 'Password1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('A network error has occurred');
  });

  it.each([
    '/account/reset-password/',
    '/account/reset-password/?bid=cu_123',
    '/account/reset-password/?at=tok456',
  ])('a link without bid and at (%s) is not valid and offers Forgot Password?', async (path) => {
    const { user } = renderPage(path);

    expect(screen.getByRole('heading', { level: 1, name: RESET_PASSWORD_TITLE })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(RESET_LINK_NOT_VALID);
    expect(screen.queryByLabelText(/New Password/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(useSignInPanel.getState()).toMatchObject({ isOpen: true, page: SIGN_IN_PAGES.forgotPassword });
  });
});
