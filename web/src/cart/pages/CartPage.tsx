import { useEffect, useRef, useState } from 'react';
import { CartLineItem } from '../components/CartLineItem';
import { CartSummary } from '../components/CartSummary';
import { EmptyCart } from '../components/EmptyCart';
import { useCartStore } from '../cartStore';
import { CART_ERROR_MESSAGE, focusAfterRemove, itemCount } from '../format';
import '../cart.css';

/**
 * The cart page (/cart/): the lines with quantity, protection plan and
 * remove, the totals, the pickup store, and an empty state. Changes are
 * announced in a polite live region; after a remove focus moves to the next
 * line (or the empty-cart heading).
 */
export function CartPage() {
  const status = useCartStore((s) => s.status);
  const cart = useCartStore((s) => s.cart);
  const stores = useCartStore((s) => s.stores);
  const warranties = useCartStore((s) => s.warranties);
  const busyLine = useCartStore((s) => s.busyLine);
  const lineErrors = useCartStore((s) => s.lineErrors);
  const announcement = useCartStore((s) => s.announcement);
  const announcementId = useCartStore((s) => s.announcementId);
  const actions = useCartStore.getState;

  const listRef = useRef<HTMLUListElement>(null);
  const emptyHeadingRef = useRef<HTMLHeadingElement>(null);
  /** After a remove: the line to focus, or 'empty' for the empty-cart heading. */
  const [focusTarget, setFocusTarget] = useState<number | 'empty' | null>(null);

  useEffect(() => {
    void actions().load();
    return () => actions().reset();
  }, [actions]);

  useEffect(() => {
    if (focusTarget === null) return;
    if (focusTarget === 'empty' || cart.lines.length === 0) {
      emptyHeadingRef.current?.focus();
    } else {
      const link = listRef.current?.querySelector<HTMLElement>(
        `[data-line-id="${focusTarget}"] [data-focus-target]`,
      );
      (link ?? listRef.current?.querySelector<HTMLElement>('[data-focus-target]'))?.focus();
    }
    setFocusTarget(null);
  }, [focusTarget, cart]);

  async function remove(lineId: number) {
    const next = focusAfterRemove(
      cart.lines.map((l) => l.lineId),
      lineId,
    );
    const ok = await actions().remove(lineId);
    if (ok) setFocusTarget(next ?? 'empty');
  }

  const loading = status === 'idle' || status === 'loading';
  const empty = status === 'success' && cart.lines.length === 0;

  return (
    <article className="cart-page">
      <title>Shopping Cart | Storefront</title>
      <h1>Shopping Cart</h1>

      {/* Always in the page, so screen readers hear every change. */}
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="cart-announcer">
        {announcement}
        {announcementId % 2 === 1 ? '\u00a0' : ''}
      </div>

      {loading && (
        <p className="page-loading" role="status">
          Loading your cart…
        </p>
      )}

      {status === 'error' && (
        <div className="cart-error" role="alert">
          <p>{CART_ERROR_MESSAGE}</p>
          <button type="button" className="button" onClick={() => void actions().load()}>
            Try again
          </button>
        </div>
      )}

      {empty && <EmptyCart ref={emptyHeadingRef} />}

      {status === 'success' && cart.lines.length > 0 && (
        <div className="cart-layout">
          <section className="cart-items" aria-labelledby="cart-items-heading">
            <h2 id="cart-items-heading">
              Items in your cart <span className="cart-items__count">({itemCount(cart.cartQty)})</span>
            </h2>
            <ul className="cart-lines" ref={listRef}>
              {cart.lines.map((line) => (
                <CartLineItem
                  key={line.lineId}
                  line={line}
                  stores={stores}
                  warranties={warranties[line.blainNumber]}
                  busy={busyLine === line.lineId}
                  error={lineErrors[line.lineId]}
                  onQuantity={(q) => void actions().setQuantity(line.lineId, q)}
                  onInvalidQuantity={(message) => actions().setLineError(line.lineId, message)}
                  onRemove={() => void remove(line.lineId)}
                  onChooseWarranty={(id) => void actions().chooseWarranty(line.lineId, id)}
                  onRemoveWarranty={() => void actions().removeWarranty(line.lineId)}
                />
              ))}
            </ul>
          </section>
          <CartSummary cart={cart} stores={stores} />
        </div>
      )}
    </article>
  );
}
