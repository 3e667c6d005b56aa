import type { ProductSummary } from '../../shared/api/productSummary';
import './ProductPrice.css';

export const SEE_PRICE_IN_CART = 'See price in cart';
export const MAP_EXPLANATION =
  'Our price is lower than the manufacturer’s minimum advertised price, so we can only show it in your cart.';
export const SALE_BADGE = 'Sale';

/** Whether the price may be shown ('see price in cart' mode otherwise). */
export function showsPrice(product: Pick<ProductSummary, 'belowMap' | 'priceMode'>): boolean {
  return !(product.belowMap || product.priceMode === 'BelowMap');
}

type SaleFields = Pick<ProductSummary, 'belowMap' | 'priceMode' | 'priceCents' | 'wasPrice' | 'wasPriceCents'>;

/**
 * The was-price to show ('$24.99'), or null: only for a product whose price
 * is shown (never below MAP) and whose was-price is higher than its price.
 */
export function wasPriceOf(product: SaleFields): string | null {
  if (!showsPrice(product)) return null;
  const was = product.wasPrice;
  if (typeof was !== 'string' || was.trim() === '') return null;
  const cents = product.wasPriceCents;
  if (typeof cents === 'number' && Number.isFinite(product.priceCents) && cents <= product.priceCents) return null;
  return was.trim();
}

/**
 * The amount, and on sale a 'Sale' badge and the struck-through was-price
 * ('was $24.99'). Screen readers hear 'Sale price: $19.99 was $24.99'.
 */
export function PriceAmount({ price, wasPrice }: { price: string; wasPrice: string | null }) {
  if (wasPrice === null) {
    return (
      <>
        <span className="visually-hidden">Price: </span>
        {price}
      </>
    );
  }
  return (
    <>
      <span className="product-price__badge" aria-hidden="true">
        {SALE_BADGE}
      </span>{' '}
      <span className="visually-hidden">Sale price: </span>
      <span className="product-price__sale">{price}</span>{' '}
      <span className="product-price__was">
        was <s>{wasPrice}</s>
      </span>
    </>
  );
}

/**
 * 'Sale ends Thu, Dec 31' for a sale's last day ('2026-12-31'), or null for none or a date
 * that is not one. The day as written, whatever the browser's time zone.
 */
export function saleEndsText(lastDay: string | null | undefined): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(lastDay ?? '');
  if (!m) return null;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(day.getTime()) || day.getUTCDate() !== Number(m[3])) return null;
  const text = day.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
  return `Sale ends ${text}`;
}

export interface ProductPriceProps {
  product: Pick<ProductSummary, 'price' | 'priceCents' | 'belowMap' | 'priceMode' | 'wasPrice' | 'wasPriceCents'> &
    Partial<Pick<ProductSummary, 'saleEndsOn'>>;
  /** The page shows the explanation; cards show the short text only. */
  size?: 'page' | 'card';
}

/**
 * The price, or in MAP mode (price below the minimum advertised price)
 * 'See price in cart' without any amount (and no was-price). A product on
 * sale shows a 'Sale' badge and its was-price struck through; on the product page, the sale's
 * last day when the catalog gives one.
 */
export function ProductPrice({ product, size = 'card' }: ProductPriceProps) {
  if (!showsPrice(product)) {
    return (
      <div className={`product-price product-price--${size} product-price--map`} data-price-mode="BelowMap">
        <p className="product-price__map">{SEE_PRICE_IN_CART}</p>
        {size === 'page' && <p className="product-price__note">{MAP_EXPLANATION}</p>}
      </div>
    );
  }
  const wasPrice = wasPriceOf(product);
  const saleEnds = saleEndsText(product.saleEndsOn);
  return (
    <div
      className={`product-price product-price--${size}${wasPrice ? ' product-price--on-sale' : ''}`}
      data-price-mode={product.priceMode}
    >
      <p className="product-price__amount">
        <PriceAmount price={product.price} wasPrice={wasPrice} />
      </p>
      {size === 'page' && wasPrice && saleEnds && <p className="product-price__ends">{saleEnds}</p>}
    </div>
  );
}
