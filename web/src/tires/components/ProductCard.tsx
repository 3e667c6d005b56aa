import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';

export const CARD_IMAGE_SIZE = 160;

/** What a card shows of a product (a search result). */
export interface CardProduct {
  blainNumber: string;
  name: string;
  vendorBrand: string;
  url: string;
  thumbnail: string | null;
  price: string;
  belowMap: boolean;
}

function Thumb({ src, alt }: { src: string | null; alt: string }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    return (
      <span
        className="auto-card__image auto-card__image--none"
        style={{ width: CARD_IMAGE_SIZE, height: CARD_IMAGE_SIZE }}
        aria-hidden="true"
      />
    );
  }
  return (
    <img
      className="auto-card__image"
      src={src}
      alt={alt}
      width={CARD_IMAGE_SIZE}
      height={CARD_IMAGE_SIZE}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
    />
  );
}

/** A product in a results grid: picture, brand, name (the product link), details, price. */
export function ProductCard({ product, children }: { product: CardProduct; children?: ReactNode }) {
  return (
    <li className="auto-card" data-blain-number={product.blainNumber}>
      <Thumb src={product.thumbnail} alt={product.name} />
      {product.vendorBrand && <p className="auto-card__brand">{product.vendorBrand}</p>}
      <h3 className="auto-card__name">
        <Link to={product.url}>{product.name}</Link>
      </h3>
      {children}
      <p className="auto-card__price">{product.belowMap ? 'See price in cart' : product.price}</p>
    </li>
  );
}
