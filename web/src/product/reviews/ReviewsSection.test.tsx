import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter, setSession, SIGNED_IN } from '../../header/testing';
import { useSession } from '../../session';
import { forgetAntiForgeryToken, TOKEN_HEADER } from '../../shared/api/antiforgery';
import type { MyReview, RatingSummary, ReviewsAnswer, ReviewView } from '../../shared/api/reviews';
import { hawkRequests, recordHawkRequests, type RecordingImage } from '../../shared/tracking/testing';
import { ReviewsLink } from './ReviewsLink';
import { ReviewsSection } from './ReviewsSection';

const PRODUCT = '4935743';
const PAGE_PATH = `/product/${PRODUCT}/manila-rope/`;
const REVIEWS_PATH = `/api/product/${PRODUCT}/reviews`;

type Handler = (body: unknown, url: URL) => Response | Promise<Response>;
let routes: Record<string, Handler>;
let images: RecordingImage[];

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
  const handler = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
  if (!handler) return new Response('{}', { status: 404 });
  return handler(init?.body ? JSON.parse(String(init.body)) : undefined, url);
});

/** Calls to `key` ('POST /api/reviews/WriteReview'): query, body and headers. */
function calls(key: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return `${init?.method ?? 'GET'} ${url.pathname}` === key;
    })
    .map(([input, init]) => ({
      query: new URL(String(input), 'http://localhost').search,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      headers: new Headers(init?.headers),
    }));
}

function review(n: number, overrides: Partial<ReviewView> = {}): ReviewView {
  return {
    id: `r${n}.sig`,
    rating: 4,
    title: `Review ${n}`,
    text: `Text of review ${n}, long enough to be a review.`,
    reviewer: 'Jane D.',
    verified: false,
    writtenAt: '2026-03-02T12:00:00Z',
    editedAt: null,
    helpful: 0,
    votedHelpful: false,
    reply: null,
    ...overrides,
  };
}

function reviewsAnswer(overrides: Partial<ReviewsAnswer> = {}): ReviewsAnswer {
  return {
    summary: {
      average: 4.3,
      count: 57,
      histogram: [
        { stars: 5, count: 30 },
        { stars: 4, count: 15 },
        { stars: 3, count: 6 },
        { stars: 2, count: 5 },
        { stars: 1, count: 1 },
      ],
    },
    reviews: [review(1)],
    total: 57,
    page: 1,
    pages: 6,
    sort: 'newest',
    mine: null,
    ...overrides,
  };
}

/** The list answers `make(sort, page)` for every GET. */
function serveReviews(make: (sort: string, page: number) => ReviewsAnswer = () => reviewsAnswer()) {
  routes[`GET ${REVIEWS_PATH}`] = (_body, url) =>
    Response.json(make(url.searchParams.get('sort') ?? '', Number(url.searchParams.get('pg'))));
}

function serve(key: string, status: number, body: unknown) {
  routes[key] = () => (body === null ? new Response(null, { status }) : Response.json(body, { status }));
}

function setup(onSummary?: (summary: RatingSummary) => void) {
  const user = userEvent.setup();
  const result = renderInRouter(<ReviewsSection product={PRODUCT} onSummary={onSummary} />, PAGE_PATH);
  return { user, ...result };
}

async function loaded() {
  await screen.findByRole('button', { name: /Write a review|Edit your review/ });
}

function rateEvents() {
  return hawkRequests(images).filter((r) => r.et === 5);
}

beforeEach(() => {
  routes = {
    'POST /account/getantiforgerytoken': () =>
      new Response('<input type="hidden" name="__RequestVerificationToken" value="tok" />'),
    'POST /a/log/': () => new Response(null, { status: 204 }),
  };
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  forgetAntiForgeryToken();
  images = recordHawkRequests();
  useSession.getState().reset();
});

