import type { MouseEvent } from 'react';
import { hasRating, ProductRating } from '../components/Rating';
import { REVIEWS_HEADING_ID } from './format';

/**
 * The rating at the top of the product page as a link to the Reviews section ('Be the first
 * to review' without a rating). The click scrolls there and moves focus to the section's
 * heading without touching the address: a hash navigation would count as a page view of its
 * own. The href stays `#reviews` for a new tab or no script.
 */
export function ReviewsLink({ rating, count }: { rating: number | null | undefined; count?: number | null }) {
  function goToReviews(event: MouseEvent<HTMLAnchorElement>) {
    const heading = document.getElementById(REVIEWS_HEADING_ID);
    if (!heading || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    heading.scrollIntoView?.({ block: 'start' });
    heading.focus({ preventScroll: true });
  }

  return (
    <a href={`#${REVIEWS_HEADING_ID}`} className="reviews-link" onClick={goToReviews}>
      {hasRating(rating) ? (
        <>
          <ProductRating rating={rating} count={count} />
          <span className="visually-hidden">Read the reviews</span>
        </>
      ) : (
        'Be the first to review'
      )}
    </a>
  );
}
