import type { RatingSummary } from '../../shared/api/reviews';
import { fillStep, ratingsText, starsText } from './format';
import { Stars } from './Stars';

/**
 * The rating summary: the average ('4.3 out of 5') with its stars, the number of ratings (the catalog's and the reviews written here), and
 * a bar per star value 5 to 1, each read as '5 stars, 30 ratings' (the bar itself is drawn in
 * twentieths, `data-fill`, and hidden from assistive technology). Nothing but 'No reviews
 * yet.' without reviews.
 */
export function ReviewsSummary({ summary }: { summary: RatingSummary }) {
  if (summary.count === 0 || summary.average === null) {
    return (
      <div className="reviews-summary">
        <p className="reviews-summary__none">No reviews yet.</p>
      </div>
    );
  }
  return (
    <div className="reviews-summary">
      <p className="reviews-summary__average">
        <span className="reviews-summary__number">{summary.average.toFixed(1)} out of 5</span>
        <Stars rating={summary.average} decorative />
      </p>
      <p className="reviews-summary__count">{ratingsText(summary.count)}</p>
      <ul className="reviews-histogram" aria-label="Ratings by stars">
        {summary.histogram.map((bar) => (
          <li key={bar.stars} className="reviews-histogram__row">
            <span className="reviews-histogram__label">{starsText(bar.stars)}</span>
            <span className="reviews-histogram__bar" data-fill={fillStep(bar.count, summary.count)} aria-hidden="true">
              <span className="reviews-histogram__fill" />
            </span>
            <span className="reviews-histogram__count">
              <span className="visually-hidden">, </span>
              {bar.count}
              <span className="visually-hidden"> {bar.count === 1 ? 'rating' : 'ratings'}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
