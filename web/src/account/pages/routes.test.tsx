import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession, SIGNED_IN } from '../../header/testing';
import { useSession } from '../../session';
import { renderRoute } from '../../test/renderRoute';
import { useSignInPanel } from '../signInPanelStore';
import { loadPage } from './navigation';
import { loader } from './SignOutRoute';
import { mockAccountApi, notSignedIn } from './testing';

vi.mock('./navigation', () => ({ loadPage: vi.fn() }));

/** Each test renders the whole shell: generous on a busy machine. */
const SLOW = 20_000;
vi.mock('../../shared/api/reload', () => ({ reloadPage: vi.fn() }));

beforeEach(() => {
  vi.mocked(loadPage).mockClear();
  useSession.getState().reset();
  useSignInPanel.getState().reset();
  sessionStorage.clear();
});

describe('account routes', () => {
  it.each([
    ['/account/', 'My Account'],
    ['/account/rewards/', 'My Rewards'],
    ['/account/update-password/?refUrl=%2Fcart%2F', 'Update Your Password'],
    ['/account/reset-password/?bid=cu_1&at=t', 'Reset Your Password'],
  ])('%s renders its page', async (path, title) => {
    setSession(SIGNED_IN);
    mockAccountApi({
      'GET /api/account/sessions': { sessions: [] },
      'GET /api/account/passkeys': { passkeys: [] },
      'GET /api/account/rewards': { member: false, history: [], giftCards: [] },
    });
    renderRoute(path);

    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 })).toBeVisible();
    expect(document.title).toBe(`${title} | Storefront`);
    expect(screen.getByRole('banner')).toBeInTheDocument();
  }, SLOW);

  it('a guest on /account/ gets the sign-in panel', async () => {
    mockAccountApi({
      'GET /api/account/sessions': notSignedIn,
      'GET /api/account/passkeys': notSignedIn,
    });
    renderRoute('/account/');

    expect(await screen.findByText('Please sign in to see your account.', {}, { timeout: 5000 })).toBeVisible();
    await waitFor(() => expect(useSignInPanel.getState().isOpen).toBe(true));
  }, SLOW);

  it('/account/track-your-order/ is the track page', async () => {
    mockAccountApi({});
    renderRoute('/account/track-your-order/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Track Your Order' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('form', { name: 'Find your order' })).toBeVisible();
    expect(screen.queryByText('This page is coming soon.')).not.toBeInTheDocument();
  }, SLOW);
});

describe('sign-out', () => {
  it('a client-side navigation to /account/logout/ becomes a document load', async () => {
    mockAccountApi({});
    const { router } = renderRoute('/cart/');
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });

    // Not in act(): the navigation never settles (the browser leaves).
    void router.navigate('/account/logout/?refUrl=%2Fcart%2F');

    await vi.waitFor(() => expect(loadPage).toHaveBeenCalledTimes(1), { timeout: 5000 });
    const url = new URL(vi.mocked(loadPage).mock.calls[0]![0]);
    expect(`${url.pathname}${url.search}`).toBe('/account/logout/?refUrl=%2Fcart%2F');
    // No page of the app rendered in its place.
    expect(router.state.location.pathname).toBe('/cart/');
  }, SLOW);

  it("the footer's Sign Out link loads the server's sign-out", async () => {
    setSession(SIGNED_IN);
    mockAccountApi({});
    renderRoute('/account/orders/');
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });

    const footer = screen.getByRole('contentinfo');
    const link = within(footer).getByRole('link', { name: 'Sign Out' });
    expect(link).toHaveAttribute('href', '/account/logout/?refUrl=%2Faccount%2Forders%2F');
    // The router leaves the click alone: the browser itself loads the server's page.
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    const prevent = vi.spyOn(click, 'preventDefault');
    document.addEventListener('click', (e) => e.preventDefault(), { once: true }); // jsdom cannot navigate
    link.dispatchEvent(click);
    expect(prevent).toHaveBeenCalledTimes(1); // only the listener above, not the router
  }, SLOW);

  it('the first load of the document (the server did not answer it) does not load it again', () => {
    const result = loader({
      request: new Request(window.location.href),
      params: {},
      context: undefined,
    } as unknown as Parameters<typeof loader>[0]);
    expect(result).toBeNull();
    expect(loadPage).not.toHaveBeenCalled();
  }, SLOW);
});
