import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter, setSession, SIGNED_IN } from '../../header/testing';
import { useSession } from '../../session';
import { useSignInPanel } from '../signInPanelStore';
import { loadPage } from './navigation';
import { mockAccountApi, TEST_TOKEN } from './testing';
import { UPDATE_PASSWORD_TITLE, UpdatePasswordPage } from './UpdatePasswordPage';

vi.mock('./navigation', () => ({ loadPage: vi.fn() }));

beforeEach(() => {
  vi.mocked(loadPage).mockClear();
  useSession.getState().reset();
  useSignInPanel.getState().reset();
  sessionStorage.clear();
  setSession(SIGNED_IN);
});

function renderPage(path = '/account/update-password/?refUrl=%2Fcart%2F') {
  const user = userEvent.setup();
  const result = renderInRouter(<UpdatePasswordPage />, path);
  const field = screen.getByLabelText(/New Password/);
  return { user, field, ...result };
}

/** The one message under the field (what the field's aria-describedby names). */
function messageOf(field: HTMLElement): HTMLElement {
  const ids = field.getAttribute('aria-describedby')!.split(' ');
  expect(ids).toHaveLength(1);
  return document.getElementById(ids[0]!)!;
}

function hiddenRefUrl(container: HTMLElement): HTMLInputElement | null {
  return container.querySelector('input[type="hidden"][name="refUrl"]');
}

describe('update-password page', () => {
  it('has one new-password field with one live message under it, and the hidden refUrl', async () => {
    const { user, field, container } = renderPage();

    expect(screen.getByRole('heading', { level: 1, name: UPDATE_PASSWORD_TITLE })).toBeVisible();
    expect(document.title).toBe(`${UPDATE_PASSWORD_TITLE} | Storefront`);
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    expect(container.querySelectorAll('input[type="password"], input[type="text"]')).toHaveLength(1);
    expect(field).toHaveAttribute('autocomplete', 'new-password');
    expect(hiddenRefUrl(container)).toHaveValue('/cart/');

    const message = messageOf(field);
    expect(message).toHaveTextContent('Password requires at least 1 lowercase character.');
    await user.type(field, 'abc');
    expect(message).toHaveTextContent('Password requires at least 1 uppercase character.');
    await user.type(field, 'D');
    expect(message).toHaveTextContent('Password must be 8 characters long.');
    await user.type(field, 'efgh');
    expect(message).toHaveTextContent('Password requires at least 1 number.');
    await user.type(field, '1');
    expect(message).toHaveTextContent('Password requirements met.');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText(/^Password (requires|must|requirements)/)).toHaveLength(1);
  });

  it('keeps only a local refUrl', () => {
    const { container } = renderPage('/account/update-password/?refUrl=%2F%2Fevil.example%2F');
    expect(hiddenRefUrl(container)).toHaveValue('');
  });

  it('an unmet rule stops the submit and focuses the field', async () => {
    const { user, field, fetchMock } = { ...renderPage(), fetchMock: mockAccountApi({}).fetchMock };

    await user.type(field, 'short');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(messageOf(field)).toHaveTextContent('Password requires at least 1 uppercase character.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the new password with the refUrl and loads the destination', async () => {
    const { calls } = mockAccountApi({
      'POST /account/update-password': { success: true, errorMessage: null, redirectUrl: '/cart/' },
    });
    const { user, field } = renderPage();

    await user.type(field, 'Password1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/cart/'));
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/account/update-password',
        body: { newPassword: 'Password1', refUrl: '/cart/' },
        token: TEST_TOKEN,
      },
    ]);
  });

  it('without a refUrl goes to the account page', async () => {
    const { calls } = mockAccountApi({
      'POST /account/update-password': { success: true, errorMessage: null, redirectUrl: '/account/' },
    });
    const { user, field, container } = renderPage('/account/update-password/');
    expect(hiddenRefUrl(container)).toHaveValue('');

    await user.type(field, 'Password1');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/account/'));
    expect(calls[0]!.body).toEqual({ newPassword: 'Password1', refUrl: null });
  });

  it('shows the server message; an old sign-in offers to sign in again', async () => {
    mockAccountApi({
      'POST /account/update-password': {
        success: false,
        errorMessage: 'Please sign in again to change your password.',
        reasonCode: 13,
        redirectUrl: null,
      },
    });
    const { user, field } = renderPage();

    await user.type(field, 'Password1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please sign in again to change your password.');
    expect(loadPage).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(useSignInPanel.getState().isOpen).toBe(true);
  });

  it('a guest is asked to sign in', async () => {
    useSession.setState({ status: 'success', loggedIn: false, customer: null });
    renderInRouter(<UpdatePasswordPage />, '/account/update-password/');

    expect(screen.getByText('Please sign in to change your password.')).toBeVisible();
    expect(screen.queryByLabelText(/New Password/)).not.toBeInTheDocument();
    await waitFor(() => expect(useSignInPanel.getState().isOpen).toBe(true));
  });
});
