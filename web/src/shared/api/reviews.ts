/**
 * Product reviews: a product's reviews with its rating summary, and the shoppers' commands on
 * them.
 *
 * | call                                                      | answer                      |
 * |-----------------------------------------------------------|-----------------------------|
 * | GET  /api/product/{number}/reviews?sort=…&pg=…           | ReviewsAnswer; 404 → null   |
 * | POST /api/reviews/WriteReview  {product, rating, title?, text?} | WriteReviewAnswer     |
 * | POST /api/reviews/RemoveReview {product}                  | 200                         |
 * | POST /api/reviews/VoteHelpful  {review}                   | {helpful}                   |
 * | POST /api/reviews/ReportReview {review, reason}           | 200                         |
 *
 * A page holds 10 reviews. `mine` is the signed-in customer's own review of the product,
 * whatever its status (a held one is not in `reviews`). Writing again edits that one review.
 * A customer who is not signed in is refused WriteReview and RemoveReview with 401
 * `SignInRequired`; a review the server refuses answers 400 `InvalidReview` with a sentence;
 * a second report of a review by the same visitor 422 ('You already reported this review.');
 * too many commands 429. Each refusal rejects with the client's `NetworkError`, its status,
 * `code` and `serverMessage` (see {@link reviewRefusal}). A second helpful vote by the same
 * visitor is accepted and counts nothing.
 *
 * The POSTs carry this browser's anti-forgery token (`postWithToken`, as the other commands
 * of a cookie session) and a fresh `Idempotency-Key` each: the layer never retries, and one
 * click is one command.
 *
 * The types are the wire's shapes, written here by hand; the normalisers read answers as
 * `unknown` and fill what the wire may leave out (see each one).
 */
import type { Wire } from './wire';
import { postWithToken } from './antiforgery';
import { apiGet, NetworkError } from './client';
import { asObject, bool, isObject, num, str, strOrNull } from './json';

export const WRITE_REVIEW_URL = '/api/reviews/WriteReview';
export const REMOVE_REVIEW_URL = '/api/reviews/RemoveReview';
export const VOTE_HELPFUL_URL = '/api/reviews/VoteHelpful';
export const REPORT_REVIEW_URL = '/api/reviews/ReportReview';

/** Reviews on a page of the list (the server's page size). */
export const REVIEWS_PAGE_SIZE = 10;

/** The list's orders, as the query's `sort` names them. */
export const REVIEW_SORTS = ['newest', 'highest', 'lowest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** What a shopper may report a review for. */
export const REPORT_REASONS = ['OffTopic', 'Offensive', 'Spam', 'PersonalInformation', 'Other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What a review may hold: a rating of 1 to 5 stars, a title and a text within these. */
export const REVIEW_LIMITS = {
  minRating: 1,
  maxRating: 5,
  titleMax: 100,
  textMin: 20,
  textMax: 4000,
} as const;

// --------------------------------------------------------------------- types

/** One bar of the histogram: how many reviews gave `stars` (1 to 5). */
export type HistogramBar = Wire<'StarCount'>;

/** The average (one decimal, null without reviews), the count, one bar per star value, 5 first. */
export type RatingSummary = Wire<'RatingSummary'>;

/** The store's answer under a review. */
export type ReviewReply = Wire<'StoreReply'>;

/** A published review: `id` is opaque, what VoteHelpful and ReportReview name. */
export type ReviewView = Wire<'ReviewView'>;

export type MyReviewStatus = 'Published' | 'Held' | 'Hidden';

/** The signed-in customer's own review of the product, whatever its status. */
export type MyReview = Omit<Wire<'MyReview'>, 'status'> & { status: MyReviewStatus };

export type ReviewsAnswer = Omit<Wire<'ReviewsAnswer'>, 'mine'> & { mine: MyReview | null };

export interface WriteReviewRequest {
  product: string;
  rating: number;
  title?: string;
  text?: string;
}

export interface WriteReviewAnswer {
  status: 'Published' | 'Held';
  verified: boolean;
  /** A sentence for the shopper ('Thanks! Your review is published.'). */
  message: string;
}

export interface VoteHelpfulAnswer {
  helpful: number;
}

// --------------------------------------------------------------- normalisers

function isRating(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;
}

/** A whole number ≥ 0, else 0. */
function count(value: unknown): number {
  const n = num(value);
  return n > 0 ? Math.floor(n) : 0;
}

/**
 * The summary: the average kept to one decimal (null when absent or out of 1–5), and a bar
 * for every star value 5 to 1, in that order (0 for a value the answer leaves out).
 */
export function toRatingSummary(value: unknown): RatingSummary {
  const body = asObject(value);
  const counts = new Map<number, number>();
  for (const bar of Array.isArray(body.histogram) ? (body.histogram as unknown[]) : []) {
    if (isObject(bar) && isRating(bar.stars)) counts.set(bar.stars, count(bar.count));
  }
  const average = typeof body.average === 'number' && body.average >= 1 && body.average <= 5 ? body.average : null;
  return {
    average: average === null ? null : Math.round(average * 10) / 10,
    count: count(body.count),
    histogram: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: counts.get(stars) ?? 0 })),
  };
}

/** A review, or null when it has no id or no rating of 1 to 5 (left out of the list). */
export function toReviewView(value: unknown): ReviewView | null {
  if (!isObject(value)) return null;
  const id = strOrNull(value.id);
  if (id === null || !isRating(value.rating)) return null;
  const reply = isObject(value.reply) && strOrNull(value.reply.text) ? value.reply : null;
  return {
    id,
    rating: value.rating,
    title: strOrNull(value.title),
    text: strOrNull(value.text),
    reviewer: strOrNull(value.reviewer) ?? 'A customer',
    verified: bool(value.verified),
    writtenAt: str(value.writtenAt),
    editedAt: strOrNull(value.editedAt),
    helpful: count(value.helpful),
    votedHelpful: bool(value.votedHelpful),
    reply: reply ? { text: str(reply.text), at: str(reply.at) } : null,
  };
}

