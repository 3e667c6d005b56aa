import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDate } from '../format';
import { me, mockStaffApi, refusal, renderStaff, resetStaff, TEST_TOKEN, type Call } from '../testing';

const PAGE = '/staff/merch/reviews/';

function review(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    product: '1001',
    productName: 'Cotton Rope',
    rating: 4,
    title: 'Strong rope',
    text: 'Holds the gate shut.\n\nSee www.example.com for more.',
    reviewer: 'Jane D.',
    verified: true,
    status: 'Held',
    holdReason: 'Link',
    reports: 0,
    reportReasons: {},
    helpful: 3,
    reply: null,
    writtenAt: '2026-11-20T15:00:00Z',
    editedAt: null,
    moderatedBy: null,
    hiddenReason: null,
    ...overrides,
  };
}

const HELD = review('rv_1');
const REPORTED = review('rv_2', {
  product: '2002',
  productName: 'Fence Charger',
  rating: 1,
  title: null,
  text: 'Buy cheap chargers elsewhere, this one broke in a week.',
  reviewer: 'Sam K.',
  verified: false,
  status: 'Published',
  holdReason: null,
  reports: 2,
  reportReasons: { Spam: 1, OffTopic: 1 },
  helpful: 0,
  writtenAt: '2026-11-21T09:00:00Z',
  editedAt: '2026-11-22T10:00:00Z',
  moderatedBy: 'cu_9',
});
const HIDDEN = review('rv_3', {
  productName: 'Stock Tank',
  reviewer: 'Lee P.',
  status: 'Hidden',
  holdReason: null,
  moderatedBy: 'cu_9',
  hiddenReason: 'Names another customer.',
});

function byShow(call: Call) {
  const show = new URL(call.path, 'http://localhost').searchParams.get('show');
  if (show === 'hidden') return { reviews: [HIDDEN] };
  if (show === 'held') return { reviews: [HELD] };
  if (show === 'reported') return { reviews: [] };
  return { reviews: [HELD, REPORTED] };
}

function api(extra: Record<string, unknown> = {}) {
  return mockStaffApi({
    'GET /api/staff/me': me('merchandiser'),
    'GET /api/staff/reviews': byShow,
    'POST /api/staff/reviews/PublishReview': { status: 'Published' },
    'POST /api/staff/reviews/HideReview': { status: 'Hidden' },
    'POST /api/staff/reviews/ReplyToReview': { status: 'Held' },
    ...extra,
  });
}

const ROPE = 'Review of Cotton Rope by Jane D.';
const CHARGER = 'Review of Fence Charger by Sam K.';

function card(name: string) {
  return screen.getByRole('article', { name });
}

function facts(name: string) {
  const terms = within(card(name)).getAllByRole('term').map((t) => t.textContent);
  const values = within(card(name)).getAllByRole('definition').map((d) => d.textContent);
  return Object.fromEntries(terms.map((t, i) => [t, values[i]]));
}

function reviewCalls(calls: Call[]) {
  return calls.filter((c) => c.path.startsWith('/api/staff/reviews'));
}

beforeEach(() => {
  resetStaff();
});