describe('summary and list', () => {
  it('tells the page the summary it got, so the top of the page shows the same rating', async () => {
    serveReviews();
    const onSummary = vi.fn();
    setup(onSummary);
    await loaded();
    // The summary reaches the page in an effect, which may run just after the list shows.
    await waitFor(() =>
      expect(onSummary).toHaveBeenLastCalledWith(expect.objectContaining({ average: 4.3, count: 57 })),
    );
  });

  it('shows the average, the count and a bar per star value, 5 first', async () => {
    serveReviews();
    setup();
    await loaded();
    expect(screen.getByRole('heading', { level: 2, name: 'Reviews' })).toHaveAttribute('id', 'reviews');
    expect(screen.getByText('4.3 out of 5')).toBeInTheDocument();
    expect(screen.getByText('57 ratings')).toBeInTheDocument();
    const bars = within(screen.getByRole('list', { name: 'Ratings by stars' })).getAllByRole('listitem');
    expect(bars.map((b) => b.textContent)).toEqual([
      '5 stars, 30 ratings',
      '4 stars, 15 ratings',
      '3 stars, 6 ratings',
      '2 stars, 5 ratings',
      '1 star, 1 rating',
    ]);
    // Bars drawn in twentieths, by class steps: no inline style anywhere.
    expect(bars.map((b) => b.querySelector('.reviews-histogram__bar')!.getAttribute('data-fill'))).toEqual([
      '11',
      '5',
      '2',
      '2',
      '1',
    ]);
    expect(document.querySelector('.reviews [style]')).toBeNull();
  });

  it('shows each review: stars, title, reviewer, date, verified badge, text and the store reply', async () => {
    serveReviews(() =>
      reviewsAnswer({
        reviews: [
          review(1, {
            rating: 5,
            title: 'Strong rope',
            text: 'Held a calf gate all winter.\n\nNo fraying at all.',
            verified: true,
            helpful: 3,
            reply: { text: 'Thanks for the kind words!', at: '2026-03-04T15:00:00Z' },
          }),
          review(2, { rating: 2, title: null, reviewer: 'A customer' }),
        ],
      }),
    );
    setup();
    await loaded();
    const [first, second] = screen.getAllByRole('article');
    const one = within(first!);
    expect(one.getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(one.getByRole('heading', { level: 3, name: 'Strong rope' })).toBeInTheDocument();
    expect(one.getByText('Jane D.')).toBeInTheDocument();
    expect(one.getByText('March 2, 2026')).toHaveAttribute('datetime', '2026-03-02T12:00:00Z');
    expect(one.getByText('Verified purchase')).toBeInTheDocument();
    expect(one.getByText('Held a calf gate all winter.')).toBeInTheDocument();
    expect(one.getByText('No fraying at all.')).toBeInTheDocument();
    expect(one.getByText('Response from the store')).toBeInTheDocument();
    expect(one.getByText('Thanks for the kind words!')).toBeInTheDocument();
    expect(one.getByText('Was this helpful?')).toBeInTheDocument();
    expect(one.getByRole('button', { name: 'Yes (3)' })).toBeInTheDocument();
    const two = within(second!);
    expect(second).toHaveAccessibleName('Review by A customer');
    expect(two.getByRole('img', { name: 'Rated 2 out of 5' })).toBeInTheDocument();
    expect(two.queryByText('Verified purchase')).toBeNull();
    expect(two.queryByText('Response from the store')).toBeNull();
  });

  it('no reviews: says so and invites the first one', async () => {
    serveReviews(() =>
      reviewsAnswer({
        summary: { average: null, count: 0, histogram: [] },
        reviews: [],
        total: 0,
        pages: 1,
      }),
    );
    setup();
    await loaded();
    expect(screen.getByText('No reviews yet.')).toBeInTheDocument();
    expect(screen.getByText('Be the first to review this product.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull();
  });

  it('a failed load says so, quietly, with Try again', async () => {
    routes[`GET ${REVIEWS_PATH}`] = () => new Response('boom', { status: 500 });
    const { user } = setup();
    expect(await screen.findByText('Reviews could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    serveReviews();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await loaded();
    expect(screen.queryByText('Reviews could not be loaded.')).toBeNull();
  });
});

describe('sorting and paging', () => {
  it('asks for the sort chosen from page 1, and for the next and previous pages', async () => {
    serveReviews((sort, page) => reviewsAnswer({ sort, page, reviews: [review(page * 10)] }));
    const { user } = setup();
    await loaded();
    expect(calls(`GET ${REVIEWS_PATH}`).map((c) => c.query)).toEqual(['?sort=newest&pg=1']);
    expect(screen.getByText('Page 1 of 6')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–1 of 57 reviews')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(sort).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Newest',
      'Highest rated',
      'Lowest rated',
      'Most helpful',
    ]);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 6')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Review 20' })).toBeInTheDocument();
    // Focus goes to the list's first line once the page is shown.
    await waitFor(() => expect(screen.getByText('Showing 11–11 of 57 reviews')).toHaveFocus());

    await user.selectOptions(sort, 'Most helpful');
    expect(await screen.findByText('Page 1 of 6')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 6');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Page 1 of 6');

    expect(calls(`GET ${REVIEWS_PATH}`).map((c) => c.query)).toEqual([
      '?sort=newest&pg=1',
      '?sort=newest&pg=2',
      '?sort=helpful&pg=1',
      '?sort=helpful&pg=2',
      '?sort=helpful&pg=1',
    ]);
  });

  it('the last page: Next disabled; one page: no paging', async () => {
    serveReviews(() => reviewsAnswer({ page: 6, pages: 6 }));
    setup();
    await loaded();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });
});

describe('helpful votes', () => {
  it('Yes sends one vote; then "You found this helpful", disabled', async () => {
    serveReviews(() => reviewsAnswer({ reviews: [review(1, { helpful: 3 })] }));
    serve('POST /api/reviews/VoteHelpful', 200, { helpful: 4 });
    const { user } = setup();
    await loaded();
    const yes = screen.getByRole('button', { name: 'Yes (3)' });
    await user.click(yes);
    const voted = await screen.findByRole('button', { name: 'You found this helpful (4)' });
    expect(voted).toHaveAttribute('aria-disabled', 'true');
    expect(voted).toHaveFocus();
    await user.click(voted);
    const votes = calls('POST /api/reviews/VoteHelpful');
    expect(votes.map((c) => c.body)).toEqual([{ review: 'r1.sig' }]);
    expect(votes[0]!.headers.get(TOKEN_HEADER)).toBe('tok');
    expect(votes[0]!.headers.get('Idempotency-Key')).toMatch(/^[\x21-\x7e]{1,255}$/);
  });

  it('a review this visitor found helpful before cannot be voted for again', async () => {
    serveReviews(() => reviewsAnswer({ reviews: [review(1, { helpful: 7, votedHelpful: true })] }));
    const { user } = setup();
    await loaded();
    const voted = screen.getByRole('button', { name: 'You found this helpful (7)' });
    expect(voted).toHaveAttribute('aria-disabled', 'true');
    await user.click(voted);
    expect(calls('POST /api/reviews/VoteHelpful')).toEqual([]);
  });
});

describe('reporting', () => {
  it('Report: a reason is required, then the report is sent and thanked for', async () => {
    serveReviews();
    serve('POST /api/reviews/ReportReview', 200, {});
    const { user } = setup();
    await loaded();
    const report = screen.getByRole('button', { name: 'Report' });
    expect(report).toHaveAttribute('aria-expanded', 'false');
    await user.click(report);
    expect(report).toHaveAttribute('aria-expanded', 'true');
    const form = screen.getByRole('form', { name: 'Report this review' });
    expect(within(form).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual([
      'Off topic',
      'Offensive',
      'Spam or advertising',
      'Personal information',
      'Something else',
    ]);

    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please make a selection');
    expect(calls('POST /api/reviews/ReportReview')).toEqual([]);

    await user.click(within(form).getByRole('radio', { name: 'Spam or advertising' }));
    expect(within(form).queryByRole('alert')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    const thanks = await screen.findByText('Thanks, we will look at it.');
    expect(thanks).toHaveFocus();
    expect(screen.queryByRole('form', { name: 'Report this review' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    expect(calls('POST /api/reviews/ReportReview').map((c) => c.body)).toEqual([{ review: 'r1.sig', reason: 'Spam' }]);
  });

  it("a second report: the server's sentence", async () => {
    serveReviews();
    serve('POST /api/reviews/ReportReview', 422, {
      code: 'AlreadyReported',
      message: 'You already reported this review.',
    });
    const { user } = setup();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    await user.click(screen.getByRole('radio', { name: 'Offensive' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('You already reported this review.')).toHaveFocus();
  });

  it('Cancel and Escape close the form; focus back on Report', async () => {
    serveReviews();
    const { user } = setup();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    expect(screen.getByRole('radio', { name: 'Off topic' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Report this review' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Report' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Report' })).toHaveFocus();
  });
});

describe('writing a review', () => {
  beforeEach(() => {
    setSession(SIGNED_IN);
  });

  async function openForm(user: ReturnType<typeof userEvent.setup>) {
    await loaded();
    await user.click(screen.getByRole('button', { name: /Write a review|Edit your review/ }));
    return screen.getByRole('form');
  }

  it('a guest gets the sign-in prompt, back to this page after', async () => {
    setSession();
    serveReviews();
    const { user } = setup();
    await loaded();
    const write = screen.getByRole('button', { name: 'Write a review' });
    await user.click(write);
    expect(write).toHaveAttribute('aria-expanded', 'true');
    const heading = screen.getByRole('heading', { name: 'Sign in to write a review' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      `/account/login/?refUrl=${encodeURIComponent(PAGE_PATH)}`,
    );
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
      'href',
      `/account/login/?create=1&refUrl=${encodeURIComponent(PAGE_PATH)}`,
    );
    expect(screen.queryByRole('form')).toBeNull();

    // Signing in meanwhile: the reviews are asked for again and the prompt becomes the form.
    act(() => setSession(SIGNED_IN));
    expect(await screen.findByRole('heading', { name: 'Write a review' })).toBeInTheDocument();
    await waitFor(() => expect(calls(`GET ${REVIEWS_PATH}`)).toHaveLength(2));
  });

  it('a click before the header data arrives: the prompt, then the form once it says signed in', async () => {
    useSession.getState().reset();
    serveReviews();
    const { user } = setup();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Write a review' }));
    expect(screen.getByRole('heading', { name: 'Sign in to write a review' })).toBeInTheDocument();
    act(() => setSession(SIGNED_IN));
    expect(await screen.findByRole('heading', { name: 'Write a review' })).toBeInTheDocument();
    // The first answer knew the session already: not asked again.
    expect(calls(`GET ${REVIEWS_PATH}`)).toHaveLength(1);
  });

  it('the form: rating radios 1 star to 5 stars, optional title and text with counters', async () => {
    serveReviews();
    const { user } = setup();
    const form = await openForm(user);
    expect(screen.getByRole('heading', { name: 'Write a review' })).toHaveFocus();
    const group = within(form).getByRole('group', { name: /Your rating/ });
    expect(group).toHaveTextContent('*required');
    expect(within(group).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    for (const name of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars']) {
      expect(within(group).getByRole('radio', { name })).toBeInTheDocument();
    }
    expect(within(form).getByRole('textbox', { name: /^Title/ })).toBeInTheDocument();
    expect(within(form).getByText('0/100')).toBeInTheDocument();
    expect(within(form).getByText('0/4000')).toBeInTheDocument();
    expect(within(form).getAllByText('\u2014optional')).toHaveLength(2);

    // Keyboard: arrow keys move the choice between the radios.
    await user.click(within(group).getByRole('radio', { name: '3 stars' }));
    await user.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: '4 stars' })).toBeChecked();
  });

  it('Submit checks every field: the rating is required, focus on the first message', async () => {
    serveReviews();
    const { user } = setup();
    const form = await openForm(user);
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(within(form).getByText('Please make a selection')).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: '1 star' })).toHaveFocus();
    expect(within(form).getByRole('radio', { name: '1 star' })).toHaveAttribute('aria-invalid', 'true');
    expect(calls('POST /api/reviews/WriteReview')).toEqual([]);
    await user.click(within(form).getByRole('radio', { name: '5 stars' }));
    expect(within(form).queryByText('Please make a selection')).toBeNull();
  });

  it('the text: at least 20 characters once given; past 4000 the counter says by how much', async () => {
    serveReviews();
    const { user } = setup();
    const form = await openForm(user);
    const text = within(form).getByRole('textbox', { name: /^Your review/ });
    await user.type(text, 'Too short');
    await user.tab();
    expect(within(form).getByText('Must be at least 20 characters long.')).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText('9/4000')).toBeInTheDocument();

    fireEvent.change(text, { target: { value: 'x'.repeat(4005) } });
    expect(within(form).queryByText('Must be at least 20 characters long.')).toBeNull();
    expect(within(form).getByText('4005/4000')).toBeInTheDocument();
    // Said once, by the counter.
    expect(within(form).getAllByText(/Exceeds 4000-character max by 5/)).toHaveLength(1);
    expect(form.querySelector('.form-counter--over')).not.toBeNull();

    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(text).toHaveFocus();
    expect(calls('POST /api/reviews/WriteReview')).toEqual([]);

    fireEvent.change(text, { target: { value: 'x'.repeat(4000) } });
    expect(within(form).queryByText(/Exceeds/)).toBeNull();
    expect(text).not.toHaveAttribute('aria-invalid');
  });

  it('a title over 100 characters is refused the same way', async () => {
    serveReviews();
    const { user } = setup();
    const form = await openForm(user);
    const title = within(form).getByRole('textbox', { name: /^Title/ });
    fireEvent.change(title, { target: { value: 't'.repeat(103) } });
    expect(within(form).getByText(/Exceeds 100-character max by 3/)).toBeInTheDocument();
    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(title).toHaveFocus();
    expect(calls('POST /api/reviews/WriteReview')).toEqual([]);
  });

  it('a written review: sent, Rate tracked with the stars, the message shown, the reviews asked again', async () => {
    serveReviews();
    serve('POST /api/reviews/WriteReview', 200, {
      status: 'Held',
      verified: true,
      message: 'Thanks! Your review will appear once we have checked it.',
    });
    const { user } = setup();
    const form = await openForm(user);
    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.type(within(form).getByRole('textbox', { name: /^Title/ }), '  Good rope ');
    await user.type(
      within(form).getByRole('textbox', { name: /^Your review/ }),
      'Held a calf gate all winter without fraying.',
    );
    await user.click(within(form).getByRole('button', { name: 'Submit' }));

    const status = await screen.findByText('Thanks! Your review will appear once we have checked it.');
    expect(status).toHaveAttribute('role', 'status');
    await waitFor(() => expect(status).toHaveFocus());
    expect(screen.queryByRole('form')).toBeNull();

    const writes = calls('POST /api/reviews/WriteReview');
    expect(writes.map((c) => c.body)).toEqual([
      { product: PRODUCT, rating: 4, title: 'Good rope', text: 'Held a calf gate all winter without fraying.' },
    ]);
    expect(writes[0]!.headers.get(TOKEN_HEADER)).toBe('tok');

    const rates = rateEvents();
    expect(rates).toHaveLength(1);
    expect(rates[0]!.event).toMatchObject({ event: 'Rate', value: 4, unique_id: PRODUCT });
    await waitFor(() => expect(calls(`GET ${REVIEWS_PATH}`)).toHaveLength(2));
  });

  it('a refused review: the server sentence, no Rate event', async () => {
    serveReviews();
    serve('POST /api/reviews/WriteReview', 400, {
      code: 'InvalidReview',
      message: 'Reviews cannot hold links.',
    });
    const { user } = setup();
    const form = await openForm(user);
    await user.click(within(form).getByRole('radio', { name: '2 stars' }));
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Reviews cannot hold links.');
    expect(rateEvents()).toEqual([]);
  });

  it('401: the session ended, the sign-in prompt with the server sentence', async () => {
    serveReviews();
    serve('POST /api/reviews/WriteReview', 401, { code: 'SignInRequired', message: 'Please sign in to write a review.' });
    const { user } = setup();
    const form = await openForm(user);
    await user.click(within(form).getByRole('radio', { name: '5 stars' }));
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to write a review' })).toHaveFocus();
    expect(screen.getByText('Please sign in to write a review.')).toBeInTheDocument();
    expect(rateEvents()).toEqual([]);
  });
});

describe('the customer’s own review', () => {
  const HELD: MyReview = {
    id: 'm1.sig',
    rating: 3,
    title: 'Decent',
    text: 'Fine for light work around the barn.',
    status: 'Held',
    verified: false,
  };

  it('held: "waiting to be checked"; Edit your review is pre-filled; Delete review removes it', async () => {
    // The header data is not loaded yet: the answer's own review says who is signed in.
    serveReviews(() => reviewsAnswer({ mine: HELD }));
    serve('POST /api/reviews/RemoveReview', 200, {});
    const { user } = setup();
    await loaded();
    expect(screen.getByText('Your review is waiting to be checked.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit your review' }));
    const form = screen.getByRole('form', { name: 'Edit your review' });
    expect(within(form).getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: /^Title/ })).toHaveValue('Decent');
    expect(within(form).getByRole('textbox', { name: /^Your review/ })).toHaveValue('Fine for light work around the barn.');

    await user.click(within(form).getByRole('button', { name: 'Delete review' }));
    expect(within(form).getByRole('button', { name: 'Yes, delete it' })).toHaveFocus();
    await user.click(within(form).getByRole('button', { name: 'Keep it' }));
    expect(within(form).getByRole('button', { name: 'Delete review' })).toHaveFocus();
    expect(calls('POST /api/reviews/RemoveReview')).toEqual([]);

    serveReviews(() => reviewsAnswer());
    await user.click(within(form).getByRole('button', { name: 'Delete review' }));
    await user.click(within(form).getByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByText('Your review was deleted.')).toHaveAttribute('role', 'status');
    expect(calls('POST /api/reviews/RemoveReview').map((c) => c.body)).toEqual([{ product: PRODUCT }]);
    expect(await screen.findByRole('button', { name: 'Write a review' })).toBeInTheDocument();
    expect(screen.queryByText('Your review is waiting to be checked.')).toBeNull();
  });
});

describe('the rating link at the top of the page', () => {
  it('links to the section and moves focus to its heading without changing the address', async () => {
    serveReviews();
    const user = userEvent.setup();
    const { router } = renderInRouter(
      <>
        <ReviewsLink rating={4.3} count={57} />
        <ReviewsSection product={PRODUCT} />
      </>,
      PAGE_PATH,
    );
    await loaded();
    const link = screen.getByRole('link', { name: /Rated 4.3 out of 5, 57 ratings/ });
    expect(link).toHaveAttribute('href', '#reviews');
    await user.click(link);
    expect(screen.getByRole('heading', { level: 2, name: 'Reviews' })).toHaveFocus();
    expect(router.state.location.hash).toBe('');
  });

  it('without a rating: Be the first to review', () => {
    renderInRouter(<ReviewsLink rating={null} />);
    expect(screen.getByRole('link', { name: 'Be the first to review' })).toHaveAttribute('href', '#reviews');
  });
});
