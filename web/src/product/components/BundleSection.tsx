import { useId } from 'react';
import { Link } from 'react-router';
import type { Bundle, ProductDetails } from '../../shared/api/product';
import type { FulfillmentType } from '../../shared/api/productSummary';
import type { LocalStoreJson } from '../../shared/api/shell';
import { useAddToCart } from '../addToCart';
import { AddToCartDialogs } from './AddToCartDialogs';
import { CART_PATH } from './PurchasePanel';
import { ProductImage } from './ProductImage';
import { ProductPrice, showsPrice } from './ProductPrice';

export const BUNDLE_THUMB_SIZE = 96;

/** The product's bundle: its items and one button that adds them all (bundletocart). */
export function BundleSection({
  product,
  bundle,
  fulfillment,
  localStore,
}: {
  product: ProductDetails;
  bundle: Bundle;
  fulfillment: FulfillmentType;
  localStore: LocalStoreJson | null;
}) {
  const headingId = useId();
  const flow = useAddToCart();
  const state = flow.state;
  if (bundle.items.length === 0) return null;
  const allPriced = bundle.items.every((i) => showsPrice(i.product));
  return (
    <section className="product-section bundle" aria-labelledby={headingId}>
      <h2 id={headingId}>This bundle includes</h2>
      <ul className="bundle__items">
        {bundle.items.map(({ product: item, quantity }) => (
          <li key={item.blainNumber} className="bundle__item">
            <ProductImage
              className="bundle__image"
              src={item.thumbnail}
              alt=""
              width={BUNDLE_THUMB_SIZE}
              height={BUNDLE_THUMB_SIZE}
              loading="lazy"
            />
            <div className="bundle__text">
              <Link to={item.url}>{item.name}</Link>
              <p className="bundle__qty">Quantity: {quantity}</p>
              <ProductPrice product={item} />
            </div>
          </li>
        ))}
      </ul>
      {allPriced && bundle.totalPrice && (
        <p className="bundle__total">
          Bundle total: <strong>{bundle.totalPrice}</strong>
        </p>
      )}
      <button
        type="button"
        className="button"
        aria-disabled={state.step === 'sending' || undefined}
        onClick={() =>
          flow.add({
            kind: 'bundle',
            price: bundle.totalPriceCents / 100,
            request: {
              blainNumber: product.blainNumber,
              quantity: 1,
              fulfillmentType: fulfillment,
              ...(fulfillment !== 'ShipToHome' && localStore ? { storeNum: localStore.storeNum } : {}),
            },
          })
        }
      >
        {state.step === 'sending' ? 'Adding…' : 'Add Bundle to Cart'}
      </button>
      <div className="purchase__status" aria-live="polite">
        {state.step === 'success' && (
          <p className="purchase__success">
            {state.message} <Link to={CART_PATH}>View Cart</Link>
          </p>
        )}
      </div>
      {state.step === 'error' && (
        <p className="purchase__error" role="alert" data-result-code={state.code}>
          {state.message}
        </p>
      )}
      <AddToCartDialogs
        state={state}
        productName={`${product.name} bundle`}
        onConfirm={flow.confirm}
        onAgree={flow.agree}
        onCancel={flow.dismiss}
      />
    </section>
  );
}
