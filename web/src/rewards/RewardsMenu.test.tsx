import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  completeRegistrationWithoutRewards,
  usePendingRegistration,
  type PendingRegistration,
} from '../account/pendingRegistration';
import { headerFixture, renderInRouter, setSession, SIGNED_IN } from '../header/testing';
import { forgetAntiForgeryToken } from '../shared/api/antiforgery';
import { reloadPage } from '../shared/api/reload';
import {
  CONFIRM_CODE_URL,
  FIND_REWARDS_URL,
  JOIN_REWARDS_URL,
  joinRewards,
  LINK_REWARDS_NUMBER_URL,
  REWARDS_DATA_URL,
  SEND_CODE_URL,
} from '../shared/api/rewards';
import { HEADER_URL } from '../shared/api/shell';
import { trackEvent } from '../shared/tracking';
import { LOG_URL } from '../shared/ui/errors';
import { useSession } from '../session';
import RewardsMenu, { COMPACT_HEIGHT_PX } from './RewardsMenu';
import { RewardsMenuHost } from './RewardsMenuHost';
import { LOOKUP_FAILED_MESSAGE } from './rewardsFlow';
import { openRewardsMenu, useRewardsMenu, type RewardsStep, type VerificationData } from './rewardsMenuStore';
import { NO_PIECE_MESSAGE } from './rewardsText';
import { accountInUseLogoutHref } from './steps/VerificationStep';

vi.mock('../shared/api/reload', () => ({ reloadPage: vi.fn() }));
vi.mock('../shared/tracking', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../shared/tracking')>()),
  trackEvent: vi.fn(),
}));
vi.mock('../account/pendingRegistration', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../account/pendingRegistration')>()),
  completeRegistrationWithoutRewards: vi.fn(),
}));

// ---------------------------------------------------------------- the fake server

type Answer = unknown | ((body: unknown) => Response | Promise<Response>);

