import './Rating.css';

/** A rating worth showing: an average from 1 to 5 (spec: ratings range 1–5). */
export function hasRating(rating: unknown): rating is number {
  return typeof rating === 'number' && Number.isFinite(rating) && rating >= 1 && rating <= 5;
}

/** 'Rated 4.5 out of 5, 12 ratings' */
export function ratingLabel(rating: number, count?: number | null): string {
  const rounded = Math.round(rating * 10) / 10;
  const ratings = typeof count === 'number' && Number.isFinite(count) && count > 0 ? Math.floor(count) : null;
  return `Rated ${rounded} out of 5${ratings ? `, ${ratings} ${ratings === 1 ? 'rating' : 'ratings'}` : ''}`;
}

export interface ProductRatingProps {
  rating: number | null | undefined;
  count?: number | null;
  /** Cards show smaller stars. */
  size?: 'page' | 'card';
}

/**
 * The product's average rating as five stars filled to the tenth, the
 * number and the count; nothing when the product has no rating.
 */
export function ProductRating({ rating, count, size = 'page' }: ProductRatingProps) {
  if (!hasRating(rating)) return null;
  const rounded = Math.round(rating * 10) / 10;
  const ratings = typeof count === 'number' && Number.isFinite(count) && count > 0 ? Math.floor(count) : null;
  return (
    <p className={`product-rating product-rating--${size}`} data-rating={rounded}>
      <span role="img" aria-label={ratingLabel(rating, count)} className="product-rating__stars">
        <span className="product-rating__empty" aria-hidden="true">
          ☆☆☆☆☆
        </span>
        <span className="product-rating__fill" aria-hidden="true" style={{ width: `${(rounded / 5) * 100}%` }}>
          ★★★★★
        </span>
      </span>
      <span className="product-rating__text" aria-hidden="true">
        {rounded.toFixed(1)}
        {ratings ? ` (${ratings})` : ''}
      </span>
    </p>
  );
}
