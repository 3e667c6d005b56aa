import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter, setSession, SIGNED_IN } from '../../header/testing';
import { useSession } from '../../session';
import { DESTINATION_KEY } from '../destination';
import { SIGN_IN_PAGES, useSignInPanel } from '../signInPanelStore';
import { AccountHomePage, NO_LINKED_SIGN_INS } from './AccountHomePage';
import { formatDate, formatDateTime, SIGN_IN_REQUIRED_MESSAGE } from './common';
import { loadPage } from './navigation';
import { inTurn, mockAccountApi, notSignedIn, TEST_TOKEN } from './testing';

vi.mock('./navigation', () => ({ loadPage: vi.fn() }));
vi.mock('../../shared/tracking/hawk', () => ({ trackEvent: vi.fn() }));

const THIS_BROWSER = {
  id: 'ss_1',
  device: 'Chrome on Windows',
  current: true,
  lastSeen: '2025-03-04T15:07:00Z',
  startedAt: '2025-03-01T09:00:00Z',
  expiresAt: '2025-03-31T09:00:00Z',
};
const PHONE = {
  id: 'ss_2',
  device: 'Safari on iPhone',
  current: false,
  lastSeen: '2025-02-20T08:30:00Z',
  startedAt: '2025-02-01T09:00:00Z',
  expiresAt: '2025-03-03T09:00:00Z',
};
const LAPTOP_KEY = { id: 'cred1', name: 'Chrome on Linux', created: '2025-01-10T12:00:00Z', lastUsed: '2025-02-01T12:00:00Z' };
const PHONE_KEY = { id: 'cred2', name: 'Safari on iPhone', created: '2025-01-15T12:00:00Z', lastUsed: null };
const GOOGLE = { id: 'pi_1', provider: 'Google', linked: '2026-11-28T12:00:00Z' };
const APPLE = { id: 'pi_2', provider: 'Apple', linked: '2026-10-02T12:00:00Z' };

beforeEach(() => {
  vi.mocked(loadPage).mockClear();
  useSession.getState().reset();
  useSignInPanel.getState().reset();
  sessionStorage.clear();
  setSession(SIGNED_IN);
});

afterEach(() => {
  // navigator.credentials, when a test gave the browser one.
  Reflect.deleteProperty(navigator, 'credentials');
});

function renderPage() {
  const user = userEvent.setup();
  renderInRouter(<AccountHomePage />, '/account/');
  return { user };
}

function section(name: string): HTMLElement {
  return screen.getByRole('heading', { level: 2, name }).closest('section')!;
}

