import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAntiForgeryToken, TOKEN_HEADER } from './antiforgery';
import { IDEMPOTENCY_KEY_HEADER, NetworkError } from './client';
import { DOUBLE_TOKEN, fetchDouble } from './fetchDouble';
import {
  fetchReviews,
  removeReview,
  REMOVE_REVIEW_URL,
  reportReview,
  REPORT_REVIEW_URL,
  reviewRefusal,
  reviewsUrl,
  toReviewsAnswer,
  TOO_MANY_MESSAGE,
  voteHelpful,
  VOTE_HELPFUL_URL,
  writeReview,
  WRITE_REVIEW_URL,
} from './reviews';

const { fetch: fetchMock, answer, calls: recorded } = fetchDouble();

function calls() {
  return recorded().map(({ url, method, body, headers }) => ({
    url,
    method,
    body,
    token: headers.get(TOKEN_HEADER),
    idempotencyKey: headers.get(IDEMPOTENCY_KEY_HEADER),
  }));
}

const REVIEW = {
  id: 'r1.sig',
  rating: 4,
  title: 'Strong rope',
  text: 'Held a calf gate all winter without fraying.',
  reviewer: 'Jane D.',
  verified: true,
  writtenAt: '2026-03-02T15:00:00Z',
  editedAt: null,
  helpful: 3,
  votedHelpful: false,
  reply: { text: 'Thanks, Jane!', at: '2026-03-03T15:00:00Z' },
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  forgetAntiForgeryToken();
});

describe('the list', () => {
  it('asks for the sort and page of a product', async () => {
    answer({
      summary: { average: 4.3, count: 2, histogram: [{ stars: 5, count: 1 }, { stars: 4, count: 1 }] },
      reviews: [REVIEW],
      total: 2,
      page: 2,
      pages: 2,
      sort: 'helpful',
      mine: null,
    });
    const got = await fetchReviews('4935743', { sort: 'helpful', page: 2 });
    expect(calls()).toEqual([
      expect.objectContaining({ url: '/api/product/4935743/reviews?sort=helpful&pg=2', method: 'GET' }),
    ]);
    expect(got).toEqual({
      summary: {
        average: 4.3,
        count: 2,
        histogram: [
          { stars: 5, count: 1 },
          { stars: 4, count: 1 },
          { stars: 3, count: 0 },
          { stars: 2, count: 0 },
          { stars: 1, count: 0 },
        ],
      },
      reviews: [REVIEW],
      total: 2,
      page: 2,
      pages: 2,
      sort: 'helpful',
      mine: null,
    });
  });

  it('the URL encodes the product number; newest and page 1 by default', async () => {
    expect(reviewsUrl('a/b', 'lowest', 3)).toBe('/api/product/a%2Fb/reviews?sort=lowest&pg=3');
    answer({});
    await fetchReviews('4935743');
    expect(calls()[0]!.url).toBe('/api/product/4935743/reviews?sort=newest&pg=1');
  });

  it('404: no such product (null); other failures reject', async () => {
    answer({ code: 'NotFound', message: 'No such product.' }, 404);
    await expect(fetchReviews('nope')).resolves.toBeNull();
    answer('boom', 500);
    await expect(fetchReviews('4935743')).rejects.toBeInstanceOf(NetworkError);
  });

  it('reads an answer defensively', () => {
    const got = toReviewsAnswer(
      {
        summary: { average: 4.26, count: 3.7, histogram: [{ stars: 9, count: 1 }, 'x', { stars: 2, count: -4 }] },
        reviews: [REVIEW, { id: 'no-rating' }, { rating: 3 }, { ...REVIEW, id: 'r2', reviewer: '', reply: { text: '' } }],
        page: 0,
        pages: 0,
        mine: { id: 'm', rating: 2, status: 'Pending', title: '', text: null },
      },
      { sort: 'lowest', page: 1 },
    );
    expect(got.summary).toEqual({
      average: 4.3,
      count: 3,
      histogram: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: 0 })),
    });
    expect(got.reviews.map((r) => r.id)).toEqual(['r1.sig', 'r2']);
    expect(got.reviews[1]).toMatchObject({ reviewer: 'A customer', reply: null });
    expect(got).toMatchObject({ total: 2, page: 1, pages: 1, sort: 'lowest' });
    expect(got.mine).toEqual({ id: 'm', rating: 2, title: null, text: null, status: 'Held', verified: false });
    // An average outside 1–5 is none.
    expect(toReviewsAnswer({ summary: { average: 0, count: 0 } }, { sort: 'newest', page: 1 }).summary.average).toBeNull();
  });
});

