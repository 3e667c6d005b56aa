import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter, setSession } from '../../header/testing';
import { useRewardsMenu } from '../../rewards/rewardsMenuStore';
import { useSession } from '../../session';
import { forgetSignInOptions } from '../../shared/api/account';
import { forgetAntiForgeryToken } from '../../shared/api/antiforgery';
import { facebookSignIn, renderGoogleButton } from '../../shared/api/providers';
import { reloadPage } from '../../shared/api/reload';
import { usePendingRegistration } from '../pendingRegistration';
import { useSignInData } from '../signInData';
import { SignInPanelHost } from '../SignInPanelHost';
import { openSignIn, useSignInPanel, type OpenSignInOptions, type SignInPage } from '../signInPanelStore';
import { json, routeFetch, TEST_TOKEN, type Route } from './testing';

vi.mock('../../shared/api/reload', () => ({ reloadPage: vi.fn() }));
vi.mock('../../shared/api/providers', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../shared/api/providers')>();
  return {
    ...actual,
    prepareFacebook: vi.fn(async () => ({})),
    facebookSignIn: vi.fn(async () => null),
    prepareApple: vi.fn(async () => {}),
    appleSignIn: vi.fn(async () => null),
    renderGoogleButton: vi.fn(async () => {}),
    renderRecaptcha: vi.fn(async () => ({ response: () => 'recaptcha-token', reset: () => {} })),
  };
});

const FB_TOKEN = '{"accessToken":"fb-token","userID":"42"}';

const SIGNED_IN_ANSWER = {
  success: true,
  passwordChangeRequired: false,
  redirectUrl: null,
  captchaFailed: false,
  captchaRequired: false,
  errorMessage: null,
  headerJson: null,
};

/** The header data a sign-in's answer carries (`headerJson`): the header call's answer, without the menu. */
const SIGNED_IN_HEADER = {
  loggedIn: true,
  greeting: 'Hi, Jane',
  customer: { firstName: 'Jane', customerHasRegistries: false },
  cartSummaryJson: { cartQty: 3 },
  deptMenuVersion: 'v1',
};

const WRONG_LOGIN = {
  success: false,
  passwordChangeRequired: false,
  redirectUrl: null,
  captchaFailed: false,
  captchaRequired: false,
  errorMessage: 'Invalid Login — Please try again.',
  headerJson: null,
};

function registerAnswer(overrides: Record<string, unknown> = {}) {
  return {
    success: false,
    headerJson: null,
    reasonCode: null,
    errorMessage: null,
    email: null,
    phone: null,
    redactedData: null,
    secondEmail: null,
    secondPhone: null,
    secondRedactedData: null,
    ...overrides,
  };
}

beforeEach(() => {
  useSession.getState().reset();
  useSignInPanel.getState().reset();
  useRewardsMenu.getState().reset();
  usePendingRegistration.getState().set(null);
  useSignInData.getState().reset();
  sessionStorage.clear();
  forgetAntiForgeryToken();
  forgetSignInOptions();
  vi.mocked(reloadPage).mockReset();
  vi.mocked(facebookSignIn).mockReset().mockResolvedValue(null);
});

function setup(routes: Record<string, Route> = {}, path = '/pet/') {
  const server = routeFetch(routes);
  const user = userEvent.setup();
  const result = renderInRouter(<SignInPanelHost />, path);
  return { server, user, ...result };
}

async function open(page: SignInPage = 0, options?: OpenSignInOptions) {
  openSignIn(page, options);
  return screen.findByRole('dialog');
}

async function fillCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^First Name/), 'Jane');
  await user.type(screen.getByLabelText(/^Last Name/), 'Doe');
  await user.type(screen.getByLabelText(/^Email Address/), 'jane@example.com');
  await user.type(screen.getByLabelText(/^Phone Number/), '5552345678');
  await user.type(screen.getByLabelText(/^Password/), 'Password1');
}

const TYPED_REQUEST = {
  firstName: 'Jane',
  lastName: 'Doe',
  emailAddress: 'jane@example.com',
  phoneNumber: '(555) 234-5678',
  password: 'Password1',
  saveLogin: false,
};