describe('review moderation', () => {
  it('says it is loading, then lists the waiting reviews as cards with why they wait', async () => {
    let answer: (call: Call) => unknown = () => new Promise(() => {});
    const { calls } = api({ 'GET /api/staff/reviews': (call: Call) => answer(call) });
    const { unmount } = renderStaff(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
    expect(document.title).toBe('Reviews | Storefront staff');
    expect(await screen.findByText('Loading reviews…')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-busy', 'true');
    unmount();

    answer = byShow;
    renderStaff(PAGE);
    const rope = await screen.findByRole('article', { name: ROPE });
    expect(screen.getByRole('tab', { name: 'Waiting' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Held or reported reviews' })).toBeVisible();
    expect(screen.getByText('2 reviews, oldest first.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    expect(within(rope).getByRole('heading', { level: 3, name: 'Cotton Rope' })).toBeVisible();
    expect(within(rope).getByRole('link', { name: 'Cotton Rope' })).toHaveAttribute('href', '/product/1001/');
    expect(within(rope).getByText('4 out of 5')).toBeVisible();
    expect(within(rope).getByText('Strong rope')).toBeVisible();
    expect(within(rope).getByText('Holds the gate shut.')).toBeVisible();
    expect(within(rope).getByText('See www.example.com for more.')).toBeVisible();
    expect(facts(ROPE)).toEqual({
      Reviewer: 'Jane D. Verified purchase',
      'Why it waits': 'Has a web address',
      Status: 'Held',
      Written: formatDate('2026-11-20T15:00:00Z'),
      'Helpful votes': '3',
    });
    expect(within(rope).getByRole('button', { name: `Publish the review of Cotton Rope by Jane D.` })).toBeVisible();
    expect(within(rope).getByRole('button', { name: `Hide the review of Cotton Rope by Jane D.` })).toBeVisible();
    expect(within(rope).getByRole('button', { name: `Reply to the review of Cotton Rope by Jane D.` })).toBeVisible();

    const charger = card(CHARGER);
    expect(within(charger).getByRole('link', { name: 'Fence Charger' })).toHaveAttribute('href', '/product/2002/');
    expect(within(charger).getByText('1 out of 5')).toBeVisible();
    expect(facts(CHARGER)).toEqual({
      Reviewer: 'Sam K.',
      'Why it waits': 'Reported 2 times: Spam 1, Off topic 1',
      Status: 'Published',
      'Last moderated by': 'cu_9',
      Written: formatDate('2026-11-21T09:00:00Z'),
      Edited: formatDate('2026-11-22T10:00:00Z'),
      'Helpful votes': '0',
    });
    expect(reviewCalls(calls).map((c) => c.path)).toEqual([
      '/api/staff/reviews?show=waiting',
      '/api/staff/reviews?show=waiting',
    ]);
  });

  it('words each hold reason and report reason for people', async () => {
    api({
      'GET /api/staff/reviews': {
        reviews: [
          review('rv_1', { reviewer: 'A', holdReason: 'Link' }),
          review('rv_2', { reviewer: 'B', holdReason: 'Contact' }),
          review('rv_3', { reviewer: 'C', holdReason: 'Word' }),
          review('rv_4', {
            reviewer: 'D',
            status: 'Published',
            holdReason: null,
            reports: 5,
            reportReasons: { Offensive: 1, PersonalInformation: 3, Other: 1 },
          }),
          review('rv_5', { reviewer: 'E', status: 'Published', holdReason: null, reports: 1, reportReasons: { Spam: 1 } }),
        ],
      },
    });
    renderStaff(PAGE);
    await screen.findByRole('article', { name: 'Review of Cotton Rope by A' });
    const why = (who: string) => facts(`Review of Cotton Rope by ${who}`)['Why it waits'];
    expect(why('A')).toBe('Has a web address');
    expect(why('B')).toBe('Has an email address or phone number');
    expect(why('C')).toBe('Has a word from the list');
    expect(why('D')).toBe('Reported 5 times: Personal information 3, Offensive 1, Other 1');
    expect(why('E')).toBe('Reported 1 time: Spam 1');
  });

  it('publishes a review: the request, the card leaves, a message, the focus on the next card', async () => {
    const { calls } = api();
    renderStaff(PAGE);
    await screen.findByRole('article', { name: ROPE });
    await userEvent.click(screen.getByRole('button', { name: 'Publish the review of Cotton Rope by Jane D.' }));
    expect(await screen.findByText('Published the review of Cotton Rope by Jane D.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('article', { name: ROPE })).not.toBeInTheDocument();
    expect(screen.getByText('1 review, oldest first.')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Publish the review of Fence Charger by Sam K.' })).toHaveFocus(),
    );
    expect(calls.find((c) => c.path === '/api/staff/reviews/PublishReview')).toMatchObject({
      method: 'POST',
      body: { review: 'rv_1' },
      token: TEST_TOKEN,
    });
  });

  it('hides a review with a reason; Cancel goes back; the last card gone, the focus on the heading', async () => {
    const { calls } = api();
    renderStaff(PAGE);
    await screen.findByRole('article', { name: CHARGER });
    await userEvent.click(screen.getByRole('button', { name: 'Hide the review of Fence Charger by Sam K.' }));
    const form = screen.getByRole('form', { name: 'Hide the review of Fence Charger by Sam K.' });
    const reason = within(form).getByRole('textbox', { name: /^Reason for hiding/ });
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('maxlength', '200');
    expect(reason).toHaveAccessibleDescription('Up to 200 characters. Only staff see it.');

    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Hide the review of Fence Charger by Sam K.' })).toHaveFocus(),
    );

    await userEvent.keyboard('{Enter}');
    const again = screen.getByRole('form', { name: 'Hide the review of Fence Charger by Sam K.' });
    await userEvent.type(within(again).getByRole('textbox'), '  Advertises another shop.  ');
    await userEvent.click(within(again).getByRole('button', { name: 'Hide review' }));
    expect(await screen.findByText('Hid the review of Fence Charger by Sam K.')).toBeVisible();
    expect(screen.queryByRole('article', { name: CHARGER })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: ROPE })).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'Held or reported reviews' })).toHaveFocus(),
    );
    expect(calls.find((c) => c.path === '/api/staff/reviews/HideReview')).toMatchObject({
      body: { review: 'rv_2', reason: 'Advertises another shop.' },
      token: TEST_TOKEN,
    });
  });

  it('hides a review without a reason; the list emptied says nothing waits', async () => {
    const { calls } = api({ 'GET /api/staff/reviews': { reviews: [HELD] } });
    renderStaff(PAGE);
    await screen.findByRole('article', { name: ROPE });
    await userEvent.click(screen.getByRole('button', { name: 'Hide the review of Cotton Rope by Jane D.' }));
    await userEvent.click(screen.getByRole('button', { name: 'Hide review' }));
    expect(await screen.findByText('No reviews are waiting.')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Hid the review of Cotton Rope by Jane D.');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveFocus());
    const hide = calls.find((c) => c.path === '/api/staff/reviews/HideReview')!;
    expect(hide.body).toEqual({ review: 'rv_1' });
  });

  it('replies: the counter and its limit, the request, the card updated, then the reply removed', async () => {
    const { calls } = api();
    renderStaff(PAGE);
    await screen.findByRole('article', { name: ROPE });
    await userEvent.click(screen.getByRole('button', { name: 'Reply to the review of Cotton Rope by Jane D.' }));
    const form = screen.getByRole('form', { name: 'Reply to the review of Cotton Rope by Jane D.' });
    const field = within(form).getByRole('textbox', { name: 'The store’s reply' });
    expect(field).toHaveFocus();
    expect(within(form).getByText('0/2000')).toBeVisible();

    await userEvent.click(within(form).getByRole('button', { name: 'Save reply' }));
    expect(within(form).getByText('Please write a reply.')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await userEvent.paste('x'.repeat(2003));
    expect(within(form).getByText('2003/2000')).toBeVisible();
    expect(within(form).getByText('Exceeds 2000-character max by 3')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Exceeds 2000-character max by 3/);
    await userEvent.click(within(form).getByRole('button', { name: 'Save reply' }));
    expect(field).toHaveFocus();
    expect(calls.some((c) => c.path === '/api/staff/reviews/ReplyToReview')).toBe(false);

    await userEvent.clear(field);
    await userEvent.type(field, '  Thanks, Jane! Glad it holds.  ');
    expect(within(form).getByText('28/2000')).toBeVisible();
    expect(field).not.toHaveAttribute('aria-invalid');
    await userEvent.click(within(form).getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByText('Saved the reply to the review of Cotton Rope by Jane D.')).toBeVisible();
    expect(calls.find((c) => c.path === '/api/staff/reviews/ReplyToReview')).toMatchObject({
      body: { review: 'rv_1', text: 'Thanks, Jane! Glad it holds.' },
      token: TEST_TOKEN,
    });
    const rope = card(ROPE);
    expect(within(rope).getByText('The store’s reply')).toBeVisible();
    expect(within(rope).getByText('Thanks, Jane! Glad it holds.')).toBeVisible();
    const edit = within(rope).getByRole('button', { name: 'Edit reply to the review of Cotton Rope by Jane D.' });
    await waitFor(() => expect(edit).toHaveFocus());

    await userEvent.click(edit);
    const again = screen.getByRole('textbox', { name: 'The store’s reply' });
    expect(again).toHaveValue('Thanks, Jane! Glad it holds.');
    expect(again).toHaveAccessibleDescription(/Empty it to remove the reply\./);
    await userEvent.clear(again);
    await userEvent.click(screen.getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByText('Removed the reply to the review of Cotton Rope by Jane D.')).toBeVisible();
    expect(calls.filter((c) => c.path === '/api/staff/reviews/ReplyToReview').map((c) => c.body)).toEqual([
      { review: 'rv_1', text: 'Thanks, Jane! Glad it holds.' },
      { review: 'rv_1', text: '' },
    ]);
    expect(within(card(ROPE)).queryByText('The store’s reply')).not.toBeInTheDocument();
    expect(card(ROPE)).toBeVisible();
  });

  it('the server’s 422 on the reply shows under the field', async () => {
    api({
      'POST /api/staff/reviews/ReplyToReview': () =>
        refusal(422, 'InvalidField', 'The reply has characters that are not allowed.', 'text'),
    });
    renderStaff(PAGE);
    await screen.findByRole('article', { name: ROPE });
    await userEvent.click(screen.getByRole('button', { name: 'Reply to the review of Cotton Rope by Jane D.' }));
    const field = screen.getByRole('textbox', { name: 'The store’s reply' });
    await userEvent.type(field, 'Thanks!');
    await userEvent.click(screen.getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByText('The reply has characters that are not allowed.')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
  });

  it('a review moderated meanwhile (409): the server’s words, and the list read again', async () => {
    const { calls } = api({
      'POST /api/staff/reviews/PublishReview': () =>
        refusal(409, 'AlreadyModerated', 'This review is already published.'),
    });
    renderStaff(PAGE);
    await screen.findByRole('article', { name: ROPE });
    await userEvent.click(screen.getByRole('button', { name: 'Publish the review of Cotton Rope by Jane D.' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This review is already published.');
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/staff/reviews?show=waiting')).toHaveLength(2),
    );
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('a failure to read the list says so in the server’s words and tries again', async () => {
    let answer: () => unknown = () => refusal(400, 'InvalidShow', 'show must be waiting, held, reported or hidden.');
    api({ 'GET /api/staff/reviews': () => answer() });
    renderStaff(PAGE);
    expect(await screen.findByRole('alert')).toHaveTextContent('show must be waiting, held, reported or hidden.');
    answer = () => ({ reviews: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No reviews are waiting.')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the tabs show the other lists, by click or arrow keys, kept in the address', async () => {
    const { calls } = api();
    const { router } = renderStaff(PAGE);
    await screen.findByRole('article', { name: ROPE });
    await userEvent.click(screen.getByRole('tab', { name: 'Hidden' }));
    const hidden = await screen.findByRole('article', { name: 'Review of Stock Tank by Lee P.' });
    expect(router.state.location.search).toBe('?show=hidden');
    expect(screen.getByRole('tab', { name: 'Hidden' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Reviews hidden from shoppers' })).toBeVisible();
    expect(facts('Review of Stock Tank by Lee P.')).toMatchObject({
      Status: 'Hidden',
      'Reason for hiding': 'Names another customer.',
      'Hidden by': 'cu_9',
    });
    expect(within(hidden).getByRole('button', { name: 'Publish the review of Stock Tank by Lee P.' })).toBeVisible();
    expect(within(hidden).queryByRole('button', { name: /^Hide/ })).not.toBeInTheDocument();

    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Reported' })).toHaveFocus();
    expect(await screen.findByText('No reviews are reported.')).toBeVisible();
    expect(router.state.location.search).toBe('?show=reported');
    await userEvent.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('heading', { level: 2, name: 'Reviews held by the moderation rules' })).toBeVisible();
    expect(await screen.findByRole('article', { name: ROPE })).toBeVisible();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Waiting' })).toHaveFocus();
    expect(await screen.findByRole('article', { name: CHARGER })).toBeVisible();
    expect(router.state.location.search).toBe('');
    expect(reviewCalls(calls).map((c) => c.path)).toEqual([
      '/api/staff/reviews?show=waiting',
      '/api/staff/reviews?show=hidden',
      '/api/staff/reviews?show=reported',
      '/api/staff/reviews?show=held',
      '/api/staff/reviews?show=waiting',
    ]);
  });

  it('opens on the list the address names', async () => {
    const { calls } = api();
    renderStaff(`${PAGE}?show=hidden`);
    expect(await screen.findByRole('article', { name: 'Review of Stock Tank by Lee P.' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Hidden' })).toHaveAttribute('aria-selected', 'true');
    expect(reviewCalls(calls).map((c) => c.path)).toEqual(['/api/staff/reviews?show=hidden']);
  });

  it('an unknown list in the address shows the waiting one', async () => {
    const { calls } = api();
    renderStaff(`${PAGE}?show=everything`);
    expect(await screen.findByRole('article', { name: ROPE })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Waiting' })).toHaveAttribute('aria-selected', 'true');
    expect(reviewCalls(calls).map((c) => c.path)).toEqual(['/api/staff/reviews?show=waiting']);
  });

  it('other roles get the 403 page, without asking for reviews', async () => {
    const { calls } = mockStaffApi({ 'GET /api/staff/me': me('associate') });
    renderStaff(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
    expect(calls.map((c) => c.path)).toEqual(['/api/staff/me']);
  });

  it('is in a merchandiser’s navigation, marked as the current page', async () => {
    api();
    renderStaff(PAGE);
    await screen.findByRole('article', { name: ROPE });
    const nav = screen.getByRole('navigation', { name: 'Staff pages' });
    expect(within(nav).getByRole('link', { name: 'Reviews' })).toHaveAttribute('href', PAGE);
    expect(within(nav).getByRole('link', { name: 'Reviews' })).toHaveAttribute('aria-current', 'page');
  });
});
