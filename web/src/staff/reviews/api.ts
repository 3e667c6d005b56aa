/**
 * Product reviews as merchandisers moderate them (the merchandiser role):
 *
 * | call                                                          | answer                                    |
 * |---------------------------------------------------------------|-------------------------------------------|
 * | GET  /api/staff/reviews?show=`waiting`, `held`, `reported`, `hidden` | `{reviews}` oldest first, 200 at most; 400 `InvalidShow` |
 * | POST /api/staff/reviews/PublishReview `{review}`               | `{status}`; 409 `AlreadyModerated`; 404   |
 * | POST /api/staff/reviews/HideReview `{review, reason?}`         | the same; 422 `InvalidField` (`reason`)   |
 * | POST /api/staff/reviews/ReplyToReview `{review, text}`         | `{status}`; 422 `InvalidField` (`text`); 404 |
 *
 * `waiting` (the default) is the held reviews and the published ones with reports. Publishing
 * or hiding a review clears its reports: a published one leaves every list, a hidden one every
 * list but `hidden`. A reply changes neither its status nor its reports.
 *
 * The shapes are declared here until the generated types (schema.d.ts) hold them
 * (`Wire<'QueuedReview'>`, `Wire<'ReviewQueue'>`).
 */
import { apiGet, NetworkError } from '../../shared/api/client';
import { bool, isObject, num, str, strOrNull } from '../../shared/api/json';
import { staffPost } from '../api/staff';

export const REVIEWS_URL = '/api/staff/reviews';
export const PUBLISH_URL = '/api/staff/reviews/PublishReview';
export const HIDE_URL = '/api/staff/reviews/HideReview';
export const REPLY_URL = '/api/staff/reviews/ReplyToReview';

/** The lists, as the query's `show` names them; `waiting` is the default. */
export const REVIEW_SHOWS = ['waiting', 'held', 'reported', 'hidden'] as const;
export type ReviewShow = (typeof REVIEW_SHOWS)[number];

export type ReviewStatus = 'Published' | 'Held' | 'Hidden';
/** Why the moderation rule held a review. */
export type HoldReason = 'Link' | 'Contact' | 'Word';

/** A hiding's reason: up to 200 characters (the server's rule). */
export const HIDE_REASON_MAX = 200;
/** The store's reply: up to 2000 characters, blanks around it not counted; empty removes it. */
export const REPLY_MAX = 2000;

export interface QueuedReview {
  id: string;
  /** The product's number. */
  product: string;
  productName: string;
  /** 1 to 5. */
  rating: number;
  title: string | null;
  text: string | null;
  /** The name shown with the review. */
  reviewer: string;
  verified: boolean;
  status: ReviewStatus;
  holdReason: HoldReason | null;
  /** Reports since a merchandiser last published or hid it. */
  reports: number;
  /** Those reports counted by reason (`OffTopic`, `Spam`…), in the order sent. */
  reportReasons: Record<string, number>;
  helpful: number;
  /** The store's reply, if any. */
  reply: string | null;
  writtenAt: string;
  editedAt: string | null;
  /** The staff id of who last published or hid it. */
  moderatedBy: string | null;
  hiddenReason: string | null;
}

export interface ReviewQueue {
  reviews: QueuedReview[];
}

export function isReviewShow(value: unknown): value is ReviewShow {
  return typeof value === 'string' && (REVIEW_SHOWS as readonly string[]).includes(value);
}

const STATUSES: readonly string[] = ['Published', 'Held', 'Hidden'];
const HOLD_REASONS: readonly string[] = ['Link', 'Contact', 'Word'];

function reasons(value: unknown): Record<string, number> {
  if (!isObject(value)) return {};
  const counted: Record<string, number> = {};
  for (const [reason, count] of Object.entries(value)) {
    if (typeof count === 'number' && Number.isFinite(count) && count > 0) counted[reason] = count;
  }
  return counted;
}

function review(value: unknown): QueuedReview | null {
  if (!isObject(value) || typeof value.id !== 'string' || !value.id) return null;
  const status = str(value.status);
  const holdReason = strOrNull(value.holdReason);
  return {
    id: value.id,
    product: str(value.product),
    productName: str(value.productName),
    rating: Math.min(5, Math.max(1, Math.round(num(value.rating, 1)))),
    title: strOrNull(value.title),
    text: strOrNull(value.text),
    reviewer: str(value.reviewer),
    verified: bool(value.verified),
    status: (STATUSES.includes(status) ? status : 'Held') as ReviewStatus,
    holdReason: holdReason !== null && HOLD_REASONS.includes(holdReason) ? (holdReason as HoldReason) : null,
    reports: Math.max(0, num(value.reports)),
    reportReasons: reasons(value.reportReasons),
    helpful: Math.max(0, num(value.helpful)),
    reply: strOrNull(value.reply),
    writtenAt: str(value.writtenAt),
    editedAt: strOrNull(value.editedAt),
    moderatedBy: strOrNull(value.moderatedBy),
    hiddenReason: strOrNull(value.hiddenReason),
  };
}

/** The reviews of one list, oldest first (200 at most). */
export async function fetchReviews(show: ReviewShow, signal?: AbortSignal): Promise<QueuedReview[]> {
  const body = await apiGet<unknown>(`${REVIEWS_URL}?show=${show}`, signal);
  if (body === undefined) return [];
  if (!isObject(body) || !Array.isArray(body.reviews)) throw new NetworkError(200);
  return body.reviews.map(review).filter((r): r is QueuedReview => r !== null);
}

/** The review's status after a step, as answered. */
function statusOf(body: unknown, fallback: ReviewStatus): ReviewStatus {
  const status = isObject(body) ? str(body.status) : '';
  return STATUSES.includes(status) ? (status as ReviewStatus) : fallback;
}

/** Publishes a held, hidden or reported review (its reports are cleared). */
export async function publishReview(id: string): Promise<ReviewStatus> {
  return statusOf(await staffPost<unknown>(PUBLISH_URL, { review: id }), 'Published');
}

/** Hides a review from shoppers; `reason` (optional) is kept for staff. */
export async function hideReview(id: string, reason: string): Promise<ReviewStatus> {
  const body = reason ? { review: id, reason } : { review: id };
  return statusOf(await staffPost<unknown>(HIDE_URL, body), 'Hidden');
}

/** Sets the store's reply under a review; an empty `text` removes it. */
export async function replyToReview(id: string, text: string): Promise<void> {
  await staffPost<unknown>(REPLY_URL, { review: id, text });
}
