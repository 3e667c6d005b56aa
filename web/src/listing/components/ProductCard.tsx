import { useId, type MouseEvent } from 'react';
import { Link } from 'react-router';
import type { ProductSummary } from '../../shared/api/productSummary';
import type { SearchItem } from '../../shared/api/search';
import { PriceAmount, wasPriceOf } from '../../product/components/ProductPrice';
import { ProductRating } from '../../product/components/Rating';

/** The card picture's box (CSS scales it; the ratio reserves the space). */
export const CARD_IMAGE_SIZE = 240;
export const SEE_PRICE_IN_CART = 'See price in cart';

/** A neutral picture for products without one (or whose picture fails to load). */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240"><rect width="240" height="240" fill="#f5f4f0"/>' +
      '<path d="M70 160l35-45 25 30 20-20 30 35z" fill="#d5d7da"/><circle cx="95" cy="90" r="14" fill="#d5d7da"/></svg>',
  );

/**
 * Price text: below MAP the price shows in the cart only (and no was-price);
 * on sale a 'Sale' badge and the was-price struck through.
 */
export function PriceText({ product, className }: { product: ProductSummary; className?: string }) {
  if (product.belowMap || product.priceMode === 'BelowMap') {
    return (
      <p className={`product-price product-price--map ${className ?? ''}`}>
        <span className="product-price__map-label">{SEE_PRICE_IN_CART}</span>
      </p>
    );
  }
  const wasPrice = wasPriceOf(product);
  return (
    <p className={`product-price ${wasPrice ? 'product-price--on-sale ' : ''}${className ?? ''}`}>
      <PriceAmount price={product.price} wasPrice={wasPrice} />
    </p>
  );
}

export function ProductImage({
  product,
  size = CARD_IMAGE_SIZE,
  eager = false,
}: {
  product: ProductSummary;
  size?: number;
  eager?: boolean;
}) {
  return (
    <img
      className="product-image"
      src={product.thumbnail ?? PLACEHOLDER_IMAGE}
      width={size}
      height={size}
      alt={product.name}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={(event) => {
        const img = event.currentTarget;
        if (!img.src.startsWith('data:')) img.src = PLACEHOLDER_IMAGE;
      }}
    />
  );
}

export interface ProductCardProps {
  item: SearchItem;
  /** Position in the list, from 1. */
  index: number;
  compared: boolean;
  onCompareChange: (blainNumber: string, checked: boolean) => void;
  onOpen: (item: SearchItem, index: number, event: MouseEvent<HTMLAnchorElement>) => void;
  onMoreLikeThis: (item: SearchItem) => void;
  onDetails: (item: SearchItem) => void;
  eagerImage?: boolean;
}

/** One result: picture, name, brand, price, link to the product, compare and tools. */
export function ProductCard({
  item,
  index,
  compared,
  onCompareChange,
  onOpen,
  onMoreLikeThis,
  onDetails,
  eagerImage,
}: ProductCardProps) {
  const nameId = useId();
  const compareId = useId();
  return (
    <li className="product-card" data-blain-number={item.blainNumber} data-pinned={item.pinned || undefined}>
      <article className="product-card__inner" aria-labelledby={nameId}>
        {item.pinned && (
          <p className="product-card__pinned">
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M16 3v2h-1v6l3 3v2h-5v6l-1 1-1-1v-6H6v-2l3-3V5H8V3z" />
            </svg>
            Pinned
          </p>
        )}
        <Link
          to={item.url}
          className="product-card__image-link"
          tabIndex={-1}
          aria-hidden="true"
          onClick={(event) => onOpen(item, index, event)}
        >
          <ProductImage product={item} eager={eagerImage} />
        </Link>
        <h3 className="product-card__name" id={nameId}>
          <Link to={item.url} onClick={(event) => onOpen(item, index, event)}>
            {item.name}
          </Link>
        </h3>
        {item.vendorBrand && <p className="product-card__brand">{item.vendorBrand}</p>}
        <ProductRating rating={item.rating} count={item.ratingCount} size="card" />
        <PriceText product={item} className="product-card__price" />
        <div className="product-card__tools">
          <span className="product-card__compare">
            <input
              id={compareId}
              type="checkbox"
              checked={compared}
              onChange={(event) => onCompareChange(item.blainNumber, event.currentTarget.checked)}
            />
            <label htmlFor={compareId}>
              Compare{' '}<span className="visually-hidden">{item.name}</span>
            </label>
          </span>
          <button type="button" className="product-card__tool" onClick={() => onMoreLikeThis(item)}>
            More like this<span className="visually-hidden">: {item.name}</span>
          </button>
          <button type="button" className="product-card__tool" onClick={() => onDetails(item)}>
            Item details<span className="visually-hidden">: {item.name}</span>
          </button>
        </div>
      </article>
    </li>
  );
}
