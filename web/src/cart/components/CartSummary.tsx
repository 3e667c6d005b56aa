import { useEffect } from 'react';
import { Link } from 'react-router';
import type { Cart } from '../../shared/api/cart';
import { loadCartAvailability, resetCartAvailability, useCartAvailability } from '../../checkout/cartAvailability';
import { CheckoutLink } from '../../checkout/components/CheckoutLink';
import { formatCents } from '../../shared/money';
import { storeHref } from '../../content/siteLinks';
import { useSession } from '../../session';
import { openStoreMenu } from '../../storefinder/storeMenuStore';
import { merchandiseCents, pickupStores, storeLabel, warrantyTotalCents, type StoreName } from '../format';

interface Props {
  cart: Cart;
  stores: Record<number, StoreName>;
}

/** The pickup store(s) of the cart's lines, else the visitor's store with Change. */
function PickupStore({ cart, stores }: Props) {
  const localStore = useSession((s) => s.localStore);
  const localName = useSession((s) => s.localStoreName);
  const pickup = pickupStores(cart.lines);

  if (pickup.length > 0) {
    return (
      <section className="cart-store" aria-labelledby="cart-store-heading">
        <h3 id="cart-store-heading">{pickup.length === 1 ? 'Pickup store' : 'Pickup stores'}</h3>
        <ul className="cart-store__list">
          {pickup.map((num) => {
            const store = stores[num];
            return (
              <li key={num} data-store-num={num}>
                {store?.urlAlias ? (
                  <Link to={storeHref(store.urlAlias)}>{store.title}</Link>
                ) : (
                  <span>{storeLabel(num, stores)}</span>
                )}
                {store?.address && <span className="cart-store__address">{store.address}</span>}
                {store?.hours && <span className="cart-store__hours">{store.hours}</span>}
              </li>
            );
          })}
        </ul>
      </section>
    );
  }

  const label = localName ?? (localStore ? `${localStore.city}, ${localStore.state}` : null);
  return (
    <section className="cart-store" aria-labelledby="cart-store-heading">
      <h3 id="cart-store-heading">Your store</h3>
      {label ? (
        <p className="cart-store__local">
          {localStore?.urlAlias ? <Link to={storeHref(localStore.urlAlias)}>{label}</Link> : <span>{label}</span>}
          <button type="button" className="cart-link-button" onClick={() => openStoreMenu()}>
            Change{' '}<span className="visually-hidden">store, {label}</span>
          </button>
        </p>
      ) : (
        <p className="cart-store__local">
          <button type="button" className="cart-link-button" onClick={() => openStoreMenu()}>
            Find your store
          </button>
        </p>
      )}
      <p className="cart-store__note">Items in this cart ship to your home.</p>
    </section>
  );
}

/**
 * Totals, the pickup store and ways on (Checkout, Continue shopping). It reads the checkout
 * summary whenever the cart's lines change, so lines that can't be had as chosen are flagged.
 */
export function CartSummary({ cart, stores }: Props) {
  const plans = warrantyTotalCents(cart.lines);
  const unavailable = useCartAvailability((s) =>
    cart.lines.some((l) => s.lines[l.lineId]?.available === false),
  );

  useEffect(() => {
    loadCartAvailability(cart);
  }, [cart]);
  useEffect(() => () => resetCartAvailability(), []);

  return (
    <aside className="cart-summary" aria-labelledby="cart-summary-heading">
      <h2 id="cart-summary-heading">Order summary</h2>
      <dl className="cart-totals">
        <div className="cart-totals__row">
          <dt>Items ({cart.cartQty})</dt>
          <dd data-testid="cart-merchandise">{formatCents(merchandiseCents(cart.lines))}</dd>
        </div>
        {plans > 0 && (
          <div className="cart-totals__row">
            <dt>Protection plans</dt>
            <dd data-testid="cart-plans">{formatCents(plans)}</dd>
          </div>
        )}
        <div className="cart-totals__row cart-totals__row--subtotal">
          <dt>Subtotal</dt>
          <dd data-testid="cart-subtotal">{cart.subtotal}</dd>
        </div>
      </dl>
      <p className="cart-summary__note">Shipping and taxes are calculated at checkout.</p>
      <CheckoutLink unavailable={unavailable} />
      <PickupStore cart={cart} stores={stores} />
      <p>
        <Link to="/" className="button button--secondary cart-summary__continue">
          Continue shopping
        </Link>
      </p>
    </aside>
  );
}
