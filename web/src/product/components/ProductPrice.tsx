import type { ProductSummary } from '../../api/product';

export const SEE_PRICE_IN_CART = 'See price in cart';
export const MAP_EXPLANATION =
  'Our price is lower than the manufacturer’s minimum advertised price, so we can only show it in your cart.';

/** Whether the price may be shown ('see price in cart' mode otherwise). */
export function showsPrice(product: Pick<ProductSummary, 'belowMap' | 'priceMode'>): boolean {
  return !(product.belowMap || product.priceMode === 'BelowMap');
}

export interface ProductPriceProps {
  product: Pick<ProductSummary, 'price' | 'priceCents' | 'belowMap' | 'priceMode'>;
  /** The page shows the explanation; cards show the short text only. */
  size?: 'page' | 'card';
}

/**
 * The price, or in MAP mode (price below the minimum advertised price)
 * 'See price in cart' without any amount.
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
  return (
    <div className={`product-price product-price--${size}`} data-price-mode={product.priceMode}>
      <p className="product-price__amount">
        <span className="visually-hidden">Price: </span>
        {product.price}
      </p>
    </div>
  );
}
