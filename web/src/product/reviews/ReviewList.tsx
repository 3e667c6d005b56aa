import { useEffect, useId, useRef } from 'react';
import { isReviewSort, REVIEW_SORTS, REVIEWS_PAGE_SIZE, type ReviewsAnswer, type ReviewSort } from '../../shared/api/reviews';
import { rangeText, SORT_LABELS } from './format';
import { ReviewItem } from './ReviewItem';

export interface ReviewListProps {
  answer: ReviewsAnswer;
  sort: ReviewSort;
  /** A page or sort is loading: the list shown stays, marked busy. */
  busy: boolean;
  onSort: (sort: ReviewSort) => void;
  onPage: (page: number) => void;
  onVoted: (id: string, helpful: number) => void;
  /** Bumped by each page the shopper asks for: focus goes to the list's first line once it is shown. */
  focusKey: number;
}

/**
 * The list: 'Sort by' (Newest, Highest rated, Lowest rated, Most helpful), 'Showing 1–10 of
 * 57 reviews', the reviews, and Previous / 'Page 1 of 6' / Next when there is more than one
 * page. A new sort starts from page 1 (focus stays on the select: arrow keys may change it
 * several times). Once a new page has arrived, focus goes to the 'Showing …' line, so the
 * next Tab reads the new reviews and the Previous or Next just pressed (perhaps now disabled)
 * does not hold it.
 */
export function ReviewList({ answer, sort, busy, onSort, onPage, onVoted, focusKey }: ReviewListProps) {
  const sortId = useId();
  const rangeRef = useRef<HTMLParagraphElement>(null);
  const focused = useRef(focusKey);

  useEffect(() => {
    if (busy || focused.current === focusKey) return;
    focused.current = focusKey;
    rangeRef.current?.focus();
  }, [busy, focusKey]);

  const { page, pages, total, reviews } = answer;
  return (
    <div className="reviews-list" aria-busy={busy || undefined}>
      <div className="reviews-list__bar">
        <p ref={rangeRef} tabIndex={-1} className="reviews-list__range">
          {rangeText(page, REVIEWS_PAGE_SIZE, reviews.length, total)}
        </p>
        <div className="reviews-list__sort">
          <label htmlFor={sortId}>Sort by</label>
          <select
            id={sortId}
            value={sort}
            onChange={(event) => {
              if (isReviewSort(event.target.value)) onSort(event.target.value);
            }}
          >
            {REVIEW_SORTS.map((value) => (
              <option key={value} value={value}>
                {SORT_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <ol className="reviews-list__items">
        {reviews.map((review) => (
          <ReviewItem key={review.id} review={review} onVoted={onVoted} />
        ))}
      </ol>

      {pages > 1 && (
        <nav className="reviews-pages" aria-label="Review pages">
          <button
            type="button"
            className="button button--secondary"
            disabled={page <= 1 || busy}
            onClick={() => onPage(page - 1)}
          >
            Previous
          </button>
          <span className="reviews-pages__current">
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="button button--secondary"
            disabled={page >= pages || busy}
            onClick={() => onPage(page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
