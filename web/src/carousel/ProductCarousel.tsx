import { useEffect, useId, useMemo, useRef, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ProductSummary } from '../shared/api/productSummary';
import { ProductImage } from '../product/components/ProductImage';
import { ProductPrice, showsPrice } from '../product/components/ProductPrice';
import { ProductRating } from '../product/components/Rating';
import {
  sendCarouselClickBeacon,
  trackCarouselClick,
  trackCarouselView,
  type CarouselTracking,
} from '../shared/tracking';
import { Carousel } from './Carousel';
import { CAROUSEL_CLICK_DELAY_MS, DEFAULT_SETTINGS, type CarouselSettings } from './settings';
import './carousel.css';

/** What a product card needs. */
export type CarouselProduct = Pick<
  ProductSummary,
  | 'blainNumber'
  | 'name'
  | 'vendorBrand'
  | 'url'
  | 'thumbnail'
  | 'price'
  | 'priceCents'
  | 'belowMap'
  | 'priceMode'
  | 'rating'
  | 'ratingCount'
  | 'wasPrice'
  | 'wasPriceCents'
>;

export const CARD_IMAGE_SIZE = 240;

/** storefront-shell §3 "Carousel tracking" for one product of a list. */
export function carouselTracking(
  listId: string,
  listName: string,
  product: CarouselProduct,
  index: number,
): CarouselTracking {
  const priced = showsPrice(product);
  return {
    itemListID: listId,
    itemListName: listName,
    index,
    currentPrice: priced ? Math.round(product.priceCents) / 100 : null,
    belowMap: !priced,
    priceMode: typeof product.priceMode === 'string' ? product.priceMode : null,
    blainNumber: product.blainNumber,
    vendorBrand: product.vendorBrand,
    productName: product.name,
  };
}

function opensElsewhere(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

export interface ProductCarouselProps {
  /** The list's id for tracking (a widget GUID, 'bundle', …). */
  listId: string;
  title: string;
  products: readonly CarouselProduct[];
  settings?: CarouselSettings;
  headingLevel?: 2 | 3;
  /** 'carousel' (default), or a static grid / column when the widget isn't a carousel. */
  display?: 'carousel' | 'grid' | 'vertical';
  /** Extra tracking for a product click (a recommendation click). */
  onProductClick?: (product: CarouselProduct, index: number, event: MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * Products in a carousel with the carousel analytics: product_carousel_view
 * once when shown, and on a product click product_carousel_click plus the
 * carousel-click beacon, the page changing 100 ms later.
 */
export function ProductCarousel({
  listId,
  title,
  products,
  settings = DEFAULT_SETTINGS,
  headingLevel = 2,
  display = 'carousel',
  onProductClick,
}: ProductCarouselProps) {
  const navigate = useNavigate();
  const baseId = useId();
  const tracking = useMemo(
    () => products.map((p, i) => carouselTracking(listId, title, p, i)),
    [listId, title, products],
  );

  function onClick(event: MouseEvent<HTMLAnchorElement>, product: CarouselProduct, index: number) {
    const item = tracking[index] ?? carouselTracking(listId, title, product, index);
    try {
      trackCarouselClick(item);
      sendCarouselClickBeacon(item);
      onProductClick?.(product, index, event);
    } catch {
      // Tracking never stops the click.
    }
    if (event.defaultPrevented || opensElsewhere(event)) return;
    event.preventDefault();
    window.setTimeout(() => navigate(product.url), CAROUSEL_CLICK_DELAY_MS);
  }

  function card(product: CarouselProduct, index: number) {
    const nameId = `${baseId}-${index}`;
    return (
      <article className="product-card" data-blain-number={product.blainNumber}>
        <Link
          className="product-card__link"
          to={product.url}
          aria-labelledby={nameId}
          onClick={(e) => onClick(e, product, index)}
        >
          <ProductImage
            className="product-card__image"
            src={product.thumbnail}
            alt={product.name}
            width={CARD_IMAGE_SIZE}
            height={CARD_IMAGE_SIZE}
            loading="lazy"
          />
          <span id={nameId} className="product-card__name">
            {product.name}
          </span>
        </Link>
        {product.vendorBrand && <p className="product-card__brand">{product.vendorBrand}</p>}
        <ProductRating rating={product.rating} count={product.ratingCount} size="card" />
        <ProductPrice product={product} />
      </article>
    );
  }

  if (products.length === 0) return null;

  if (display !== 'carousel') {
    return (
      <GridList
        title={title}
        headingLevel={headingLevel}
        vertical={display === 'vertical'}
        onShown={() => trackCarouselView(tracking)}
      >
        {products.map((p, i) => (
          <li key={p.blainNumber}>{card(p, i)}</li>
        ))}
      </GridList>
    );
  }

  return (
    <Carousel
      className="product-carousel"
      title={title}
      headingLevel={headingLevel}
      items={products}
      itemKey={(p) => p.blainNumber}
      renderItem={card}
      settings={settings}
      onShown={() => trackCarouselView(tracking)}
    />
  );
}

function GridList({
  title,
  headingLevel,
  vertical,
  onShown,
  children,
}: {
  title: string;
  headingLevel: 2 | 3;
  vertical: boolean;
  onShown: () => void;
  children: ReactNode;
}) {
  const id = useId();
  const done = useRef(false);
  const shown = useRef(onShown);
  shown.current = onShown;
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    shown.current();
  }, []);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section className="carousel product-list" aria-labelledby={id}>
      <Heading id={id} className="carousel__title">
        {title}
      </Heading>
      <ul className={vertical ? 'product-grid product-grid--vertical' : 'product-grid'}>{children}</ul>
    </section>
  );
}
