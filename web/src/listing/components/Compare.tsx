import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { CartResult } from '../../shared/api/cart';
import { addComparisonToCart, fetchComparison, type Comparison } from '../../shared/api/search';
import { NetworkError, newIdempotencyKey } from '../../shared/api/client';
import { refreshHeader } from '../../session';
import { GENERIC_ERROR_MESSAGE } from '../../shared/ui/errors';
import { MAX_COMPARE_ITEMS, showCompareControls } from '../../search/compare';
import { knownProduct } from '../productCache';
import { Dialog } from './Dialog';
import { PriceText, ProductImage } from './ProductCard';

export interface CompareBarProps {
  items: readonly string[];
  message: string | null;
  onRemove: (blainNumber: string) => void;
  onClear: () => void;
  onCompare: () => void;
}

/** The compare list; shown only while it is non-empty. */
export function CompareBar({ items, message, onRemove, onClear, onCompare }: CompareBarProps) {
  if (!showCompareControls(items)) {
    // The message area stays so a refusal is still announced.
    return (
      <div className="visually-hidden" role="alert">
        {message}
      </div>
    );
  }
  return (
    <section className="compare-bar" aria-label="Compare items">
      <div className="compare-bar__inner">
        <h2 className="compare-bar__title">
          Compare items{' '}
          <span className="compare-bar__count">
            ({items.length} of {MAX_COMPARE_ITEMS})
          </span>
        </h2>
        <ul className="compare-bar__items">
          {items.map((id) => {
            const p = knownProduct(id);
            return (
              <li key={id} className="compare-bar__item">
                <span className="compare-bar__name">{p?.name ?? `Item ${id}`}</span>
                <button type="button" className="compare-bar__remove" onClick={() => onRemove(id)}>
                  <span aria-hidden="true">×</span>
                  <span className="visually-hidden">Remove {p?.name ?? `item ${id}`} from the comparison</span>
                </button>
              </li>
            );
          })}
        </ul>
        <div className="compare-bar__actions">
          <button type="button" className="button" onClick={onCompare}>
            Compare
          </button>
          <button type="button" className="button button--secondary" onClick={onClear}>
            Clear
          </button>
        </div>
        <p className="compare-bar__message" role="alert">
          {message}
        </p>
      </div>
    </section>
  );
}

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; comparison: Comparison }
  | { status: 'error'; message: string };

/** Messages for the cart's result codes. */
export function cartResultMessage(result: CartResult, count: number): string {
  if (result.success || result.resultCode === 'Success') {
    return count === 1 ? 'The item was added to your cart.' : `The ${count} items were added to your cart.`;
  }
  if (result.message) return result.message;
  switch (result.resultCode) {
    case 'MaxLines':
      return 'Your cart is full. Remove an item before adding more.';
    case 'RequireConfirmation':
    case 'RequireAgreement':
      return 'One of these items needs your confirmation: add it from its product page.';
    case 'PickupDeliveryError':
      return 'These items can’t be delivered that way. Please try again later.';
    default:
      return 'These items couldn’t be added to your cart.';
  }
}

/** Compare Items: the items side by side, and adding them all to the cart. */
export function CompareDialog({
  items,
  open,
  onClose,
  onRemove,
}: {
  items: readonly string[];
  open: boolean;
  onClose: () => void;
  onRemove: (blainNumber: string) => void;
}) {
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [adding, setAdding] = useState(false);
  const [cartMessage, setCartMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const key = items.join(',');
  // The same items in a new array (every render of the page) are not a new comparison.
  const compared = useMemo(() => (key === '' ? [] : key.split(',')), [key]);
  const close = useEffectEvent(onClose);

  useEffect(() => {
    if (!open) return;
    if (compared.length < 2) {
      close();
      return;
    }
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    fetchComparison(compared, controller.signal).then(
      (comparison) => {
        if (!controller.signal.aborted) setLoad({ status: 'ready', comparison });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({
          status: 'error',
          message:
            error instanceof NetworkError && error.status === 404
              ? 'These items can’t be compared any more.'
              : GENERIC_ERROR_MESSAGE,
        });
      },
    );
    return () => controller.abort();
  }, [open, compared]);

  useEffect(() => {
    if (open) setCartMessage(null);
  }, [open]);

  async function addAll(ids: string[]) {
    setAdding(true);
    setCartMessage(null);
    try {
      const result = await addComparisonToCart(ids, newIdempotencyKey());
      const ok = result.success || result.resultCode === 'Success';
      setCartMessage({ text: cartResultMessage(result, ids.length), ok });
      // The header's cart count follows the server.
      void refreshHeader(ok ? { cartQty: result.cartQty } : {});
    } catch {
      setCartMessage({ text: GENERIC_ERROR_MESSAGE, ok: false });
    } finally {
      setAdding(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title="Compare Items" wide>
      {load.status === 'loading' && (
        <p role="status" className="listing-dialog__loading">
          Loading the comparison…
        </p>
      )}
      {load.status === 'error' && (
        <p role="alert" className="listing-error">
          {load.message}
        </p>
      )}
      {load.status === 'ready' && (
        <>
          <div className="compare-table__scroll">
            <table className="compare-table">
              <caption className="visually-hidden">
                {load.comparison.items.length} items compared side by side
              </caption>
              <thead>
                <tr>
                  <td className="compare-table__corner" />
                  {load.comparison.items.map((p) => (
                    <th key={p.blainNumber} scope="col" className="compare-table__product">
                      <ProductImage product={p} size={120} eager />
                      <Link to={p.url} onClick={onClose} className="compare-table__name">
                        {p.name}
                      </Link>
                      <PriceText product={p} />
                      {items.length > 2 && (
                        <button
                          type="button"
                          className="link-button compare-table__remove"
                          onClick={() => onRemove(p.blainNumber)}
                        >
                          Remove{' '}<span className="visually-hidden">{p.name}</span>
                        </button>
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {load.comparison.attributes.map((row) => (
                  <tr key={row.name}>
                    <th scope="row">{row.name}</th>
                    {load.comparison.items.map((p, i) => (
                      <td key={p.blainNumber}>{row.values[i] ?? '—'}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="compare-dialog__actions">
            <button
              type="button"
              className="button"
              disabled={adding}
              onClick={() => void addAll(load.comparison.items.map((p) => p.blainNumber))}
            >
              {adding ? 'Adding…' : `Add ${load.comparison.items.length} items to cart`}
            </button>
            {cartMessage?.ok && (
              <Link to="/cart/" className="button button--secondary" onClick={onClose}>
                View cart
              </Link>
            )}
          </div>
          <p
            className={`compare-dialog__message${cartMessage && !cartMessage.ok ? ' listing-error' : ''}`}
            role="status"
          >
            {cartMessage?.text}
          </p>
        </>
      )}
    </Dialog>
  );
}
