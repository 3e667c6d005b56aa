/** The thumbnails the placeholder shows (most products have two or three pictures). */
const THUMBS = [0, 1];
/** Ship to home, store pickup, same-day delivery. */
const FULFILLMENT_OPTIONS = [0, 1, 2];

/**
 * The product page's box while the product loads: the department path, the
 * gallery (a square and a row of thumbnails), and the summary's lines and the
 * purchase panel at their final sizes, so that the page arriving replaces the
 * placeholders instead of pushing what is below them (the footer) around.
 * Screen readers hear 'Loading…'.
 */
export function ProductSkeleton() {
  return (
    <div className="product-page product-page--loading">
      <title>Loading… | Storefront</title>
      <p className="visually-hidden" role="status">
        Loading…
      </p>
      <div className="product-skeleton" aria-hidden="true" data-skeleton="">
        <div className="skeleton product-skeleton__path" />
        <div className="product-page__top">
          <div className="gallery">
            <div className="skeleton product-skeleton__image" />
            <div className="gallery__thumbs">
              {THUMBS.map((i) => (
                <div key={i} className="skeleton product-skeleton__thumb" />
              ))}
            </div>
          </div>
          <div className="product-page__summary">
            <div className="skeleton product-skeleton__brand" />
            <div className="skeleton product-skeleton__title" />
            <div className="skeleton product-skeleton__title product-skeleton__title--short" />
            <div className="skeleton product-skeleton__number" />
            <div className="skeleton product-skeleton__rating" />
            <div className="skeleton product-skeleton__price" />
            <div className="purchase">
              <div className="skeleton product-skeleton__legend" />
              {FULFILLMENT_OPTIONS.map((i) => (
                <div key={i} className="skeleton product-skeleton__option" />
              ))}
              <div className="skeleton product-skeleton__store" />
              <div className="purchase__row">
                <div className="skeleton product-skeleton__quantity" />
                <div className="skeleton product-skeleton__button" />
                <div className="skeleton product-skeleton__button product-skeleton__button--secondary" />
              </div>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
