/** A rating worth showing: an average from 1 to 5 (spec: ratings range 1–5). */
export function hasRating(rating: unknown): rating is number {
  return typeof rating === 'number' && Number.isFinite(rating) && rating >= 1 && rating <= 5;
}

/**
 * The product's average rating, shown only when the data has one (the
 * product data carries none today).
 */
export function ProductRating({ rating, count }: { rating: number | null | undefined; count?: number | null }) {
  if (!hasRating(rating)) return null;
  const rounded = Math.round(rating * 10) / 10;
  const full = Math.round(rating);
  const ratings = typeof count === 'number' && count > 0 ? count : null;
  const label = `Rated ${rounded} out of 5${ratings ? `, ${ratings} ${ratings === 1 ? 'rating' : 'ratings'}` : ''}`;
  return (
    <p className="product-rating" data-rating={rounded}>
      <span role="img" aria-label={label} className="product-rating__stars">
        <span aria-hidden="true">{'★'.repeat(full) + '☆'.repeat(5 - full)}</span>
      </span>
      <span className="product-rating__text" aria-hidden="true">
        {rounded}
        {ratings ? ` (${ratings})` : ''}
      </span>
    </p>
  );
}