const NOT_FOUND_IN_STORE = {
  success: true,
  customerHasRewards: false,
  emailAlreadyLinked: false,
  sessionMFound: false,
  email: 'jane@example.com',
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

/** Stubs the server: rewards answers by path (JSON, or a function of the request body). */
function server(answers: Record<string, Answer> = {}) {
  const routes: Record<string, Answer> = {
    '/account/getantiforgerytoken': () => new Response('<input type="hidden" name="t" value="tok-1" />'),
    [REWARDS_DATA_URL]: NOT_FOUND_IN_STORE,
    [HEADER_URL]: headerFixture(SIGNED_IN),
    [LOG_URL]: () => new Response(null, { status: 204 }),
    ...answers,
  };
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const route = routes[path];
    if (route === undefined) return new Response('not found', { status: 404 });
    if (typeof route === 'function') {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      return (route as (b: unknown) => Response | Promise<Response>)(body);
    }
    return Response.json(route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to `path`. */
function sent(path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
}

function refused(reasonCode: number, errorMessage: string, extra: Record<string, unknown> = {}) {
  return { success: false, reasonCode, errorMessage, ...extra };
}

const REGISTRATION: PendingRegistration = {
  kind: 'local',
  request: {
    firstName: 'Jane',
    lastName: 'Doe',
    emailAddress: 'jane@example.com',
    password: 'Secret123',
    phoneNumber: '(608) 555-1234',
    saveLogin: false,
    skipConnectingRewards: false,
    hasDesyncedRewards: false,
  },
};

beforeEach(() => {
  useRewardsMenu.getState().reset();
  usePendingRegistration.getState().set(null);
  useSession.getState().reset();
  forgetAntiForgeryToken();
  sessionStorage.clear();
  vi.mocked(reloadPage).mockReset();
  vi.mocked(trackEvent).mockReset();
  vi.mocked(completeRegistrationWithoutRewards).mockReset();
  server();
});

afterEach(() => {
  vi.useRealTimers();
});

function setup(path = '/pet/') {
  const user = userEvent.setup();
  const result = renderInRouter(
    <>
      <button type="button" onClick={() => openRewardsMenu('join')}>
        Join now
      </button>
      <RewardsMenuHost />
    </>,
    path,
  );
  return { user, ...result };
}

async function open(step: RewardsStep, data: VerificationData = {}, title?: string) {
  act(() => openRewardsMenu(step, data));
  return title ? screen.findByRole('dialog', { name: title }) : screen.findByRole('dialog');
}

const body = () => within(screen.getByRole('dialog'));

async function joinWith(user: ReturnType<typeof userEvent.setup>, phone = '6085551234') {
  await open('join', {}, 'Join Rewards');
  await user.type(screen.getByLabelText(/Phone Number/), phone);
  await user.click(screen.getByRole('button', { name: 'Join Rewards' }));
}

// ---------------------------------------------------------------- opening

describe('opening', () => {
  it('fetches the rewards data and shows the join step', async () => {
    setup();
    const dialog = await open('join', {}, 'Join Rewards');
    expect(sent(REWARDS_DATA_URL)).toEqual([undefined]);
    expect(within(dialog).getByLabelText(/Phone Number/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Join Rewards' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Connect' })).toBeInTheDocument();
  });

  it.each([
    ['success', 'Welcome to Rewards!'],
    ['verification-join', 'Connect Rewards Account'],
  ] as const)('does not fetch it when opened at %s', async (step, title) => {
    setup();
    await open(step, { phone: '(***) ***-1234', email: 'j***@example.com', redactedData: 'both' }, title);
    expect(useRewardsMenu.getState().opening).toBe('idle');
    expect(sent(REWARDS_DATA_URL)).toEqual([]);
  });

  it('does not fetch it for a registering visitor (not signed in yet)', async () => {
    usePendingRegistration.getState().set(REGISTRATION);
    setup();
    await open('account-in-use', { email: 'j***@example.com' }, 'This rewards account is already associated with another user');
    expect(sent(REWARDS_DATA_URL)).toEqual([]);
  });

  it('emailAlreadyLinked: the join step says to call customer service', async () => {
    server({ [REWARDS_DATA_URL]: { ...NOT_FOUND_IN_STORE, emailAlreadyLinked: true } });
    setup();
    const dialog = await open('connect', {}, 'Join Rewards');
    expect(dialog).toHaveTextContent(
      'Your email address is already connected to another rewards account. Please call Customer Service at 1-800-210-2370 so we can help you join.',
    );
    expect(within(dialog).getByRole('link', { name: '1-800-210-2370' })).toHaveAttribute('href', 'tel:+18002102370');
  });

  it('sessionMFound: verification-account with the phone and email, the phone hidden', async () => {
    server({
      [REWARDS_DATA_URL]: {
        ...NOT_FOUND_IN_STORE,
        sessionMFound: true,
        phone: '(***) ***-1234',
        email: 'jane@example.com',
        redactedData: 'phone',
      },
    });
    setup();
    const dialog = await open('join', {}, 'Connect Rewards Account');
    expect(dialog).toHaveTextContent(
      'Looks like you previously joined rewards in store! To connect your account, choose a verification method.',
    );
    expect(within(dialog).getByRole('radio', { name: 'Text a code to (***) ***-1234' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Email a code to jane@example.com' })).toBeInTheDocument();
    expect(useRewardsMenu.getState()).toMatchObject({
      step: 'verification-account',
      data: { phone: '(***) ***-1234', email: 'jane@example.com', redactedData: 'phone' },
    });
  });

  it('customerHasRewards: customer-has-rewards, and the data is reloaded', async () => {
    server({ [REWARDS_DATA_URL]: { ...NOT_FOUND_IN_STORE, customerHasRewards: true } });
    setup();
    const dialog = await open('join', {}, 'Rewards Member');
    expect(dialog).toHaveTextContent('You are already a rewards member.');
    expect(dialog).toHaveTextContent(
      'This can happen if you joined in another browser or were assisted by customer service.',
    );
    await vi.waitFor(() => expect(sent(HEADER_URL)).toHaveLength(1));
    expect(useRewardsMenu.getState().dataVersion).toBe(1);
  });

  it('customer not found: reported, and the page reloads', async () => {
    server({ [REWARDS_DATA_URL]: refused(0, 'Please sign in to join rewards.', { customerHasRewards: false, emailAlreadyLinked: false, sessionMFound: false }) });
    setup();
    await open('join');
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(sent(LOG_URL)).toHaveLength(1);
  });

  it('a fault shows the network error in the banner', async () => {
    server({ [REWARDS_DATA_URL]: () => new Response('{}', { status: 500 }) });
    setup();
    const dialog = await open('join', {}, 'Join Rewards');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A network error has occurred');
  });
});

describe('the 400 ms wait', () => {
  function deferredData() {
    let resolve!: (r: Response) => void;
    server({ [REWARDS_DATA_URL]: () => new Promise<Response>((r) => (resolve = r)) });
    return (data: unknown) => resolve(Response.json(data));
  }

  it('shows a loading state only after 400 ms', async () => {
    vi.useFakeTimers();
    const answer = deferredData();
    renderInRouter(<RewardsMenu />);
    act(() => openRewardsMenu('join'));
    expect(screen.getByRole('dialog', { name: 'Rewards' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(399));
    expect(screen.queryByText('Loading your rewards…')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Phone Number/)).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading your rewards…');

    await act(async () => {
      answer(NOT_FOUND_IN_STORE);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('dialog', { name: 'Join Rewards' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your rewards…')).not.toBeInTheDocument();
  });

  it('an answer within 400 ms never shows the loading state', async () => {
    vi.useFakeTimers();
    const answer = deferredData();
    renderInRouter(<RewardsMenu />);
    act(() => openRewardsMenu('join'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
      answer(NOT_FOUND_IN_STORE);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('dialog', { name: 'Join Rewards' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.queryByText('Loading your rewards…')).not.toBeInTheDocument();
  });
});

// ---------------------------------------------------------------- join

describe('join by phone', () => {
  it('validates the phone: required, then a valid 10-digit number', async () => {
    const { user } = setup();
    await open('join', {}, 'Join Rewards');
    await user.click(screen.getByRole('button', { name: 'Join Rewards' }));
    const phone = screen.getByLabelText(/Phone Number/);
    expect(body().getByText('This field is required.')).toBeInTheDocument();
    expect(phone).toHaveFocus();
    await user.type(phone, '60855');
    expect(body().getByText('Please enter a valid 10-digit phone number.')).toBeInTheDocument();
    expect(sent(JOIN_REWARDS_URL)).toEqual([]);
  });

  it('success: the welcome', async () => {
    server({ [JOIN_REWARDS_URL]: { success: true } });
    const { user } = setup();
    await joinWith(user);
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Rewards!' });
    expect(dialog).toHaveTextContent("Earn 1 point for every $1 spent\u2014that's 1% back! Plus, enjoy special offers and savings.");
    expect(sent(JOIN_REWARDS_URL)).toEqual([{ phoneNumber: '(608) 555-1234' }]);
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u) === JOIN_REWARDS_URL)!;
    expect(new Headers(init?.headers).get('RequestVerificationToken')).toBe('tok-1');
  });

  it('8: customer-has-rewards', async () => {
    server({ [JOIN_REWARDS_URL]: refused(8, 'You are already a rewards member.') });
    const { user } = setup();
    await joinWith(user);
    expect(await screen.findByRole('dialog', { name: 'Rewards Member' })).toHaveTextContent('You are already a rewards member.');
  });

  it('2: account-in-use with the email redacted', async () => {
    server({
      [JOIN_REWARDS_URL]: refused(2, 'This phone number is already associated with another user, j***@example.com. …', {
        email: 'j***@example.com',
        phone: '(608) 555-1234',
        redactedData: 'email',
      }),
    });
    const { user } = setup();
    await joinWith(user);
    const dialog = await screen.findByRole('dialog', { name: 'This rewards account is already associated with another user' });
    expect(dialog).toHaveTextContent('Try logging in with the email below instead!');
    expect(dialog).toHaveTextContent('j***@example.com');
    expect(useRewardsMenu.getState().data).toEqual({ phone: '(608) 555-1234', email: 'j***@example.com', redactedData: 'email' });
  });

  it('3: verification-join with the email redacted', async () => {
    server({
      [JOIN_REWARDS_URL]: refused(3, 'Looks like you previously joined rewards in store! …', {
        email: 'j***@example.com',
        phone: '(608) 555-1234',
        redactedData: 'email',
      }),
    });
    const { user } = setup();
    await joinWith(user);
    const dialog = await screen.findByRole('dialog', { name: 'Connect Rewards Account' });
    expect(dialog).toHaveTextContent(
      'Looks like you previously joined rewards in store! To connect your account, choose a verification method.',
    );
    expect(useRewardsMenu.getState()).toMatchObject({ step: 'verification-join', data: { redactedData: 'email' } });
  });

  it('another reason: its message in the banner; 5 is also reported', async () => {
    server({ [JOIN_REWARDS_URL]: refused(6, 'Please enter a valid 10-digit phone number.') });
    const { user } = setup();
    await joinWith(user);
    expect(await body().findByRole('alert')).toHaveTextContent('Please enter a valid 10-digit phone number.');
    expect(sent(LOG_URL)).toHaveLength(0);

    server({ [JOIN_REWARDS_URL]: refused(5, 'Something went wrong. Please try again later.') });
    await user.click(screen.getByRole('button', { name: 'Join Rewards' }));
    await vi.waitFor(() => expect(body().getByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.'));
    expect(sent(LOG_URL)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Join Rewards' })).toBeInTheDocument();
  });
});

// ---------------------------------------------------------------- connect

describe('connect', () => {
  async function toConnect(user: ReturnType<typeof userEvent.setup>) {
    await open('join', {}, 'Join Rewards');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    return screen.getByRole('dialog', { name: 'Rewards Account Lookup' });
  }

  it("'Connect' from join shows the way back to join; the email is the customer's", async () => {
    const { user } = setup();
    await toConnect(user);
    expect(screen.getByLabelText(/Email/)).toHaveValue('jane@example.com');
    expect(screen.getByLabelText(/Phone Number/)).toHaveValue('');
    expect(screen.getByLabelText(/Rewards Number/)).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Back to Join Rewards' }));
    expect(screen.getByRole('dialog', { name: 'Join Rewards' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Back/ })).not.toBeInTheDocument();
  });

  it("'Please only enter one piece of information.' when two or more are filled", async () => {
    const { user } = setup();
    await toConnect(user);
    await user.type(screen.getByLabelText(/Phone Number/), '6085551234');
    await user.click(screen.getByRole('button', { name: 'Find My Account' }));
    expect(body().getByText('Please only enter one piece of information.')).toBeInTheDocument();
    expect(sent(FIND_REWARDS_URL)).toEqual([]);

    await user.type(screen.getByLabelText(/Rewards Number/), '1234567890123');
    expect(body().getByText('Please only enter one piece of information.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/Email/));
    await user.clear(screen.getByLabelText(/Rewards Number/));
    expect(body().queryByText('Please only enter one piece of information.')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText(/Phone Number/));
    await user.click(screen.getByRole('button', { name: 'Find My Account' }));
    expect(body().getByText(NO_PIECE_MESSAGE)).toBeInTheDocument();
  });

  it('checks each field: phone optional but valid, email valid, rewards number 13 digits', async () => {
    const { user } = setup();
    await toConnect(user);
    const email = screen.getByLabelText(/Email/);
    await user.clear(email);
    await user.type(email, 'jane@example.con');
    await user.tab();
    expect(body().getByText('Please enter a valid email address.')).toBeInTheDocument();
    await user.clear(email);

    const number = screen.getByLabelText(/Rewards Number/);
    await user.type(number, '12a34567890123456');
    expect(number).toHaveValue('1234567890123');
    await user.clear(number);
    await user.type(number, '123456789012');
    await user.click(screen.getByRole('button', { name: 'Find My Account' }));
    expect(body().getByText('Must be 13 characters. Currently (12)')).toBeInTheDocument();
    expect(number).toHaveFocus();

    await user.clear(number);
    await user.type(screen.getByLabelText(/Phone Number/), '608');
    await user.tab();
    expect(body().getByText('Please enter a valid 10-digit phone number.')).toBeInTheDocument();
  });

  it('4 VERIFICATION_REQUIRED: verification-connect with what was found; a loading flag meanwhile', async () => {
    let answer!: (r: Response) => void;
    server({ [FIND_REWARDS_URL]: () => new Promise<Response>((r) => (answer = r)) });
    const { user } = setup();
    await toConnect(user);
    await user.clear(screen.getByLabelText(/Email/));
    await user.type(screen.getByLabelText(/Rewards Number/), '1234567890123');
    await user.click(screen.getByRole('button', { name: 'Find My Account' }));
    const busy = await body().findByRole('button', { name: 'Searching…' });
    expect(busy).toBeDisabled();
    expect(useRewardsMenu.getState().busy).toBe(true);

    await act(async () =>
      answer(
        Response.json(
          refused(4, 'We found a matching account. …', { phone: '(***) ***-1234', email: 'j***@example.com', redactedData: 'both' }),
        ),
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Identity Verification' });
    expect(dialog).toHaveTextContent('We found a matching account. How would you like to receive your verification code?');
    expect(sent(FIND_REWARDS_URL)).toEqual([{ phoneNumber: null, email: null, rewardsNumber: '1234567890123' }]);
    expect(useRewardsMenu.getState()).toMatchObject({
      busy: false,
      data: { phone: '(***) ***-1234', email: 'j***@example.com', rewardsNumber: '1234567890123', redactedData: 'both' },
    });
    // The rewards number is known: no "enter my rewards number" choice.
    expect(within(dialog).getAllByRole('radio')).toHaveLength(2);

    // Back goes to connect, whose own back goes to join.
    await user.click(screen.getByRole('button', { name: 'Back to Rewards Account Lookup' }));
    expect(screen.getByRole('dialog', { name: 'Rewards Account Lookup' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Join Rewards' }));
    expect(screen.getByRole('dialog', { name: 'Join Rewards' })).toBeInTheDocument();
  });

  it.each([
    [8, 'Rewards Member'],
    [2, 'This rewards account is already associated with another user'],
  ])('%i goes to %s', async (code, title) => {
    server({ [FIND_REWARDS_URL]: refused(code, 'x', { email: 'j***@example.com', phone: '(***) ***-1234', redactedData: 'both' }) });
    const { user } = setup();
    await toConnect(user);
    await user.click(screen.getByRole('button', { name: 'Find My Account' }));
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
    // Customer-has-rewards clears the header button; account-in-use goes back to the lookup.
    const back = screen.queryByRole('button', { name: 'Back to Rewards Account Lookup' });
    if (code === 8) expect(back).not.toBeInTheDocument();
    else expect(back).toBeInTheDocument();
  });

  it('anything else shows the returned message; no answer the customer-service message', async () => {
    server({ [FIND_REWARDS_URL]: refused(1, "We couldn't find a rewards account with that information.") });
    const { user } = setup();
    await toConnect(user);
    await user.click(screen.getByRole('button', { name: 'Find My Account' }));
    expect(await body().findByRole('alert')).toHaveTextContent("We couldn't find a rewards account with that information.");

    server({ [FIND_REWARDS_URL]: () => new Response('{}', { status: 500 }) });
    await user.click(screen.getByRole('button', { name: 'Find My Account' }));
    await vi.waitFor(() => expect(body().getByRole('alert')).toHaveTextContent(LOOKUP_FAILED_MESSAGE));
    expect(LOOKUP_FAILED_MESSAGE).toBe('Something went wrong. Please try again or call Customer Service at 1-800-210-2370.');
  });
});

// ---------------------------------------------------------------- verification and codes

const FOUND: VerificationData = { phone: '(608) 555-1234', email: 'j***@example.com', redactedData: 'email' };

describe('verification', () => {
  it('verification-join offers the masked phone, email and the rewards number', async () => {
    setup();
    const dialog = await open('verification-join', FOUND, 'Connect Rewards Account');
    expect(within(dialog).getByRole('radio', { name: 'Text a code to (608) 555-1234' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Email a code to j***@example.com' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Enter my rewards number instead' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: "Can't Receive a Code?" })).toBeInTheDocument();
  });

  it('send-code success: enter-code with the method, recipient and session id', async () => {
    server({ [SEND_CODE_URL]: { success: true, rewardsSessionId: 'rs_abc', email: 'j***@example.com', redactedData: 'email' } });
    const { user } = setup();
    await open('verification-join', FOUND, 'Connect Rewards Account');
    await user.click(screen.getByRole('radio', { name: /Email a code/ }));
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter Verification Code' });
    expect(dialog).toHaveTextContent('We sent a 6-digit verification code to j***@example.com.');
    expect(within(dialog).getByRole('button', { name: 'Resend code' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Skip connecting rewards' })).toBeInTheDocument();
    expect(useRewardsMenu.getState().code).toEqual({ method: 'email', recipient: 'j***@example.com', rewardsSessionId: 'rs_abc' });
    expect(sent(SEND_CODE_URL)).toEqual([
      { phoneNumber: '(608) 555-1234', email: 'j***@example.com', rewardsNumber: null, verificationMethod: 'email' },
    ]);
  });

  it('send-code with the join typed phone as the key', async () => {
    server({
      [JOIN_REWARDS_URL]: refused(3, 'x', { email: 'j***@example.com', phone: '(608) 555-1234', redactedData: 'email' }),
      [SEND_CODE_URL]: { success: true, rewardsSessionId: 'rs_1', phone: '(***) ***-1234', redactedData: 'phone' },
    });
    const { user } = setup();
    await joinWith(user);
    await screen.findByRole('dialog', { name: 'Connect Rewards Account' });
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    await screen.findByRole('dialog', { name: 'Enter Verification Code' });
    expect(sent(SEND_CODE_URL)[0]).toMatchObject({ phoneNumber: '(608) 555-1234', verificationMethod: 'phone' });
    // Enter-code keeps the header button (back to join).
    expect(screen.getByRole('button', { name: 'Back to Join Rewards' })).toBeInTheDocument();
  });

  it('send-code 8: customer-has-rewards; else the error', async () => {
    server({ [SEND_CODE_URL]: refused(7, 'Something went wrong. Please try again later.') });
    const { user } = setup();
    await open('verification-join', FOUND, 'Connect Rewards Account');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await body().findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');

    server({ [SEND_CODE_URL]: refused(8, 'You are already a rewards member.') });
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByRole('dialog', { name: 'Rewards Member' })).toBeInTheDocument();
  });

  it("'Can't Receive a Code?': help when the rewards number is known", async () => {
    const { user } = setup();
    await open('verification-connect', { ...FOUND, rewardsNumber: '1234567890123' }, 'Identity Verification');
    await user.click(screen.getByRole('button', { name: "Can't Receive a Code?" }));
    const dialog = screen.getByRole('dialog', { name: "Can't Receive a Code?" });
    expect(within(dialog).getByRole('link', { name: '1-800-210-2370' })).toHaveAttribute('href', 'tel:+18002102370');
    const closeButtons = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(closeButtons[closeButtons.length - 1]!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("'Can't Receive a Code?': otherwise enter-code in rewards-number mode, then link by number", async () => {
    server({ [LINK_REWARDS_NUMBER_URL]: { success: true } });
    const { user } = setup();
    await open('verification-join', FOUND, 'Connect Rewards Account');
    await user.click(screen.getByRole('button', { name: "Can't Receive a Code?" }));
    const dialog = screen.getByRole('dialog', { name: 'Enter Your Rewards Number' });
    const input = within(dialog).getByLabelText(/Rewards Number/);
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('maxlength', '13');
    await user.type(input, '123');
    await user.click(within(dialog).getByRole('button', { name: 'Connect Account' }));
    expect(within(dialog).getByText('Must be 13 characters. Currently (3)')).toBeInTheDocument();
    await user.type(input, 'x4567890123999');
    expect(input).toHaveValue('1234567890123');
    await user.click(within(dialog).getByRole('button', { name: 'Connect Account' }));
    expect(await screen.findByRole('dialog', { name: 'Connection Successful!' })).toHaveTextContent(
      'Your account and your Rewards Account are now connected!',
    );
    expect(sent(LINK_REWARDS_NUMBER_URL)).toEqual([
      {
        accountInfo: { phoneNumber: '(608) 555-1234', email: 'j***@example.com', rewardsNumber: '1234567890123', verificationMethod: 'rewardsNumber' },
        createAccountRequest: null,
        createOauthAccountRequest: null,
      },
    ]);
  });

  it('choosing the rewards number asks the server, then types it', async () => {
    server({ [SEND_CODE_URL]: { success: true, email: 'j***@example.com', phone: '(***) ***-1234', redactedData: 'both' } });
    const { user } = setup();
    await open('verification-join', FOUND, 'Connect Rewards Account');
    await user.click(screen.getByRole('radio', { name: 'Enter my rewards number instead' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('dialog', { name: 'Enter Your Rewards Number' })).toBeInTheDocument();
    expect(sent(SEND_CODE_URL)[0]).toMatchObject({ verificationMethod: 'rewardsNumber' });
  });

  it('account-in-use: the log-out link, the lookup and the customer-service line', async () => {
    const { user } = setup('/pet/dog/');
    const dialog = await open('account-in-use', FOUND, 'This rewards account is already associated with another user');
    expect(dialog).toHaveTextContent('Try logging in with the email below instead!');
    expect(dialog).toHaveTextContent('j***@example.com');
    expect(within(dialog).getByRole('link', { name: 'Log Out and Sign In' })).toHaveAttribute(
      'href',
      `/account/logout/?refUrl=${encodeURIComponent('/account/login/?refUrl=/pet/dog/')}`,
    );
    expect(within(dialog).getByRole('link', { name: '1-800-210-2370' })).toHaveAttribute('href', 'tel:+18002102370');
    await user.click(within(dialog).getByRole('button', { name: 'Rewards Account Lookup' }));
    expect(screen.getByRole('dialog', { name: 'Rewards Account Lookup' })).toBeInTheDocument();
  });

  it('the log-out link keeps a query in the inner refUrl', () => {
    expect(accountInUseLogoutHref('/s/', '?keyword=rope&pg=2')).toBe(
      `/account/logout/?refUrl=${encodeURIComponent(`/account/login/?refUrl=${encodeURIComponent('/s/?keyword=rope&pg=2')}`)}`,
    );
  });
});

describe('enter-code', () => {
  async function toEnterCode(user: ReturnType<typeof userEvent.setup>) {
    await open('verification-join', FOUND, 'Connect Rewards Account');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    return screen.findByRole('dialog', { name: 'Enter Verification Code' });
  }

  beforeEach(() => {
    server({ [SEND_CODE_URL]: { success: true, rewardsSessionId: 'rs_abc', phone: '(***) ***-1234', redactedData: 'phone' } });
  });

  it('takes a 6-digit numeric code', async () => {
    const { user } = setup();
    const dialog = await toEnterCode(user);
    const input = within(dialog).getByLabelText(/Verification Code/);
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('maxlength', '6');
    await user.type(input, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(within(dialog).getByText('Must be 6 characters. Currently (2)')).toBeInTheDocument();
    await user.type(input, 'ab34567');
    expect(input).toHaveValue('123456');
    expect(sent(CONFIRM_CODE_URL)).toEqual([]);
  });

  it('confirm success: connected', async () => {
    server({
      [SEND_CODE_URL]: { success: true, rewardsSessionId: 'rs_abc', phone: '(***) ***-1234', redactedData: 'phone' },
      [CONFIRM_CODE_URL]: { success: true },
    });
    const { user } = setup();
    const dialog = await toEnterCode(user);
    await user.type(within(dialog).getByLabelText(/Verification Code/), '012345');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    const success = await screen.findByRole('dialog', { name: 'Connection Successful!' });
    expect(success).toHaveTextContent('Your account and your Rewards Account are now connected!');
    expect(sent(CONFIRM_CODE_URL)).toEqual([
      { code: 12345, rewardsSessionId: 'rs_abc', createAccountRequest: null, createOauthAccountRequest: null },
    ]);
    // Success clears the header button and reloads the data.
    expect(screen.queryByRole('button', { name: /Back/ })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(sent(HEADER_URL)).toHaveLength(1));
    expect(trackEvent).not.toHaveBeenCalled();
  });

  it('confirm 8: customer-has-rewards; else the error', async () => {
    server({
      [SEND_CODE_URL]: { success: true, rewardsSessionId: 'rs_abc', phone: '(***) ***-1234', redactedData: 'phone' },
      [CONFIRM_CODE_URL]: refused(6, 'That code is not correct. Please try again.'),
    });
    const { user } = setup();
    const dialog = await toEnterCode(user);
    await user.type(within(dialog).getByLabelText(/Verification Code/), '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That code is not correct. Please try again.');

    server({ [CONFIRM_CODE_URL]: refused(8, 'You are already a rewards member.') });
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('dialog', { name: 'Rewards Member' })).toBeInTheDocument();
  });

  it('resend code asks for a new one', async () => {
    const { user } = setup();
    const dialog = await toEnterCode(user);
    server({ [SEND_CODE_URL]: { success: true, rewardsSessionId: 'rs_def', phone: '(***) ***-1234', redactedData: 'phone' } });
    await user.click(within(dialog).getByRole('button', { name: 'Resend code' }));
    expect(await within(dialog).findByText('We sent a new code to (***) ***-1234.')).toBeInTheDocument();
    expect(useRewardsMenu.getState().code?.rewardsSessionId).toBe('rs_def');
    expect(sent(SEND_CODE_URL)).toEqual([
      { phoneNumber: '(608) 555-1234', email: 'j***@example.com', rewardsNumber: null, verificationMethod: 'phone' },
    ]);
  });

  it('closing after enter-code reloads the page', async () => {
    const { user } = setup();
    await toEnterCode(user);
    await user.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('closing before enter-code does not', async () => {
    const { user } = setup();
    await open('verification-join', FOUND, 'Connect Rewards Account');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

// ---------------------------------------------------------------- outcomes and closing

describe('success and closing', () => {
  it('the success step forces a reload when closed', async () => {
    const { user } = setup();
    const dialog = await open('success', {}, 'Welcome to Rewards!');
    expect(dialog).toHaveTextContent("Earn 1 point for every $1 spent\u2014that's 1% back! Plus, enjoy special offers and savings.");
    await user.click(within(dialog).getByRole('button', { name: 'Continue Shopping' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('Escape closes and focus returns to the opener', async () => {
    const { user } = setup();
    const opener = screen.getByRole('button', { name: 'Join now' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Join Rewards' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('a new step takes the focus', async () => {
    const { user } = setup();
    await open('join', {}, 'Join Rewards');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(document.activeElement).toHaveClass('rewards-menu__body');
  });

  it('hides the header picture when the window gets short, after a 50 ms pause', async () => {
    vi.useFakeTimers();
    renderInRouter(<RewardsMenu />);
    act(() => openRewardsMenu('success'));
    const menu = document.querySelector('.rewards-menu')!;
    expect(menu).not.toHaveClass('rewards-menu--compact');
    const height = window.innerHeight;
    try {
      window.innerHeight = COMPACT_HEIGHT_PX - 100;
      fireEvent(window, new Event('resize'));
      await act(() => vi.advanceTimersByTimeAsync(49));
      expect(menu).not.toHaveClass('rewards-menu--compact');
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(menu).toHaveClass('rewards-menu--compact');
    } finally {
      window.innerHeight = height;
    }
  });
});

describe('skip connecting rewards', () => {
  async function toEnterCodeByNumber(user: ReturnType<typeof userEvent.setup>) {
    await open('verification-join', FOUND, 'Connect Rewards Account');
    await user.click(screen.getByRole('button', { name: "Can't Receive a Code?" }));
    return screen.getByRole('dialog', { name: 'Enter Your Rewards Number' });
  }

  it('with nothing pending just closes (reloading, after enter-code)', async () => {
    const { user } = setup();
    const dialog = await toEnterCodeByNumber(user);
    await user.click(within(dialog).getByRole('button', { name: 'Skip connecting rewards' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(completeRegistrationWithoutRewards).not.toHaveBeenCalled();
  });

  it('with a pending registration makes the account, closes and refreshes the header', async () => {
    usePendingRegistration.getState().set(REGISTRATION);
    vi.mocked(completeRegistrationWithoutRewards).mockResolvedValue({ ok: true });
    const { user } = setup();
    const dialog = await toEnterCodeByNumber(user);
    await user.click(within(dialog).getByRole('button', { name: 'Skip connecting rewards' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(completeRegistrationWithoutRewards).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(sent(HEADER_URL)).toHaveLength(1));
  });

  it('a failure shows its message in the banner', async () => {
    usePendingRegistration.getState().set(REGISTRATION);
    vi.mocked(completeRegistrationWithoutRewards).mockResolvedValue({
      ok: false,
      message: 'An account already exists for this email address. Please sign in or reset your password.',
    });
    const { user } = setup();
    const dialog = await toEnterCodeByNumber(user);
    await user.click(within(dialog).getByRole('button', { name: 'Skip connecting rewards' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'An account already exists for this email address. Please sign in or reset your password.',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('the verification steps offer it to a registering visitor', async () => {
    usePendingRegistration.getState().set(REGISTRATION);
    setup();
    const dialog = await open('verification-join', FOUND, 'Connect Rewards Account');
    expect(within(dialog).getByRole('button', { name: 'Skip connecting rewards' })).toBeInTheDocument();
  });
});

describe('closing during a registration', () => {
  it('makes the account without rewards, as skip does', async () => {
    usePendingRegistration.getState().set(REGISTRATION);
    vi.mocked(completeRegistrationWithoutRewards).mockResolvedValue({ ok: true });
    const { user } = setup();
    await open('verification-join', FOUND, 'Connect Rewards Account');
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(completeRegistrationWithoutRewards).toHaveBeenCalledTimes(1);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('a failure keeps the menu open with the message; closing again closes', async () => {
    usePendingRegistration.getState().set(REGISTRATION);
    vi.mocked(completeRegistrationWithoutRewards).mockRejectedValue(new Error('not yet'));
    const { user } = setup();
    const dialog = await open('verification-join', FOUND, 'Connect Rewards Account');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    expect(sent(LOG_URL)).toHaveLength(1);
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(completeRegistrationWithoutRewards).toHaveBeenCalledTimes(1);
  });

  it('the overlay closes too', async () => {
    usePendingRegistration.getState().set(REGISTRATION);
    vi.mocked(completeRegistrationWithoutRewards).mockResolvedValue({ ok: true });
    setup();
    await open('verification-join', FOUND, 'Connect Rewards Account');
    fireEvent.mouseDown(document.querySelector('.side-panel__overlay')!);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(completeRegistrationWithoutRewards).toHaveBeenCalledTimes(1);
  });
});

describe('connecting for a pending registration', () => {
  const REGISTRATION_FOUND: VerificationData = { phone: '(***) ***-1234', email: 'j***@example.com', redactedData: 'both' };

  it('local: sends the stored request and the own phone; on success the registration is done', async () => {
    usePendingRegistration.getState().set(REGISTRATION);
    server({
      [SEND_CODE_URL]: { success: true, rewardsSessionId: 'rs_abc', phone: '(***) ***-1234', redactedData: 'phone' },
      [CONFIRM_CODE_URL]: { success: true },
    });
    const { user } = setup();
    await open('verification-join', REGISTRATION_FOUND, 'Connect Rewards Account');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter Verification Code' });
    expect(sent(SEND_CODE_URL)).toEqual([
      { phoneNumber: '(608) 555-1234', email: 'j***@example.com', rewardsNumber: null, verificationMethod: 'phone' },
    ]);
    await user.type(within(dialog).getByLabelText(/Verification Code/), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await screen.findByRole('dialog', { name: 'Connection Successful!' });
    expect(sent(CONFIRM_CODE_URL)).toEqual([
      { code: 654321, rewardsSessionId: 'rs_abc', createAccountRequest: REGISTRATION.request, createOauthAccountRequest: null },
    ]);
    expect(usePendingRegistration.getState().pending).toBeNull();
    expect(trackEvent).toHaveBeenCalledWith('Login');
    await vi.waitFor(() => expect(sent(HEADER_URL).length).toBeGreaterThanOrEqual(1));
    // The session changed: the next token-header call fetches a new token.
    server({ [JOIN_REWARDS_URL]: { success: true } });
    await joinRewards('6085551234');
    expect(sent('/account/getantiforgerytoken')).toHaveLength(1);
  });

  it("the answer's headerJson is the header data: nothing is fetched", async () => {
    setSession(); // a guest's header, with the menu, as the page loaded it
    usePendingRegistration.getState().set(REGISTRATION);
    const header = headerFixture({ ...SIGNED_IN, greeting: 'Hi, Jane', cartSummaryJson: { cartQty: 2 } });
    // As the header call answers with ?deptMenu=omit: no menu, its version.
    server({ [LINK_REWARDS_NUMBER_URL]: { success: true, headerJson: { ...header, deptMenu: undefined, deptMenuVersion: 'v1' } } });
    const { user } = setup();
    await open('verification-join', REGISTRATION_FOUND, 'Connect Rewards Account');
    await user.click(screen.getByRole('button', { name: "Can't Receive a Code?" }));
    await user.type(screen.getByRole('textbox', { name: /Rewards Number/ }), '1234567890123');
    await user.click(screen.getByRole('button', { name: 'Connect Account' }));
    await screen.findByRole('dialog', { name: 'Connection Successful!' });

    expect(useSession.getState()).toMatchObject({ loggedIn: true, greeting: 'Hi, Jane', cartQty: 2 });
    expect(useSession.getState().deptMenu.length).toBeGreaterThan(0);
    expect(sent(HEADER_URL)).toHaveLength(0);
  });

  it('local: the email when the masked phone is not the registration phone', async () => {
    usePendingRegistration.getState().set(REGISTRATION);
    server({ [SEND_CODE_URL]: { success: true, rewardsSessionId: 'rs_abc', email: 'j***@example.com', redactedData: 'email' } });
    const { user } = setup();
    await open('verification-join', { phone: '(***) ***-9999', email: 'j***@example.com', redactedData: 'both' }, 'Connect Rewards Account');
    await user.click(screen.getByRole('radio', { name: /Email a code/ }));
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    await screen.findByRole('dialog', { name: 'Enter Verification Code' });
    expect(sent(SEND_CODE_URL)).toEqual([
      { phoneNumber: '(***) ***-9999', email: 'jane@example.com', rewardsNumber: null, verificationMethod: 'email' },
    ]);
  });

  it('oauth: sends the sign-in to finish with', async () => {
    usePendingRegistration.getState().set({
      kind: 'oauth',
      request: { loginMethod: 'Google', credentialToken: 'cred-1', skipCartMerge: true, phoneNumber: '(608) 555-1234' },
    });
    server({ [LINK_REWARDS_NUMBER_URL]: { success: true } });
    const { user } = setup();
    await open('verification-join', REGISTRATION_FOUND, 'Connect Rewards Account');
    await user.click(screen.getByRole('button', { name: "Can't Receive a Code?" }));
    await user.type(screen.getByRole('textbox', { name: /Rewards Number/ }), '1234567890123');
    await user.click(screen.getByRole('button', { name: 'Connect Account' }));
    await screen.findByRole('dialog', { name: 'Connection Successful!' });
    expect(sent(LINK_REWARDS_NUMBER_URL)).toEqual([
      {
        accountInfo: { phoneNumber: '(608) 555-1234', email: 'j***@example.com', rewardsNumber: '1234567890123', verificationMethod: 'rewardsNumber' },
        createAccountRequest: null,
        createOauthAccountRequest: { loginMethod: 'Google', credentialToken: 'cred-1', skipCartMerge: true },
      },
    ]);
    expect(usePendingRegistration.getState().pending).toBeNull();
    expect(trackEvent).toHaveBeenCalledWith('Login');
  });
});
