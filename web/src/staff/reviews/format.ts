/**
 * The review moderation page's words: the lists, the stars, why a review waits, and the
 * reply's counter (counted as the server counts: blanks around the text left out, one per
 * character).
 */
import { exceedsMaxMessage } from '../../shared/forms';
import { REPLY_MAX, type HoldReason, type QueuedReview, type ReviewShow } from './api';

export const SHOW_LABELS: Record<ReviewShow, string> = {
  waiting: 'Waiting',
  held: 'Held',
  reported: 'Reported',
  hidden: 'Hidden',
};

/** The list's heading under its tab. */
export const SHOW_HEADINGS: Record<ReviewShow, string> = {
  waiting: 'Held or reported reviews',
  held: 'Reviews held by the moderation rules',
  reported: 'Reviews reported by shoppers',
  hidden: 'Reviews hidden from shoppers',
};

export const EMPTY: Record<ReviewShow, string> = {
  waiting: 'No reviews are waiting.',
  held: 'No reviews are held.',
  reported: 'No reviews are reported.',
  hidden: 'No reviews are hidden.',
};

/** The most reviews a list holds (the server's limit). */
export const LIST_MAX = 200;

export const HOLD_REASON_LABELS: Record<HoldReason, string> = {
  Link: 'Has a web address',
  Contact: 'Has an email address or phone number',
  Word: 'Has a word from the list',
};

export const REPORT_REASON_LABELS: Record<string, string> = {
  OffTopic: 'Off topic',
  Offensive: 'Offensive',
  Spam: 'Spam',
  PersonalInformation: 'Personal information',
  Other: 'Other',
};

/** '4 out of 5' */
export function ratingText(rating: number): string {
  return `${rating} out of 5`;
}

/** A report reason in words; an unknown one as sent. */
export function reportReasonLabel(reason: string): string {
  return Object.hasOwn(REPORT_REASON_LABELS, reason) ? REPORT_REASON_LABELS[reason]! : reason;
}

/** 'Reported 2 times: Spam 1, Off topic 1' (most reported reasons first); '' without reports. */
export function reportedText(reports: number, reasons: Record<string, number>): string {
  if (reports <= 0) return '';
  const times = `Reported ${reports} ${reports === 1 ? 'time' : 'times'}`;
  const counted = Object.entries(reasons)
    .map(([reason, count], at) => ({ reason, count, at }))
    .sort((a, b) => b.count - a.count || a.at - b.at)
    .map(({ reason, count }) => `${reportReasonLabel(reason)} ${count}`);
  return counted.length > 0 ? `${times}: ${counted.join(', ')}` : times;
}

/** Why a review is in the queue: the rule that held it, its reports; none for another. */
export function waitingReasons(review: QueuedReview): string[] {
  const reasons: string[] = [];
  if (review.status === 'Held') {
    reasons.push(review.holdReason ? HOLD_REASON_LABELS[review.holdReason] : 'Held by the moderation rules');
  }
  const reported = reportedText(review.reports, review.reportReasons);
  if (reported) reasons.push(reported);
  return reasons;
}

function reviewOf(review: QueuedReview): string {
  return `review of ${review.productName || review.product} by ${review.reviewer || 'a customer'}`;
}

/** 'the review of Cotton Rope by Jane D.': how buttons and messages name a review. */
export function reviewName(review: QueuedReview): string {
  return `the ${reviewOf(review)}`;
}

/** 'Review of Cotton Rope by Jane D.': a review's card. */
export function cardLabel(review: QueuedReview): string {
  return `R${reviewOf(review).slice(1)}`;
}

/** `words` ending with a full stop, unless it ends with one already ('… by Jane D.'). */
export function sentence(words: string): string {
  return /[.!?]$/.test(words) ? words : `${words}.`;
}

/** A review's product page on the store. */
export function productPath(product: string): string {
  return `/product/${encodeURIComponent(product)}/`;
}

/** '3 reviews, oldest first.'; the limit's words when the list is full. */
export function countText(count: number): string {
  if (count >= LIST_MAX) return `The oldest ${LIST_MAX} reviews; more wait after them.`;
  return `${count} ${count === 1 ? 'review' : 'reviews'}, oldest first.`;
}

/** A review's text as paragraphs (split at blank lines; single line breaks kept by the CSS). */
export function paragraphs(text: string | null): string[] {
  if (!text) return [];
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** A reply saved empty where there is none to remove. */
export const REPLY_REQUIRED_MESSAGE = 'Please write a reply.';

export interface ReplyCount {
  used: number;
  /** '12/2000' */
  text: string;
  over: boolean;
  /** 'Exceeds 2000-character max by {m}' when over, else null. */
  message: string | null;
}

/** The reply's counter: characters without the blanks around the text, as the server counts. */
export function replyCount(value: string): ReplyCount {
  const used = Array.from(value.trim()).length;
  const over = used > REPLY_MAX;
  return {
    used,
    text: `${used}/${REPLY_MAX}`,
    over,
    message: over ? exceedsMaxMessage(REPLY_MAX, used - REPLY_MAX) : null,
  };
}