describe('the commands', () => {
  it('WriteReview posts the review with the token and a fresh key per call; empty fields are left out', async () => {
    answer({ status: 'Held', verified: false, message: 'Thanks! Your review will appear once we have checked it.' });
    await expect(writeReview({ product: '4935743', rating: 5, title: 'Great', text: '' })).resolves.toEqual({
      status: 'Held',
      verified: false,
      message: 'Thanks! Your review will appear once we have checked it.',
    });
    await writeReview({ product: '4935743', rating: 3, text: 'Frayed after a month of daily use.' });
    const [first, second] = calls();
    expect(first).toMatchObject({
      url: WRITE_REVIEW_URL,
      method: 'POST',
      body: { product: '4935743', rating: 5, title: 'Great' },
      token: DOUBLE_TOKEN,
    });
    expect(second!.body).toEqual({ product: '4935743', rating: 3, text: 'Frayed after a month of daily use.' });
    expect(first!.idempotencyKey).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(first!.idempotencyKey).not.toBe(second!.idempotencyKey);
  });

  it('WriteReview without a message: the default sentence of the status', async () => {
    answer({ status: 'Published', verified: true });
    await expect(writeReview({ product: '1', rating: 4 })).resolves.toEqual({
      status: 'Published',
      verified: true,
      message: 'Thanks! Your review is published.',
    });
  });

  it('RemoveReview, VoteHelpful and ReportReview post their bodies', async () => {
    answer({ helpful: 4 });
    await removeReview('4935743');
    await expect(voteHelpful('r1.sig')).resolves.toEqual({ helpful: 4 });
    await reportReview('r1.sig', 'Spam');
    expect(calls().map(({ url, body, token }) => ({ url, body, token }))).toEqual([
      { url: REMOVE_REVIEW_URL, body: { product: '4935743' }, token: DOUBLE_TOKEN },
      { url: VOTE_HELPFUL_URL, body: { review: 'r1.sig' }, token: DOUBLE_TOKEN },
      { url: REPORT_REVIEW_URL, body: { review: 'r1.sig', reason: 'Spam' }, token: DOUBLE_TOKEN },
    ]);
  });
});

describe('refusals', () => {
  async function failure(status: number, body: unknown): Promise<unknown> {
    answer(body, status);
    return writeReview({ product: '1', rating: 4 }).catch((error: unknown) => error);
  }

  it('401 SignInRequired: sign in', async () => {
    expect(reviewRefusal(await failure(401, { code: 'SignInRequired', message: 'Please sign in.' }))).toEqual({
      kind: 'signIn',
      message: 'Please sign in.',
    });
  });

  it("400 InvalidReview and 422: the server's sentence", async () => {
    expect(
      reviewRefusal(await failure(400, { code: 'InvalidReview', message: 'The text must be 20 to 4000 characters.' })),
    ).toEqual({ kind: 'refused', message: 'The text must be 20 to 4000 characters.' });
    expect(
      reviewRefusal(await failure(422, { code: 'AlreadyReported', message: 'You already reported this review.' })),
    ).toEqual({ kind: 'refused', message: 'You already reported this review.' });
  });

  it('429: try later; anything else failed', async () => {
    expect(reviewRefusal(await failure(429, 'slow down'))).toEqual({ kind: 'tooMany', message: TOO_MANY_MESSAGE });
    expect(reviewRefusal(await failure(500, 'boom'))).toEqual({ kind: 'failed' });
    expect(reviewRefusal(new TypeError('x'))).toEqual({ kind: 'failed' });
  });
});
