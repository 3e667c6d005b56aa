/**
 * The reviews' words and rules: labels of the sorts and report reasons, the stars and bars in
 * words, dates, and the form's validators (the shared form helpers' messages, word for word).
 */
import { characterCount, minLengthMessage, validateRadio } from '../../shared/forms';
import { REVIEW_LIMITS, type ReportReason, type ReviewSort } from '../../shared/api/reviews';

/** The id of the section's heading: the in-page link's target (`#reviews`). */
export const REVIEWS_HEADING_ID = 'reviews';

export const SORT_LABELS: Record<ReviewSort, string> = {
  newest: 'Newest',
  highest: 'Highest rated',
  lowest: 'Lowest rated',
  helpful: 'Most helpful',
};

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  OffTopic: 'Off topic',
  Offensive: 'Offensive',
  Spam: 'Spam or advertising',
  PersonalInformation: 'Personal information',
  Other: 'Something else',
};

export const REPORT_THANKS = 'Thanks, we will look at it.';
export const HELD_NOTE = 'Your review is waiting to be checked.';
export const HIDDEN_NOTE = 'Your review is not shown to other shoppers.';
export const DELETED_NOTE = 'Your review was deleted.';
export const LOAD_FAILED = 'Reviews could not be loaded.';

/** '1 star', '4 stars'. */
export function starsText(n: number): string {
  return `${n} ${n === 1 ? 'star' : 'stars'}`;
}

/** '1 rating', '57 ratings': the summary counts the catalog's ratings and the reviews written here. */
export function ratingsText(n: number): string {
  return `${n} ${n === 1 ? 'rating' : 'ratings'}`;
}

/** '1 review', '57 reviews'. */
export function reviewsText(n: number): string {
  return `${n} ${n === 1 ? 'review' : 'reviews'}`;
}

/** 'Rated 4 out of 5' (a review's stars), 'Rated 4.3 out of 5' (an average). */
export function ratedText(rating: number): string {
  return `Rated ${Math.round(rating * 10) / 10} out of 5`;
}

/** A histogram bar's length in twentieths (5% steps) of the longest possible: 0 to 20. */
export function fillStep(count: number, total: number): number {
  if (!(total > 0) || !(count > 0)) return 0;
  return Math.min(20, Math.max(1, Math.round((count / total) * 20)));
}

/** Filled stars of a rating in half stars, 0 to 10 (4.3 → 9: four and a half). */
export function halfStars(rating: number | null): number {
  if (rating === null || !Number.isFinite(rating)) return 0;
  return Math.min(10, Math.max(0, Math.round(rating * 2)));
}

/** 'Showing 11–20 of 57 reviews'. */
export function rangeText(page: number, pageSize: number, shown: number, total: number): string {
  if (shown === 0) return `Showing 0 of ${reviewsText(total)}`;
  const first = (page - 1) * pageSize + 1;
  return `Showing ${first}–${first + shown - 1} of ${reviewsText(total)}`;
}

const LONG_DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** 'March 2, 2026' in the visitor's time zone; '' for no date or an unreadable one. */
export function formatReviewDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : LONG_DATE.format(date);
}

/** A review's text as paragraphs (split at blank lines; single line breaks kept by the CSS). */
export function paragraphs(text: string | null): string[] {
  if (!text) return [];
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

// ---------------------------------------------------------------- validators

/** The rating radios: 'Please make a selection' (the spec's radio group message). */
export function validateRating(value: string): string | null {
  return validateRadio(value);
}

/** The title is optional; over 100 characters: 'Exceeds 100-character max by {m}'. */
export function validateReviewTitle(value: string): string | null {
  return characterCount(value, REVIEW_LIMITS.titleMax).message;
}

/**
 * The text is optional; when given, 20 characters at least ('Must be at least 20 characters
 * long.', blanks around it not counted) and 4000 at most ('Exceeds 4000-character max by {m}',
 * counted as the counter counts).
 */
export function validateReviewText(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (trimmed.length < REVIEW_LIMITS.textMin) return minLengthMessage(REVIEW_LIMITS.textMin);
  return characterCount(value, REVIEW_LIMITS.textMax).message;
}
