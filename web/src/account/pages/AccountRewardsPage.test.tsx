import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderInRouter, setSession, SIGNED_IN } from '../../header/testing';
import { useRewardsMenu } from '../../rewards/rewardsMenuStore';
import { useSession } from '../../session';
import { DESTINATION_KEY } from '../destination';
import { useSignInPanel } from '../signInPanelStore';
import { AccountRewardsPage, REWARDS_FACTS } from './AccountRewardsPage';
import { formatDate, SIGN_IN_REQUIRED_MESSAGE } from './common';
import { mockAccountApi, notSignedIn } from './testing';

const MEMBER = {
  member: true,
  rewardsNumber: '4000000000123',
  pending: 120,
  available: 2900,
  pointsPerGiftCard: 2500,
  returnWindowDays: 30,
  history: [
    { at: '2025-03-02T12:00:00Z', kind: 'earned', points: 120, reference: 'W1002', state: 'pending', availableOn: '2025-04-01T12:00:00Z' },
    { at: '2025-02-20T12:00:00Z', kind: 'giftCard', points: -2500, reference: 'GC0001', state: null, availableOn: null },
    { at: '2025-01-05T12:00:00Z', kind: 'reversed', points: -40, reference: 'W1001', state: null, availableOn: null },
    { at: '2025-01-02T12:00:00Z', kind: 'earned', points: 5000, reference: 'W1000', state: 'available', availableOn: null },
    // A second line of the same order: one row with the first.
    { at: '2025-01-02T12:00:00Z', kind: 'earned', points: 440, reference: 'W1000', state: 'available', availableOn: null },
  ],
  giftCards: [{ cardId: 'GC0001', cents: 2500, issuedAt: '2025-02-20T12:00:00Z' }],
};

const NOT_MEMBER = {
  member: false,
  rewardsNumber: null,
  pending: 0,
  available: 0,
  pointsPerGiftCard: 2500,
  returnWindowDays: 30,
  history: [],
  giftCards: [],
};

beforeEach(() => {
  useSession.getState().reset();
  useSignInPanel.getState().reset();
  useRewardsMenu.setState({ isOpen: false, step: 'join', data: {} });
  sessionStorage.clear();
  setSession(SIGNED_IN);
});

function renderPage() {
  const user = userEvent.setup();
  renderInRouter(<AccountRewardsPage />, '/account/rewards/');
  return { user };
}

describe('rewards page, a member', () => {
  it('shows the number, points, progress to the next gift card, gift cards and history', async () => {
    mockAccountApi({ 'GET /api/account/rewards': MEMBER });
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'My Rewards' })).toBeVisible();
    expect(document.title).toBe('My Rewards | Storefront');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account/');

    const number = await screen.findByText('Rewards number');
    expect(number.nextElementSibling).toHaveTextContent('4000000000123');
    expect(screen.getByText('Available points').nextElementSibling).toHaveTextContent('2,900');
    expect(screen.getByText('Pending points').nextElementSibling).toHaveTextContent('120');

    const progress = screen.getByRole('progressbar', { name: 'Your next $25 gift card' });
    expect(progress).toHaveAttribute('max', '2500');
    expect(progress).toHaveAttribute('value', '400');
    expect(screen.getByText('400 of 2,500 points. 2,100 more points to your next $25 gift card.')).toBeVisible();

    const cards = screen.getByRole('heading', { level: 2, name: 'Gift cards issued' }).closest('section')!;
    const card = within(cards).getByRole('listitem');
    expect(card).toHaveTextContent('$25.00 gift card');
    expect(card).toHaveTextContent(`Card ending 0001 · Issued ${formatDate('2025-02-20T12:00:00Z')}`);

    const table = screen.getByRole('table', { name: 'Points history' });
    const rows = within(table).getAllByRole('row').map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(rows.slice(1)).toEqual([
      [formatDate('2025-03-02T12:00:00Z'), `Purchase, order W1002 Pending until ${formatDate('2025-04-01T12:00:00Z')}`, '+120'],
      [formatDate('2025-02-20T12:00:00Z'), '$25 gift card GC0001', '-2,500'],
      [formatDate('2025-01-05T12:00:00Z'), 'Return or cancellation, order W1001', '-40'],
      [formatDate('2025-01-02T12:00:00Z'), 'Purchase, order W1000', '+5,440'],
    ]);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Date', 'Description', 'Points']);
    expect(screen.queryByRole('button', { name: 'Join Rewards' })).not.toBeInTheDocument();
  });

  it('a member without history or cards is told so; a balance below zero shows no progress', async () => {
    mockAccountApi({
      'GET /api/account/rewards': { ...MEMBER, available: -40, pending: 0, history: [], giftCards: [] },
    });
    renderPage();

    expect(await screen.findByText('No points yet. Points you earn show here.')).toBeVisible();
    expect(screen.getByText('No gift cards yet. You get one for every 2,500 points.')).toBeVisible();
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '0');
    expect(screen.getByText('Available points').nextElementSibling).toHaveTextContent('-40');
  });
});

describe('rewards page, not a member', () => {
  it('shows the programme facts and opens the rewards menu to join or connect', async () => {
    mockAccountApi({ 'GET /api/account/rewards': NOT_MEMBER });
    const { user } = renderPage();

    const join = await screen.findByRole('button', { name: 'Join Rewards' });
    for (const fact of REWARDS_FACTS) expect(screen.getByText(fact)).toBeVisible();
    expect(screen.getByText("Earn 1 point for every $1 spent—that's 1% back!")).toBeVisible();
    expect(screen.getByText('Get a $25 gift card for every 2,500 points.')).toBeVisible();
    expect(screen.getByText('Your phone number is your rewards pin in our stores.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Learn more about Rewards' })).toHaveAttribute('href', '/rewards/');
    expect(screen.queryByText('Rewards number')).not.toBeInTheDocument();

    await user.click(join);
    expect(useRewardsMenu.getState()).toMatchObject({ isOpen: true, step: 'join' });

    useRewardsMenu.setState({ isOpen: false });
    await user.click(screen.getByRole('button', { name: 'Connect an existing rewards account' }));
    expect(useRewardsMenu.getState()).toMatchObject({ isOpen: true, step: 'connect' });
  });
});

describe('rewards page, guest', () => {
  it('opens the sign-in panel (back to the rewards page) and says why', async () => {
    useSession.getState().reset();
    mockAccountApi({ 'GET /api/account/rewards': notSignedIn });
    renderPage();

    expect(await screen.findByText(SIGN_IN_REQUIRED_MESSAGE)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await waitFor(() => expect(useSignInPanel.getState().isOpen).toBe(true));
    expect(sessionStorage.getItem(DESTINATION_KEY)).toBe('/account/rewards/');
    expect(screen.queryByRole('button', { name: 'Join Rewards' })).not.toBeInTheDocument();
  });

  it('a failure says so and offers to try again', async () => {
    mockAccountApi({ 'GET /api/account/rewards': new Response('oops', { status: 503 }) });
    renderPage();

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