/** The customer's review; a status this client doesn't know reads as Held (not shown to others). */
export function toMyReview(value: unknown): MyReview | null {
  if (!isObject(value)) return null;
  const id = strOrNull(value.id);
  if (id === null || !isRating(value.rating)) return null;
  const status: MyReviewStatus = value.status === 'Published' || value.status === 'Hidden' ? value.status : 'Held';
  return {
    id,
    rating: value.rating,
    title: strOrNull(value.title),
    text: strOrNull(value.text),
    status,
    verified: bool(value.verified),
  };
}

/**
 * The list's answer: unreadable reviews left out, page and pages at least 1, the total at
 * least the reviews shown, the sort as asked when the answer has none.
 */
export function toReviewsAnswer(value: unknown, asked: { sort: ReviewSort; page: number }): ReviewsAnswer {
  const body = asObject(value);
  const reviews = (Array.isArray(body.reviews) ? (body.reviews as unknown[]) : [])
    .map(toReviewView)
    .filter((r): r is ReviewView => r !== null);
  const pages = Math.max(1, count(body.pages));
  return {
    summary: toRatingSummary(body.summary),
    reviews,
    total: Math.max(count(body.total), reviews.length),
    page: Math.min(Math.max(1, count(body.page) || asked.page), pages),
    pages,
    sort: strOrNull(body.sort) ?? asked.sort,
    mine: toMyReview(body.mine),
  };
}

/** WriteReview's answer; a status other than Published reads as Held. */
export function toWriteReviewAnswer(value: unknown): WriteReviewAnswer {
  const body = asObject(value);
  const status = body.status === 'Published' ? 'Published' : 'Held';
  return {
    status,
    verified: bool(body.verified),
    message:
      strOrNull(body.message) ??
      (status === 'Published'
        ? 'Thanks! Your review is published.'
        : 'Thanks! Your review will appear once we have checked it.'),
  };
}

// --------------------------------------------------------------------- calls

export function isReviewSort(value: unknown): value is ReviewSort {
  return typeof value === 'string' && (REVIEW_SORTS as readonly string[]).includes(value);
}

/** The list's path: `/api/product/{number}/reviews`. */
export function reviewsPath(product: string): string {
  return `/api/product/${encodeURIComponent(product)}/reviews`;
}

/** The list's URL: `/api/product/{number}/reviews?sort=newest&pg=1`. */
export function reviewsUrl(product: string, sort: ReviewSort, page: number): string {
  const query = new URLSearchParams({ sort, pg: String(Math.max(1, Math.floor(page))) });
  return `${reviewsPath(product)}?${query}`;
}

/** A page of the product's reviews with its summary; null when there is no such product (404). */
export async function fetchReviews(
  product: string,
  { sort = 'newest', page = 1 }: { sort?: ReviewSort; page?: number } = {},
  signal?: AbortSignal,
): Promise<ReviewsAnswer | null> {
  try {
    const body = await apiGet<unknown>(reviewsUrl(product, sort, page), signal);
    return toReviewsAnswer(body, { sort, page });
  } catch (error) {
    if (error instanceof NetworkError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Writes the signed-in customer's review of the product, or replaces the one written before.
 * A title or text left empty is not sent.
 */
export async function writeReview(request: WriteReviewRequest): Promise<WriteReviewAnswer> {
  const body: WriteReviewRequest = { product: request.product, rating: request.rating };
  if (request.title) body.title = request.title;
  if (request.text) body.text = request.text;
  return toWriteReviewAnswer(await postWithToken<unknown>(WRITE_REVIEW_URL, body));
}

/** Takes the customer's review of the product down. */
export async function removeReview(product: string): Promise<void> {
  await postWithToken<unknown>(REMOVE_REVIEW_URL, { product });
}

/** One helpful vote for the review; answers its helpful count now. */
export async function voteHelpful(review: string): Promise<VoteHelpfulAnswer> {
  const body = asObject(await postWithToken<unknown>(VOTE_HELPFUL_URL, { review }));
  return { helpful: count(body.helpful) };
}

/** Reports the review to the store's moderators. */
export async function reportReview(review: string, reason: ReportReason): Promise<void> {
  await postWithToken<unknown>(REPORT_REVIEW_URL, { review, reason });
}

// ------------------------------------------------------------------ refusals

export type ReviewRefusal =
  /** 401: the customer is not (or no longer) signed in. */
  | { kind: 'signIn'; message: string | null }
  /** 400, 422: the server refused the review or the report; its sentence. */
  | { kind: 'refused'; message: string }
  /** 429: too many commands; try later. */
  | { kind: 'tooMany'; message: string }
  /** Anything else: the call failed. */
  | { kind: 'failed' };

export const TOO_MANY_MESSAGE = 'You have done that too many times. Please wait a minute and try again.';

/** What a failed review command means for the page. */
export function reviewRefusal(error: unknown): ReviewRefusal {
  if (!(error instanceof NetworkError)) return { kind: 'failed' };
  if (error.status === 401 || error.code === 'SignInRequired') {
    return { kind: 'signIn', message: error.serverMessage ?? null };
  }
  if ((error.status === 400 || error.status === 422) && error.serverMessage) {
    return { kind: 'refused', message: error.serverMessage };
  }
  if (error.status === 429) return { kind: 'tooMany', message: error.serverMessage ?? TOO_MANY_MESSAGE };
  return { kind: 'failed' };
}
