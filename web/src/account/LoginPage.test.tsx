import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setSession, SIGNED_IN } from '../header/testing';
import { useSession } from '../session';
import { forgetSignInOptions } from '../shared/api/account';
import { forgetAntiForgeryToken } from '../shared/api/antiforgery';
import { reloadPage } from '../shared/api/reload';
import { LoginPage } from './LoginPage';
import { json, routeFetch } from './signin/testing';
import { useSignInPanel } from './signInPanelStore';

vi.mock('../shared/api/reload', () => ({ reloadPage: vi.fn() }));

beforeEach(() => {
  useSession.getState().reset();
  useSignInPanel.getState().reset();
  sessionStorage.clear();
  forgetAntiForgeryToken();
  forgetSignInOptions();
  vi.mocked(reloadPage).mockReset();
});

function setup(path: string) {
  const server = routeFetch({
    '/account/authenticate': () => json({ success: true, passwordChangeRequired: false, captchaRequired: false }),
  });
  const user = userEvent.setup();
  const router = createMemoryRouter(
    [
      { path: '/account/login/', element: <LoginPage /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { server, user, router };
}

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Email Address/), 'jane@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'Password1');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('/account/login/', () => {
  it('shows the sign-in page (not the panel) and goes on to refUrl', async () => {
    const { user, router } = setup('/account/login/?refUrl=%2Ffaq%2F');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq/'));
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it("takes the answer's headerJson as the header data; without one the header is fetched", async () => {
    setSession(); // a guest's header, with the menu, as the page loaded it
    const { user, router, server } = setup('/account/login/');
    server.routes['/account/authenticate'] = () =>
      json({
        success: true,
        passwordChangeRequired: false,
        headerJson: { loggedIn: true, greeting: 'Hi, Jane', customer: { firstName: 'Jane' }, cartSummaryJson: { cartQty: 4 } },
      });
    await signIn(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/account/'));
    expect(useSession.getState()).toMatchObject({ loggedIn: true, greeting: 'Hi, Jane', cartQty: 4 });
    expect(server.to('/globalresource/header/')).toHaveLength(0);
  });

  it('a sign-in whose headerJson is null fetches the header', async () => {
    const { user, router, server } = setup('/account/login/');
    server.routes['/account/authenticate'] = () => json({ success: true, passwordChangeRequired: false, headerJson: null });
    await signIn(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/account/'));
    await waitFor(() => expect(server.to('/globalresource/header/')).toHaveLength(1));
  });

  it('goes to /account/ without a local refUrl', async () => {
    const { user, router } = setup('/account/login/?refUrl=%2F%2Fevil.example%2F');
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/'));
  });

  it('create=1 starts on Create Rewards Account, with Back to sign in', async () => {
    const { user } = setup('/account/login/?create=1');
    expect(screen.getByRole('heading', { level: 1, name: 'Create Rewards Account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Create Rewards Account' })).toBeInTheDocument();
  });

  it('titles the forgot-password states', async () => {
    const { user, server } = setup('/account/login/');
    server.routes['/account/recover'] = () => json({ success: true, message: null });
    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email Address/), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Please check your email.' })).toBeInTheDocument();
    expect(
      screen.getByText('If we found a matching account, you will receive an email shortly with a link to reset your password.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Didn't get an email?" }));
    expect(screen.getByRole('heading', { level: 1, name: 'Check your spam folder.' })).toBeInTheDocument();
  });

  it('a signed-in visitor goes on at once', async () => {
    setSession(SIGNED_IN);
    const { router } = setup('/account/login/?refUrl=%2Faccount%2Forders%2F');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/orders/'));
  });

  it('loads the staff console in full after signing in (it is not a page of this app)', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      const { user, router } = setup('/account/login/?refUrl=%2Fstaff%2Forders%2Fpickup%2F');
      await signIn(user);
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/staff/orders/pickup/'));
      expect(router.state.location.pathname).toBe('/account/login/');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
