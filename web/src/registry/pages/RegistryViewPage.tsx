import { useCallback, useId } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { AccountBreadcrumb, AccountPageHead, QueryState, useAccountQuery } from '../../account/pages/common';
import { useAddToCart } from '../../product/addToCart';
import { AddToCartDialogs } from '../../product/components/AddToCartDialogs';
import { ProductImage } from '../../product/components/ProductImage';
import { ProductPrice } from '../../product/components/ProductPrice';
import { CART_PATH, fulfillmentOptions, selectedFulfillment } from '../../product/components/PurchasePanel';
import { fetchSharedRegistry, type RegistryItem, type SharedRegistry } from '../../shared/api/registry';
import type { ProductSummary } from '../../shared/api/productSummary';
import { useSession } from '../../session';
import { EventLine, INVALID_SHARE_LINK_MESSAGE, itemCountText, REGISTRY_IMAGE_SIZE } from '../common';
import '../../product/product.css';

export const SHARED_REGISTRY_TITLE = 'Gift Registry';
export const GIFT_REGISTRY_PATH = '/gift-registry/';

/**
 * /gift-registry/view/?key=…: a shared registry as anyone with its link sees it (no sign-in):
 * the name, the event and its date, and each item with the quantity wanted and Add to Cart.
 * A key that is unknown or no longer shared says the link is not valid.
 */
export function RegistryViewPage() {
  const { key: locationKey } = useLocation();
  const [params] = useSearchParams();
  const key = params.get('key')?.trim() ?? '';
  return <SharedRegistryView key={`${locationKey}:${key}`} shareKey={key} />;
}

function SharedRegistryView({ shareKey }: { shareKey: string }) {
  const fetcher = useCallback(
    (signal: AbortSignal) => (shareKey ? fetchSharedRegistry(shareKey, signal) : Promise.resolve(null)),
    [shareKey],
  );
  const [query, reload] = useAccountQuery(fetcher);
  const registry = query.status === 'ready' ? query.data : null;
  const title = registry?.name || SHARED_REGISTRY_TITLE;

  let body;
  if (registry) {
    body = <RegistryItems registry={registry} />;
  } else if (query.status === 'ready' || query.status === 'guest') {
    body = (
      <div className="account-message account-message--error" role="alert">
        <p>{INVALID_SHARE_LINK_MESSAGE}</p>
        <p>
          Please check the link with the person who sent it, or <Link to={GIFT_REGISTRY_PATH}>learn about gift registries</Link>.
        </p>
      </div>
    );
  } else {
    body = <QueryState query={query} what="the registry" onRetry={reload} />;
  }

  return (
    <article className="account-page registry-page">
      {/* A shared registry is reached by its secret link only: no search engine keeps it. */}
      <AccountPageHead title={title} />
      <AccountBreadcrumb trail={[{ label: SHARED_REGISTRY_TITLE, href: GIFT_REGISTRY_PATH }]} current={title} />
      <h1 className="account-page__title">{title}</h1>
      {body}
    </article>
  );
}

function RegistryItems({ registry }: { registry: SharedRegistry }) {
  const headingId = useId();
  return (
    <>
      <p className="registry-summary">
        <EventLine eventType={registry.eventType} eventDate={registry.eventDate} />
        {' · '}
        {itemCountText(registry.items.length)}
      </p>
      <section className="account-section" aria-labelledby={headingId}>
        <h2 id={headingId} className="account-section__title">
          Wish list
        </h2>
        {registry.items.length === 0 ? (
          <p className="account-muted">There is nothing on this registry yet. Please check back later.</p>
        ) : (
          <ul className="registry-items" aria-labelledby={headingId}>
            {registry.items.map((item) => (
              <SharedItem key={item.blainNumber} item={item} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function SharedItem({ item }: { item: RegistryItem }) {
  const product = item.product;
  return (
    <li className="registry-item registry-item--shared" data-blain-number={item.blainNumber}>
      <div className="registry-item__media">
        <ProductImage src={product?.thumbnail} alt="" width={REGISTRY_IMAGE_SIZE} height={REGISTRY_IMAGE_SIZE} loading="lazy" />
      </div>
      <div className="registry-item__info">
        <h3 className="registry-item__name">
          {product ? <Link to={product.url}>{product.name}</Link> : `Item #${item.blainNumber}`}
        </h3>
        {product && (
          <>
            <p className="registry-item__number">Item #{item.blainNumber}</p>
            <ProductPrice product={product} />
          </>
        )}
        <p className="registry-item__wanted">Wanted: {item.quantity}</p>
      </div>
      <div className="registry-item__buy">
        {product && !product.discontinued ? (
          <AddItemToCart product={product} />
        ) : (
          <p className="account-muted">This item is no longer available.</p>
        )}
      </div>
    </li>
  );
}

/** Add to Cart for one item: one of it, by the first way the product can be had (the visitor's store for pickup). */
function AddItemToCart({ product }: { product: ProductSummary }) {
  const flow = useAddToCart();
  const localStore = useSession((s) => s.localStore);
  const options = fulfillmentOptions(product.fulfillment);
  const orderable = options.some((o) => o.enabled);
  const fulfillmentType = selectedFulfillment(options, null);
  const state = flow.state;
  const sending = state.step === 'sending';

  function add() {
    if (sending || !orderable) return;
    flow.add({
      kind: 'item',
      price: product.priceCents / 100,
      request: {
        blainNumber: product.blainNumber,
        quantity: 1,
        fulfillmentType,
        ...(fulfillmentType !== 'ShipToHome' && localStore ? { storeNum: localStore.storeNum } : {}),
      },
    });
  }

  return (
    <>
      <button
        type="button"
        className="button registry-item__add"
        aria-disabled={sending || undefined}
        disabled={!orderable}
        onClick={add}
      >
        {sending ? 'Adding…' : 'Add to Cart'}
        <span className="visually-hidden">: {product.name}</span>
      </button>
      <div className="registry-item__status" aria-live="polite">
        {state.step === 'success' && (
          <p className="registry-item__success">
            {state.message} <Link to={CART_PATH}>View Cart</Link>
          </p>
        )}
      </div>
      {state.step === 'error' && (
        <p className="registry-item__error" role="alert">
          {state.message}
        </p>
      )}
      <AddToCartDialogs
        state={state}
        productName={product.name}
        onConfirm={flow.confirm}
        onAgree={flow.agree}
        onCancel={flow.dismiss}
      />
    </>
  );
}