describe('account home, signed in', () => {
  it('greets the customer and shows the links, devices and passkeys', async () => {
    mockAccountApi({
      'GET /api/account/sessions': { sessions: [THIS_BROWSER, PHONE] },
      'GET /api/account/passkeys': { passkeys: [LAPTOP_KEY, PHONE_KEY] },
    });
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    expect(await screen.findByText('Hi, Jane!')).toBeVisible();
    expect(document.title).toBe('My Account | Storefront');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByText('My Account')).toHaveAttribute('aria-current', 'page');

    const links = within(screen.getByRole('navigation', { name: 'My account' })).getAllByRole('link');
    expect(links.map((a) => [a.querySelector('.account-links__label')?.textContent, a.getAttribute('href')])).toEqual([
      ['Order History', '/account/orders/'],
      ['My Rewards', '/account/rewards/'],
      ['Track Your Order', '/account/track-your-order/'],
      ['Gift Registries', '/gift-registry/list/'],
    ]);

    const devices = section('Signed-in devices');
    const rows = await within(devices).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Chrome on Windows');
    expect(within(rows[0]!).getByText('This device')).toBeVisible();
    expect(rows[0]).toHaveTextContent(`Last seen ${formatDateTime(THIS_BROWSER.lastSeen)}`);
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]!).queryByText('This device')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Sign out this device: Safari on iPhone' })).toBeVisible();

    const passkeys = section('Passkeys');
    const keys = within(passkeys).getAllByRole('listitem');
    expect(keys[0]).toHaveTextContent('Chrome on Linux');
    expect(keys[0]).toHaveTextContent(`Created ${formatDate(LAPTOP_KEY.created)}`);
    expect(keys[0]).toHaveTextContent(`Last used ${formatDate(LAPTOP_KEY.lastUsed)}`);
    expect(keys[1]).toHaveTextContent('Not used yet');
    expect(within(keys[1]!).getByRole('button', { name: 'Remove the passkey added on Safari on iPhone' })).toBeVisible();

    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeVisible();
    // The server's sign-out: a plain link (a document load), not a router link.
    expect(screen.getByRole('link', { name: 'Sign Out' })).toHaveAttribute('href', '/account/logout/');
    expect(useSignInPanel.getState().isOpen).toBe(false);
  });

  it('offers Add a passkey only where the browser makes passkeys', async () => {
    mockAccountApi({
      'GET /api/account/sessions': { sessions: [THIS_BROWSER] },
      'GET /api/account/passkeys': { passkeys: [] },
    });
    renderPage();

    expect(await screen.findByText('You have no passkeys yet.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
    expect(screen.getByText(/This browser can't make passkeys/)).toBeVisible();
  });

  it('a failed list says so and tries again', async () => {
    const { calls } = mockAccountApi({
      'GET /api/account/sessions': inTurn(new Response('oops', { status: 500 }), { sessions: [THIS_BROWSER] }),
      'GET /api/account/passkeys': { passkeys: [] },
    });
    const { user } = renderPage();

    const devices = await waitFor(() => section('Signed-in devices'));
    expect(await within(devices).findByText('Something went wrong. Please try again later.')).toBeVisible();
    await user.click(within(devices).getByRole('button', { name: 'Try again' }));

    expect(await within(devices).findByText('Chrome on Windows')).toBeVisible();
    expect(calls.filter((c) => c.path === '/api/account/sessions')).toHaveLength(2);
  });
});

describe('account home, guest', () => {
  it('opens the sign-in panel (back to /account/) and says why', async () => {
    useSession.getState().reset();
    const { calls } = mockAccountApi({
      'GET /api/account/sessions': notSignedIn,
      'GET /api/account/passkeys': notSignedIn,
      'GET /api/account/sign-ins': notSignedIn,
    });
    const { user } = renderPage();

    expect(await screen.findByText(SIGN_IN_REQUIRED_MESSAGE)).toBeVisible();
    await waitFor(() => expect(useSignInPanel.getState()).toMatchObject({ isOpen: true, page: SIGN_IN_PAGES.login }));
    expect(sessionStorage.getItem(DESTINATION_KEY)).toBe('/account/');
    expect(screen.queryByRole('heading', { name: 'Signed-in devices' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
    expect(calls.every((c) => c.method === 'GET')).toBe(true);

    useSignInPanel.getState().reset();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(useSignInPanel.getState()).toMatchObject({ isOpen: true, page: SIGN_IN_PAGES.login });
  });
});

describe('signed-in devices', () => {
  it('signs another device out after a confirmation, and the list refreshes', async () => {
    const { calls } = mockAccountApi({
      'GET /api/account/sessions': inTurn({ sessions: [THIS_BROWSER, PHONE] }, { sessions: [THIS_BROWSER] }),
      'GET /api/account/passkeys': { passkeys: [] },
      'POST /api/account/sessions/end': { success: true },
    });
    const { user } = renderPage();

    const opener = await screen.findByRole('button', { name: 'Sign out this device: Safari on iPhone' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Sign out this device?' });
    expect(dialog).toHaveTextContent('Safari on iPhone will be signed out of your account.');

    // Cancel changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(opener);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign out' }));

    const notice = await screen.findByText('Safari on iPhone is signed out.');
    await waitFor(() => expect(notice).toHaveFocus());
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/account/sessions/end',
      body: { id: 'ss_2' },
      token: TEST_TOKEN,
    });
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.path === '/api/account/sessions')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a refused token shows the cookie message', async () => {
    mockAccountApi({
      'GET /api/account/sessions': { sessions: [THIS_BROWSER, PHONE] },
      'GET /api/account/passkeys': { passkeys: [] },
      'POST /api/account/sessions/end': Response.json({ success: false, code: 'AntiForgeryTokenInvalid', message: 'x' }, { status: 403 }),
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: /Sign out this device/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/allow cookies and refresh the page/);
    expect(screen.getByText('Safari on iPhone')).toBeVisible();
  });
});

describe('passkeys', () => {
  it('removes a passkey after a confirmation, and the list refreshes', async () => {
    const { calls } = mockAccountApi({
      'GET /api/account/sessions': { sessions: [THIS_BROWSER] },
      'GET /api/account/passkeys': inTurn({ passkeys: [LAPTOP_KEY, PHONE_KEY] }, { passkeys: [LAPTOP_KEY] }),
      'POST /api/account/passkeys/remove': { success: true, errorMessage: null },
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Remove the passkey added on Safari on iPhone' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this passkey?' });
    expect(dialog).toHaveTextContent('You will no longer be able to sign in with the passkey added on Safari on iPhone.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('The passkey added on Safari on iPhone was removed.')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/account/passkeys/remove', body: { id: 'cred2' } });
    const passkeys = section('Passkeys');
    await waitFor(() => expect(within(passkeys).getAllByRole('listitem')).toHaveLength(1));
    expect(within(passkeys).getByRole('listitem')).toHaveTextContent('Chrome on Linux');
  });

  it('a refusal shows the server message', async () => {
    mockAccountApi({
      'GET /api/account/sessions': { sessions: [THIS_BROWSER] },
      'GET /api/account/passkeys': { passkeys: [PHONE_KEY] },
      'POST /api/account/passkeys/remove': { success: false, errorMessage: 'This passkey is not one of yours.' },
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: /^Remove/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This passkey is not one of yours.');
  });

  it('adds a passkey: options to bytes, the credential to base64url, then the list refreshes', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const bytes = (...b: number[]) => new Uint8Array(b).buffer;
    const create = vi.fn(async () => ({
      id: 'bmV3',
      rawId: bytes(110, 101, 119),
      type: 'public-key',
      getClientExtensionResults: () => ({ credProps: { rk: true } }),
      response: {
        clientDataJSON: bytes(1, 2, 3),
        attestationObject: bytes(250, 251),
        getTransports: () => ['internal'],
      },
    }));
    Object.defineProperty(navigator, 'credentials', { configurable: true, value: { create, get: vi.fn() } });
    const { calls } = mockAccountApi({
      'GET /api/account/sessions': { sessions: [THIS_BROWSER] },
      'GET /api/account/passkeys': inTurn({ passkeys: [] }, { passkeys: [LAPTOP_KEY] }),
      'POST /api/account/passkeys/register/start': {
        publicKey: {
          challenge: 'AQID',
          rp: { name: 'Storefront', id: 'localhost' },
          user: { id: 'BAU', name: 'Storefront account', displayName: 'Storefront account' },
          excludeCredentials: [{ type: 'public-key', id: 'Bgc' }],
          authenticatorSelection: { residentKey: 'required' },
        },
      },
      'POST /api/account/passkeys/register/finish': { success: true, errorMessage: null },
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));

    expect(await screen.findByText('Your passkey was added. You can now sign in with it.')).toBeVisible();
    const options = (create.mock.calls[0] as unknown as [CredentialCreationOptions])[0].publicKey!;
    expect(new Uint8Array(options.challenge as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 3]));
    expect(new Uint8Array(options.user.id as ArrayBuffer)).toEqual(new Uint8Array([4, 5]));
    expect(new Uint8Array(options.excludeCredentials![0]!.id as ArrayBuffer)).toEqual(new Uint8Array([6, 7]));
    expect(options.authenticatorSelection).toEqual({ residentKey: 'required' });
    expect(calls.find((c) => c.path === '/api/account/passkeys/register/finish')?.body).toEqual({
      credential: {
        id: 'bmV3',
        rawId: 'bmV3',
        type: 'public-key',
        extensions: { credProps: { rk: true } },
        response: { clientDataJSON: 'AQID', attestationObject: '-vs', transports: ['internal'] },
      },
    });
    expect(await within(section('Passkeys')).findByText('Chrome on Linux')).toBeVisible();
  });

  it('closing the browser prompt says nothing; a passkey already on this device says so', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const create = vi
      .fn()
      .mockRejectedValueOnce(new DOMException('cancelled', 'NotAllowedError'))
      .mockRejectedValueOnce(new DOMException('excluded', 'InvalidStateError'));
    Object.defineProperty(navigator, 'credentials', { configurable: true, value: { create, get: vi.fn() } });
    const { calls } = mockAccountApi({
      'GET /api/account/sessions': { sessions: [THIS_BROWSER] },
      'GET /api/account/passkeys': { passkeys: [] },
      'POST /api/account/passkeys/register/start': { publicKey: { challenge: 'AQID', user: { id: 'BAU' } } },
    });
    const { user } = renderPage();

    const add = await screen.findByRole('button', { name: 'Add a passkey' });
    await user.click(add);
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeVisible());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This device already has a passkey for your account.');
    expect(calls.some((c) => c.path === '/api/account/passkeys/register/finish')).toBe(false);
  });
});

describe('sign-in methods', () => {
  it('lists the linked sign-ins, each with Unlink', async () => {
    const { calls } = mockAccountApi({
      'GET /api/account/sessions': { sessions: [THIS_BROWSER] },
      'GET /api/account/passkeys': { passkeys: [] },
      'GET /api/account/sign-ins': { signIns: [GOOGLE, APPLE] },
    });
    const { user } = renderPage();

    const signIns = await waitFor(() => section('Sign-in methods'));
    const rows = await within(signIns).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Google');
    expect(rows[0]).toHaveTextContent(`Linked ${formatDate(GOOGLE.linked)}`);
    expect(within(rows[0]!).getByRole('button', { name: 'Unlink Google' })).toBeVisible();
    expect(within(rows[1]!).getByRole('button', { name: 'Unlink Apple' })).toBeVisible();
    expect(within(signIns).getByRole('list', { name: 'Sign-in methods' })).toBeVisible();

    // Cancel changes nothing.
    const opener = within(rows[0]!).getByRole('button', { name: 'Unlink Google' });
    await user.click(opener);
    await user.click(within(screen.getByRole('dialog', { name: 'Unlink this sign-in?' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(within(signIns).getAllByRole('listitem')).toHaveLength(2);
  });

  it('none linked says how to connect one', async () => {
    mockAccountApi({
      'GET /api/account/sessions': { sessions: [THIS_BROWSER] },
      'GET /api/account/passkeys': { passkeys: [] },
      'GET /api/account/sign-ins': { signIns: [] },
    });
    renderPage();

    const signIns = await waitFor(() => section('Sign-in methods'));
    expect(await within(signIns).findByText(NO_LINKED_SIGN_INS)).toBeVisible();
    expect(within(signIns).queryByRole('button', { name: /Unlink/ })).not.toBeInTheDocument();
  });

  it('unlinks a sign-in after a confirmation, says so, and the list refreshes', async () => {
    const { calls } = mockAccountApi({
      'GET /api/account/sessions': { sessions: [THIS_BROWSER] },
      'GET /api/account/passkeys': { passkeys: [] },
      'GET /api/account/sign-ins': inTurn({ signIns: [GOOGLE, APPLE] }, { signIns: [APPLE] }),
      'POST /api/account/sign-ins/unlink': { success: true, errorMessage: null },
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    const dialog = screen.getByRole('dialog', { name: 'Unlink this sign-in?' });
    expect(dialog).toHaveTextContent('You will no longer be able to sign in with Google.');
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));

    const notice = await screen.findByText(
      "Google sign-in was unlinked. You can still sign in with your email and password; if you never set one, use 'Forgot password'.",
    );
    await waitFor(() => expect(notice).toHaveFocus());
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/account/sign-ins/unlink',
      body: { id: 'pi_1' },
      token: TEST_TOKEN,
    });
    const signIns = section('Sign-in methods');
    await waitFor(() => expect(within(signIns).getAllByRole('listitem')).toHaveLength(1));
    expect(within(signIns).getByRole('listitem')).toHaveTextContent('Apple');
    expect(calls.filter((c) => c.path === '/api/account/sign-ins')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a refusal shows the server message and keeps the list', async () => {
    mockAccountApi({
      'GET /api/account/sessions': { sessions: [THIS_BROWSER] },
      'GET /api/account/passkeys': { passkeys: [] },
      'GET /api/account/sign-ins': { signIns: [GOOGLE] },
      'POST /api/account/sign-ins/unlink': {
        success: false,
        errorMessage: 'This sign-in is not connected to your account.',
      },
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unlink' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in is not connected to your account.');
    expect(within(section('Sign-in methods')).getByRole('button', { name: 'Unlink Google' })).toBeVisible();
  });
});

describe('delete my account', () => {
  const WRONG = 'That password is not right. Please try again.';
  const AGAIN = 'Please enter your password again to delete your account.';

  it('asks for the password; a wrong one shows the server message', async () => {
    const { calls } = mockAccountApi({
      'GET /api/account/sessions': { sessions: [THIS_BROWSER] },
      'GET /api/account/passkeys': { passkeys: [] },
      'POST /account/verifyPassword': { success: false, errorMessage: WRONG },
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveFocus();

    // Empty: asked for, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This field is required.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(password, 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await within(dialog).findByText(WRONG)).toBeVisible();
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/account/verifyPassword', body: { password: 'wrong' }, token: TEST_TOKEN },
    ]);
    expect(loadPage).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a delete that wants the password again (13) asks again, then deletes and loads the home page', async () => {
    const { calls } = mockAccountApi({
      'GET /api/account/sessions': { sessions: [THIS_BROWSER] },
      'GET /api/account/passkeys': { passkeys: [] },
      'POST /account/verifyPassword': { success: true, errorMessage: null },
      'POST /api/account/delete': inTurn(
        { success: false, errorMessage: AGAIN, reasonCode: 13, redirectUrl: null },
        { success: true, errorMessage: null, reasonCode: null, redirectUrl: '/' },
      ),
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog');
    const password = within(dialog).getByLabelText('Password');
    await user.type(password, 'Password1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await within(dialog).findByText(AGAIN)).toBeVisible();
    expect(password).toHaveValue('');
    expect(password).toHaveFocus();
    expect(loadPage).not.toHaveBeenCalled();

    await user.type(password, 'Password1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/account/verifyPassword',
      '/api/account/delete',
      '/account/verifyPassword',
      '/api/account/delete',
    ]);
  });
});
