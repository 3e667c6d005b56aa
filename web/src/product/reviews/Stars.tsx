import { halfStars, ratedText } from './format';

/**
 * Five stars filled to the rating in half stars (the fill's width is a class step in
 * reviews.css, `data-fill` 0 to 10: no inline style under the Content Security Policy). Read
 * as 'Rated 4 out of 5'; `decorative` when the words are on the page already.
 */
export function Stars({ rating, decorative = false }: { rating: number; decorative?: boolean }) {
  const label = decorative ? {} : { role: 'img', 'aria-label': ratedText(rating) };
  return (
    <span className="review-stars" data-fill={halfStars(rating)} aria-hidden={decorative || undefined} {...label}>
      <span className="review-stars__empty" aria-hidden="true">
        ☆☆☆☆☆
      </span>
      <span className="review-stars__fill" aria-hidden="true">
        ★★★★★
      </span>
    </span>
  );
}
