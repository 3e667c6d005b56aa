import { Link } from 'react-router';
import type { FeaturedList } from '../../shared/api/home';
import { ProductCarousel } from '../../carousel/ProductCarousel';

/** One featured list of the home page as a carousel, with its 'Shop all' link. */
export function FeaturedCarousel({ list }: { list: FeaturedList }) {
  if (list.products.length === 0) return null;
  return (
    <div className="home-featured" data-featured-id={list.id}>
      <ProductCarousel listId={`home-${list.id}`} title={list.title} products={list.products} />
      {list.link && (
        <p className="home-featured__all">
          <Link to={list.link} className="home-featured__link">
            Shop all{' '}
            <span className="visually-hidden">{list.title}</span>
            <span className="home-featured__arrow" aria-hidden="true">
              ›
            </span>
          </Link>
        </p>
      )}
    </div>
  );
}
