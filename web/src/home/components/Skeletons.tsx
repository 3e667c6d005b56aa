/** Placeholders of the final size while the home page loads (nothing moves when content comes). */

const CARDS = [0, 1, 2, 3];

/**
 * A product carousel's box: heading, controls and four cards (fewer on
 * small screens, by CSS), and the 'Shop all' line of a featured list.
 */
export function CarouselSkeleton({ withLink = false }: { withLink?: boolean }) {
  return (
    <div aria-hidden="true" data-skeleton="">
      <div className="carousel home-skeleton-carousel">
        <div className="carousel__header">
          <div className="skeleton skeleton--text skeleton--heading" />
        </div>
        <div className="home-skeleton-carousel__cards">
          {CARDS.map((i) => (
            <div key={i} className="home-skeleton-card">
              <div className="skeleton home-skeleton-card__image" />
              <div className="skeleton skeleton--text" />
              <div className="skeleton skeleton--text skeleton--short" />
              <div className="skeleton skeleton--text skeleton--brand" />
              <div className="skeleton skeleton--text skeleton--rating" />
              <div className="skeleton skeleton--text skeleton--price" />
            </div>
          ))}
        </div>
      </div>
      {withLink && (
        <div className="home-featured__all">
          <div className="skeleton home-skeleton-link" />
        </div>
      )}
    </div>
  );
}

/** The departments' grid of cards. */
export function DepartmentsSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className="home-departments" aria-hidden="true" data-skeleton="">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="home-department home-department--skeleton">
          <div className="skeleton home-department__image" />
          <div className="skeleton skeleton--text" />
        </li>
      ))}
    </ul>
  );
}
