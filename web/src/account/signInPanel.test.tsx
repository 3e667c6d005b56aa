import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../shared/api/reload';
import { renderInRouter, setSession, SIGNED_IN } from '../header/testing';
import { useSession } from '../session';
import { DESTINATION_KEY, isLocalUrl, rememberDestination, rememberedDestination } from './destination';
import { loginHref, logoutHref, signInIntent } from './signInLinks';
import { SignInPanelHost } from './SignInPanelHost';
import { openSignIn, SIGN_IN_PAGES, useSignInPanel } from './signInPanelStore';

vi.mock('../shared/api/reload', () => ({ reloadPage: vi.fn() }));

beforeEach(() => {
  useSession.getState().reset();
  useSignInPanel.getState().reset();
  sessionStorage.clear();
  vi.mocked(reloadPage).mockReset();
  vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
});

function setup(extra: React.ReactNode = null, path = '/pet/') {
  const user = userEvent.setup();
  const result = renderInRouter(
    <>
      <SignInPanelHost />
      {extra}
    </>,
    path,
  );
  return { user, ...result };
}

describe('page mapping', () => {
  it('matches the spec numbers', () => {
    expect(SIGN_IN_PAGES).toEqual({ login: 0, create: 1, forgotPassword: 2, selectAccount: 3, enterPhone: 4 });
  });
});

describe('the sign-in panel frame', () => {
  it('opens on Sign In and follows page history with Back', async () => {
    const { user } = setup();
    openSignIn();
    const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
    expect(within(dialog).getByLabelText(/^Email Address/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('dialog', { name: 'Create Rewards Account' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^First Name/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(screen.getByRole('dialog', { name: 'Reset Your Password' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    [3, 'Connect Rewards Account', 'Please create your account again to connect your rewards account.'],
    [4, 'Finish Signing Up', 'Please sign in again to finish creating your account.'],
  ] as const)('page %i is titled %s (and says what to do when opened without its data)', async (page, title, text) => {
    setup();
    openSignIn(page);
    expect(await screen.findByRole('dialog', { name: title })).toHaveTextContent(text);
  });

  it('after a successful sign-in, closing goes to the remembered destination and forgets it', async () => {
    const { router } = setup();
    openSignIn(0, { destination: '/account/orders/' });
    await screen.findByRole('dialog', { name: 'Sign In' });
    expect(sessionStorage.getItem(DESTINATION_KEY)).toBe('/account/orders/');

    vi.mocked(fetch).mockResolvedValueOnce(Response.json({ loggedIn: true, customer: { firstName: 'Jane' } }));
    useSignInPanel.getState().signInSucceeded();
    await vi.waitFor(() => expect(useSession.getState().loggedIn).toBe(true));
    expect(vi.mocked(fetch).mock.calls.map(([u]) => String(u))).toContain('/globalresource/header/?deptMenu=omit');

    useSignInPanel.getState().close();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/account/orders/'));
    expect(sessionStorage.getItem(DESTINATION_KEY)).toBeNull();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('keeps a destination for a later sign-in, even after closing without one', async () => {
    const { router } = setup();
    openSignIn(0, { destination: '/account/rewards/' });
    useSignInPanel.getState().close();
    expect(rememberedDestination()).toBe('/account/rewards/');

    openSignIn();
    useSignInPanel.getState().signInSucceeded();
    useSignInPanel.getState().close();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/account/rewards/'));
  });

  it('reloads the page after a sign-in without a destination', () => {
    setup();
    openSignIn();
    useSignInPanel.getState().signInSucceeded();
    useSignInPanel.getState().close();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('closing without a sign-in neither navigates nor reloads', async () => {
    const { router } = setup();
    openSignIn(0, { destination: '/account/orders/' });
    useSignInPanel.getState().close();
    expect(router.state.location.pathname).toBe('/pet/');
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

describe('sign-in links anywhere', () => {
  const links = (
    <div>
      <a href="/account/login/?refUrl=%2Fpet%2F">Log in here</a>
      <a href="/account/login/?create=1">Join now</a>
      <a href="/rewards/" data-sign-in="login" data-destination="/account/rewards/" data-skip-cart-merge="true">
        Join rewards
      </a>
      <a href="/account/login/" data-destination="//evil.example/">Bad destination</a>
      <a href="/pet/">Plain link</a>
    </div>
  );

  it('open the panel on page 0 or 1 for guests', async () => {
    const { user, router } = setup(links);

    await user.click(screen.getByRole('link', { name: 'Log in here' }));
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('link', { name: 'Join now' }));
    expect(await screen.findByRole('dialog', { name: 'Create Rewards Account' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('link', { name: 'Join now' })).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Join rewards' }));
    expect(useSignInPanel.getState()).toMatchObject({ isOpen: true, page: 0, skipCartMerge: true });
    expect(rememberedDestination()).toBe('/account/rewards/');
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('link', { name: 'Bad destination' }));
    expect(rememberedDestination()).toBe('/account/rewards/');
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('link', { name: 'Plain link' }));
    expect(useSignInPanel.getState().isOpen).toBe(false);
    expect(router.state.location.pathname).toBe('/pet/');
  });

  it('are left alone for signed-in customers', async () => {
    setSession(SIGNED_IN);
    const { user } = setup(<a href="/account/login/" onClick={(e) => e.preventDefault()}>Log in here</a>);
    await user.click(screen.getByRole('link', { name: 'Log in here' }));
    expect(useSignInPanel.getState().isOpen).toBe(false);
  });

  it('signInIntent reads pages and flags', () => {
    const a = document.createElement('a');
    a.setAttribute('data-sign-in', 'create');
    expect(signInIntent(a)).toEqual({ page: 1, destination: null, skipCartMerge: false });
    a.setAttribute('data-sign-in', '2');
    a.setAttribute('data-skip-cart-merge', 'false');
    expect(signInIntent(a)).toEqual({ page: 2, destination: null, skipCartMerge: false });
    const guarded = document.createElement('a');
    guarded.setAttribute('href', '/account/orders/');
    guarded.setAttribute('data-requires-sign-in', '');
    expect(signInIntent(guarded)).toEqual({ page: 0, destination: '/account/orders/', skipCartMerge: false });
    const other = document.createElement('a');
    other.setAttribute('href', 'https://elsewhere.example/account/login/');
    expect(signInIntent(other)).toBeNull();
  });
});

describe('hrefs and the local-URL rule', () => {
  it('carry refUrl except on the home page', () => {
    expect(loginHref('/pet/')).toBe('/account/login/?refUrl=%2Fpet%2F');
    expect(loginHref('/')).toBe('/account/login/');
    expect(loginHref('/', true)).toBe('/account/login/?create=1');
    expect(logoutHref('/pet/')).toBe('/account/logout/?refUrl=%2Fpet%2F');
    expect(logoutHref('/')).toBe('/account/logout/');
  });

  it('remembers only local destinations', () => {
    expect(isLocalUrl('/account/')).toBe(true);
    for (const bad of ['//evil.example/', '/\\evil', 'https://evil.example/', 'account/']) {
      expect(isLocalUrl(bad)).toBe(false);
      rememberDestination(bad);
      expect(rememberedDestination()).toBeNull();
    }
  });
});