describe('page 0, Sign In', () => {
  it('checks the email format and the password before sending anything', async () => {
    const { user, server } = setup();
    await open();

    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(screen.getByLabelText(/^Email Address/)).toHaveFocus();

    await user.type(screen.getByLabelText(/^Email Address/), 'jane@example');
    await user.tab();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(server.to('/account/authenticate')).toHaveLength(0);
  });

  it('shows the server words after a wrong password, clears the password and focuses it', async () => {
    const { user, server } = setup({ '/account/authenticate': () => json(WRONG_LOGIN) });
    await open(0, { skipCartMerge: true });

    await user.type(screen.getByLabelText(/^Email Address/), ' jane@example.com ');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-one');
    await user.click(screen.getByLabelText('Save login'));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await screen.findByText('Invalid Login — Please try again.');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();

    const [call] = server.to('/account/authenticate');
    expect(call!.headers.get('RequestVerificationToken')).toBe(TEST_TOKEN);
    expect(call!.body).toEqual({
      userName: 'jane@example.com',
      password: 'wrong-one',
      saveLogin: true,
      skipCartMerge: true,
      hasCaptcha: false,
      captcha: null,
    });
    expect(screen.queryByRole('group', { name: 'CAPTCHA' })).not.toBeInTheDocument();
  });

  it('shows the captcha when the server asks for it, sends its answer, and resets it after a failure', async () => {
    let challenges = 0;
    const answers = [
      { ...WRONG_LOGIN, captchaRequired: true, errorMessage: "Let's double check this. Please re-enter your password and complete the CAPTCHA below." },
      { ...WRONG_LOGIN, captchaRequired: true, captchaFailed: true, errorMessage: null },
    ];
    const { user, server } = setup({
      '/account/authenticate': () => json(answers.shift() ?? SIGNED_IN_ANSWER),
      '/account/captcha': () => json({ kind: 'proofOfWork', challenge: `payload${++challenges}.mac`, difficulty: 4 }),
    });
    await open();

    await user.type(screen.getByLabelText(/^Email Address/), 'jane@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(
      await screen.findByText("Let's double check this. Please re-enter your password and complete the CAPTCHA below."),
    ).toBeInTheDocument();
    const captcha = screen.getByRole('group', { name: 'CAPTCHA' });
    expect(await within(captcha).findByText(/Verified/)).toBeInTheDocument();
    expect(server.to('/account/captcha')).toHaveLength(1);

    await user.type(screen.getByLabelText(/^Password/), 'Password1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('reCAPTCHA validation failed. Please try again.')).toBeInTheDocument();
    const second = server.bodies('/account/authenticate')[1] as { hasCaptcha: boolean; captcha: string };
    expect(second.hasCaptcha).toBe(true);
    expect(second.captcha).toMatch(/^payload1\.mac:[A-Za-z0-9_-]+$/);
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    // A new challenge for the next attempt.
    await waitFor(() => expect(server.to('/account/captcha')).toHaveLength(2));

    await user.type(screen.getByLabelText(/^Password/), 'Password1');
    await within(screen.getByRole('group', { name: 'CAPTCHA' })).findByText(/Verified/);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(useSignInPanel.getState().isOpen).toBe(false));
    const third = server.bodies('/account/authenticate')[2] as { captcha: string };
    expect(third.captcha).toMatch(/^payload2\.mac:/);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("with reCAPTCHA configured, sends Google's widget token", async () => {
    const answers = [{ ...WRONG_LOGIN, captchaRequired: true, errorMessage: null }];
    const { user, server } = setup({
      '/account/authenticate': () => json(answers.shift() ?? SIGNED_IN_ANSWER),
      '/account/captcha': () => json({ kind: 'recaptcha', siteKey: 'site-1' }),
    });
    await open();
    await user.type(screen.getByLabelText(/^Email Address/), 'jane@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByText("Let's double check this. Please re-enter your password and complete the CAPTCHA below."),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('group', { name: 'CAPTCHA' })).toHaveAttribute('data-state', 'recaptcha'));

    await user.type(screen.getByLabelText(/^Password/), 'Password1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(server.bodies('/account/authenticate')[1]).toMatchObject({ hasCaptcha: true, captcha: 'recaptcha-token' });
  });

  it('a sign-in without headerJson refreshes the header and goes to the remembered destination', async () => {
    const { user, server, router } = setup({ '/account/authenticate': () => json(SIGNED_IN_ANSWER) });
    await open(0, { destination: '/account/orders/' });

    await user.type(screen.getByLabelText(/^Email Address/), 'jane@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Password1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account/orders/'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.to('/globalresource/header/')).toHaveLength(1);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it("a sign-in takes the answer's headerJson as the header data, without fetching it", async () => {
    setSession(); // a guest's header, with the menu, as the page loaded it
    const { user, server, router } = setup({
      '/account/authenticate': () => json({ ...SIGNED_IN_ANSWER, headerJson: SIGNED_IN_HEADER }),
    });
    await open(0, { destination: '/account/orders/' });

    await user.type(screen.getByLabelText(/^Email Address/), 'jane@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Password1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account/orders/'));
    expect(useSession.getState()).toMatchObject({
      status: 'success',
      loggedIn: true,
      greeting: 'Hi, Jane',
      customer: { firstName: 'Jane' },
      cartQty: 3,
    });
    expect(useSession.getState().deptMenu.length).toBeGreaterThan(0);
    expect(server.to('/globalresource/header/')).toHaveLength(0);
  });

  it('a password that must change goes to the update page with the destination', async () => {
    const { user, router } = setup({
      '/account/authenticate': () =>
        json({ ...SIGNED_IN_ANSWER, passwordChangeRequired: true, redirectUrl: '/account/update-password/' }),
    });
    await open();
    await user.type(screen.getByLabelText(/^Email Address/), 'jane@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Password1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account/update-password/'));
    expect(router.state.location.search).toBe('?refUrl=%2Fpet%2F');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers passkeys only where the browser has them', async () => {
    const first = setup();
    await open();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
    first.unmount();
    useSignInPanel.getState().reset();

    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get: vi.fn(async () => null) } });
    setup();
    await open();
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeInTheDocument();
  });

  it('goes to create and forgot-password, and back', async () => {
    const { user } = setup();
    await open();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('dialog', { name: 'Create Rewards Account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('dialog', { name: 'Create Rewards Account' })).toBeInTheDocument();
  });
});

describe('page 1, Create Rewards Account', () => {
  it('requires every field and focuses the first', async () => {
    const { user, server } = setup();
    await open(1);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(5);
    expect(screen.getByLabelText(/^First Name/)).toHaveFocus();

    await user.type(screen.getByLabelText(/^Email Address/), 'jane@example.con');
    await user.type(screen.getByLabelText(/^Phone Number/), '555');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid 10-digit phone number.')).toBeInTheDocument();
    expect(server.to('/account/register')).toHaveLength(0);
  });

  it('masks the phone and shows each password rule as it is met', async () => {
    const { user } = setup();
    await open(1);
    const phone = screen.getByLabelText(/^Phone Number/);
    await user.type(phone, '5552345678');
    expect(phone).toHaveValue('(555) 234-5678');

    const password = screen.getByLabelText(/^Password/);
    const status = () => screen.getByRole('status');
    await user.type(password, 'abc');
    expect(status()).toHaveTextContent('Password requires at least 1 uppercase character.');
    const rule = (text: string) => screen.getAllByRole('listitem').find((li) => li.textContent?.includes(text));
    expect(rule('Password requires at least 1 lowercase character.')).toHaveAttribute('data-met', 'true');
    expect(rule('Password requires at least 1 uppercase character.')).toHaveAttribute('data-met', 'false');

    await user.type(password, 'De1');
    expect(status()).toHaveTextContent('Password must be 8 characters long.');
    await user.type(password, 'fgh');
    expect(status()).toHaveTextContent('Password requirements met.');
    for (const item of screen.getAllByRole('listitem')) expect(item).toHaveAttribute('data-met', 'true');

    await user.clear(password);
    await user.type(password, 'short');
    await user.tab();
    expect(screen.getByText('See password requirements below.')).toBeInTheDocument();
  });

  it('a new member is signed in and welcomed by the rewards menu without a reload', async () => {
    const { user, server } = setup({ '/account/register': () => json(registerAnswer({ success: true })) });
    await open(1);
    await fillCreate(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(useRewardsMenu.getState()).toMatchObject({ isOpen: true, step: 'success' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
    expect(server.bodies('/account/register')).toEqual([TYPED_REQUEST]);
    expect(server.to('/account/register')[0]!.headers.get('RequestVerificationToken')).toBe(TEST_TOKEN);
    expect(server.to('/globalresource/header/')).toHaveLength(1);
  });

  it("a new member's header comes from the answer's headerJson", async () => {
    setSession();
    const { user, server } = setup({
      '/account/register': () => json(registerAnswer({ success: true, headerJson: SIGNED_IN_HEADER })),
    });
    await open(1);
    await fillCreate(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(useRewardsMenu.getState()).toMatchObject({ isOpen: true, step: 'success' }));
    expect(useSession.getState()).toMatchObject({ loggedIn: true, greeting: 'Hi, Jane', cartQty: 3 });
    expect(server.to('/globalresource/header/')).toHaveLength(0);
  });

  it('an account made without its rewards link signs in as usual', async () => {
    const { user } = setup({
      '/account/register': () => json(registerAnswer({ success: true, createdRewardsDesync: true })),
    });
    await open(1);
    await fillCreate(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(useRewardsMenu.getState().isOpen).toBe(false);
  });

  it('3 REWARDS_ACCOUNT_ALREADY_EXISTS keeps the registration and opens verification-join', async () => {
    const { user } = setup({
      '/account/register': () =>
        json(registerAnswer({ reasonCode: 3, email: 'j***@example.com', phone: '(555) 234-5678', redactedData: 'email' })),
    });
    await open(1);
    await fillCreate(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(useRewardsMenu.getState().step).toBe('verification-join'));
    expect(useRewardsMenu.getState()).toMatchObject({
      isOpen: true,
      data: { email: 'j***@example.com', phone: '(555) 234-5678', redactedData: 'email' },
    });
    expect(usePendingRegistration.getState().pending).toEqual({ kind: 'local', request: TYPED_REQUEST });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('12 PHONE_AND_EMAIL_SEPARATE_MATCH goes to select-account, which sends a code to the chosen account', async () => {
    const { user, server } = setup({
      '/account/register': () =>
        json(
          registerAnswer({
            reasonCode: 12,
            phone: '(***) ***-5678',
            email: 'm***@example.com',
            redactedData: 'both',
            secondEmail: 'j***@example.com',
            secondPhone: '(***) ***-9999',
            secondRedactedData: 'both',
          }),
        ),
      '/account/sendverificationcode': () =>
        json({ success: true, rewardsSessionId: 'rs-1', email: 'j***@example.com', phone: null }),
    });
    await open(1);
    await fillCreate(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const dialog = await screen.findByRole('dialog', { name: 'Connect Rewards Account' });
    expect(dialog).toHaveTextContent('(***) ***-5678');
    expect(dialog).toHaveTextContent('j***@example.com');
    expect(usePendingRegistration.getState().pending).toEqual({ kind: 'local', request: TYPED_REQUEST });

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please make a selection')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Email a code to/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(useRewardsMenu.getState().step).toBe('enter-code'));
    expect(server.bodies('/account/sendverificationcode')).toEqual([
      { verificationMethod: 'email', email: 'jane@example.com' },
    ]);
    expect(useRewardsMenu.getState()).toMatchObject({
      isOpen: true,
      code: { method: 'email', recipient: 'j***@example.com', rewardsSessionId: 'rs-1' },
      lookup: { email: 'jane@example.com' },
      data: { email: 'jane@example.com', redactedData: 'both' },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('select-account by phone sends the typed phone; a refusal shows the server words', async () => {
    const { user, server } = setup({
      '/account/sendverificationcode': () => json({ success: false, errorMessage: 'Please try again later.' }),
    });
    usePendingRegistration.getState().set({ kind: 'local', request: TYPED_REQUEST });
    useSignInData.getState().setMatches({
      phone: '(***) ***-5678',
      email: 'm***@example.com',
      redactedData: 'both',
      secondEmail: 'j***@example.com',
      secondPhone: null,
      secondRedactedData: 'email',
    });
    await open(3);
    await user.click(screen.getByRole('radio', { name: /Text a code to/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please try again later.')).toBeInTheDocument();
    expect(server.bodies('/account/sendverificationcode')).toEqual([
      { verificationMethod: 'phone', phoneNumber: '(555) 234-5678' },
    ]);
    expect(useRewardsMenu.getState().isOpen).toBe(false);
  });

  it('2 REWARDS_ACCOUNT_ALREADY_LINKED shows the server words', async () => {
    const message =
      'This phone number is already associated with another user, j***@example.com. Please enter a different number or call Customer Service at 1-800-210-2370.';
    const { user } = setup({ '/account/register': () => json(registerAnswer({ reasonCode: 2, errorMessage: message })) });
    await open(1);
    await fillCreate(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(useRewardsMenu.getState().isOpen).toBe(false);
    expect(usePendingRegistration.getState().pending).toBeNull();
  });

  it('5 SESSION_M_ERROR is reported and shows the generic message without server words', async () => {
    const { user, server } = setup({
      '/account/register': () => json(registerAnswer({ reasonCode: 5 })),
      '/a/log/': () => new Response(null, { status: 204 }),
    });
    await open(1);
    await fillCreate(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    expect(server.to('/a/log/')).toHaveLength(1);
  });

  it('a refused password shows under its field', async () => {
    const { user } = setup({
      '/account/register': () =>
        json(registerAnswer({ reasonCode: 6, errorMessage: 'Password must be at most 100 characters long.' })),
    });
    await open(1);
    await fillCreate(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const message = await screen.findByText('Password must be at most 100 characters long.');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(expect.stringContaining(message.textContent!));
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
  });
});

describe('page 2, Reset Your Password', () => {
  it('request, check your email, check your spam folder, resend', async () => {
    const { user, server } = setup({
      '/account/recover': () =>
        json({
          success: true,
          message: 'If we found a matching account, you will receive an email shortly with a link to reset your password.',
          errorMessage: null,
          reasonCode: null,
          redirectUrl: null,
        }),
    });
    await open(0);
    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(screen.getByRole('dialog', { name: 'Reset Your Password' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email Address/), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    const checkEmail = await screen.findByRole('dialog', { name: 'Please check your email.' });
    expect(checkEmail).toHaveTextContent(
      'If we found a matching account, you will receive an email shortly with a link to reset your password.',
    );
    expect(server.to('/account/recover')[0]!.headers.get('RequestVerificationToken')).toBe(TEST_TOKEN);
    expect(server.bodies('/account/recover')).toEqual([{ emailAddress: 'jane@example.com' }]);

    await user.click(screen.getByRole('button', { name: "Didn't get an email?" }));
    const spam = screen.getByRole('dialog', { name: 'Check your spam folder.' });
    expect(spam).toHaveTextContent('call Customer Service at 1-800-210-2370');

    await user.click(screen.getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(server.to('/account/recover')).toHaveLength(2));
    expect(server.bodies('/account/recover')[1]).toEqual({ emailAddress: 'jane@example.com' });

    // Back leaves the page; coming back starts at the request again.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(screen.getByRole('dialog', { name: 'Reset Your Password' })).toBeInTheDocument();
  });

  it('a failure shows the generic message', async () => {
    const { user } = setup({ '/account/recover': () => new Response(null, { status: 500 }) });
    await open(2);
    await user.type(screen.getByLabelText(/^Email Address/), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Reset Your Password' })).toBeInTheDocument();
  });
});

describe('third-party sign-in and page 4, Finish Signing Up', () => {
  const withFacebook: Record<string, Route> = {
    '/account/sign-in-options': () => json({ google: null, apple: null, facebook: 'fb-app' }),
  };

  it('shows no third-party button without client ids', async () => {
    const { server } = setup();
    await open(0);
    await waitFor(() => expect(server.to('/account/sign-in-options')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /with Facebook|with Apple/ })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('a closed popup is ignored; a refusal shows error and message', async () => {
    const { user, server } = setup({
      ...withFacebook,
      '/account/facebook-auth': () =>
        json({
          success: false,
          linked: false,
          reasonCode: null,
          reason: 'InvalidCredential',
          errorMessage: 'We could not confirm that sign-in. Please try again.',
        }),
    });
    await open(0);
    const button = await screen.findByRole('button', { name: 'Sign in with Facebook' });
    await user.click(button);
    expect(server.to('/account/facebook-auth')).toHaveLength(0);

    vi.mocked(facebookSignIn).mockResolvedValue(FB_TOKEN);
    await user.click(button);
    expect(
      await screen.findByText('InvalidCredential - We could not confirm that sign-in. Please try again.'),
    ).toBeInTheDocument();
    expect(server.bodies('/account/facebook-auth')).toEqual([
      { authResponse: FB_TOKEN, skipCartMerge: false, createNewAccount: false },
    ]);
  });

  it("'New Account' asks for the phone, then makes the account and welcomes the new member", async () => {
    vi.mocked(facebookSignIn).mockResolvedValue(FB_TOKEN);
    const { user, server } = setup({
      ...withFacebook,
      '/account/facebook-auth': () =>
        json({ success: false, linked: false, reasonCode: null, reason: 'New Account', errorMessage: null }),
      '/account/createoauthwithphone': () => json({ success: true, linked: false, reason: null, reasonCode: null, errorMessage: null }),
    });
    await open(1, { skipCartMerge: true });
    await user.click(await screen.findByRole('button', { name: 'Sign up with Facebook' }));

    expect(await screen.findByRole('dialog', { name: 'Finish Signing Up' })).toHaveTextContent(
      'Please enter your phone number to finish creating your account.',
    );
    await user.click(screen.getByRole('button', { name: 'Finish Signing Up' }));
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Phone Number/), '555');
    await user.tab();
    expect(screen.getByText('Please enter a valid 10-digit phone number.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Phone Number/), '2345678');
    await user.click(screen.getByRole('button', { name: 'Finish Signing Up' }));

    await waitFor(() => expect(useRewardsMenu.getState().step).toBe('success'));
    const [call] = server.to('/account/createoauthwithphone');
    expect(call!.headers.get('RequestVerificationToken')).toBe(TEST_TOKEN);
    expect(call!.body).toEqual({
      loginMethod: 'Facebook',
      credentialToken: FB_TOKEN,
      phoneNumber: '(555) 234-5678',
      skipCartMerge: true,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('enter-phone: 1 stays with the message, 3 keeps the registration for verification-join', async () => {
    const answers = [
      { success: false, linked: false, reason: null, reasonCode: 1, errorMessage: 'We could not find that rewards account.' },
      { success: false, linked: false, reason: null, reasonCode: 3, errorMessage: null, phone: '(***) ***-5678', email: 'jane@example.com', redactedData: 'phone' },
    ];
    const { user } = setup({ '/account/createoauthwithphone': () => json(answers.shift()) });
    useSignInData.getState().setNewAccount({ loginMethod: 'Google', credentialToken: 'google-jwt' });
    await open(4);
    await user.type(screen.getByLabelText(/^Phone Number/), '5552345678');
    await user.click(screen.getByRole('button', { name: 'Finish Signing Up' }));
    expect(await screen.findByText('We could not find that rewards account.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Finish Signing Up' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Finish Signing Up' }));
    await waitFor(() => expect(useRewardsMenu.getState().step).toBe('verification-join'));
    expect(usePendingRegistration.getState().pending).toEqual({
      kind: 'oauth',
      request: { loginMethod: 'Google', credentialToken: 'google-jwt', phoneNumber: '(555) 234-5678', skipCartMerge: false },
    });
    expect(useRewardsMenu.getState().data).toEqual({ phone: '(***) ***-5678', email: 'jane@example.com', redactedData: 'phone' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("Google's button gets the client id and the store's nonce; its credential signs in", async () => {
    const { server } = setup({
      '/account/sign-in-options': () => json({ google: 'g-id', apple: null, facebook: null }),
      '/account/oauth-nonce': () => json({ nonce: 'nonce-1' }),
      '/account/google-auth': () => json({ success: true, linked: false, reason: null, reasonCode: null, errorMessage: null }),
    });
    await open(0, { skipCartMerge: true });
    await waitFor(() => expect(renderGoogleButton).toHaveBeenCalled());
    const [container, clientId, nonce, onCredential, options] = vi.mocked(renderGoogleButton).mock.calls.at(-1)!;
    expect(container).toHaveAttribute('data-provider', 'Google');
    expect([clientId, nonce, options?.text]).toEqual(['g-id', 'nonce-1', 'signin_with']);
    expect(screen.queryByRole('button', { name: /with Facebook/ })).not.toBeInTheDocument();

    onCredential('google-jwt');
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(server.bodies('/account/google-auth')).toEqual([
      { credential: 'google-jwt', skipCartMerge: true, createNewAccount: false },
    ]);
  });

  it('a linked identity signs in like a password', async () => {
    vi.mocked(facebookSignIn).mockResolvedValue(FB_TOKEN);
    const { user } = setup({
      ...withFacebook,
      '/account/facebook-auth': () => json({ success: true, linked: false, reason: null, reasonCode: null, errorMessage: null }),
    });
    await open(0);
    await user.click(await screen.findByRole('button', { name: 'Sign in with Facebook' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
  });
});
