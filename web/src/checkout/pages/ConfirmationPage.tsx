import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { fetchOrderConfirmation, type OrderLineView, type OrderView } from '../../shared/api/checkout';
import { NetworkError } from '../../shared/api/client';
import { formatCents } from '../../shared/money';
import { useSession } from '../../session';
import { reportError } from '../../shared/ui/errors';
import { CheckoutHead, Totals, type TotalsRow } from '../components/common';
import {
  cardBrandName,
  CHECKOUT_ERROR_MESSAGE,
  CONFIRMATION_TITLE,
  EMAIL_NOTE,
  formatDateTime,
  fulfillmentText,
  itemCount,
  ORDER_NOT_FOUND_MESSAGE,
  ORDERS_PATH,
  PICKUP_NOTE,
  shippingText,
  storeAddress,
  TAX_EXEMPT_LABEL,
  THANK_YOU,
  TRACK_ORDER_PATH,
} from '../format';
import '../checkout.css';

type Query =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error' }
  | { status: 'ready'; order: OrderView };

/** The placed order of `key` (null: no key), read again on `retry()`. */
function useConfirmation(key: string | null): [Query, () => void] {
  const [query, setQuery] = useState<{ key: string | null; generation: number; value: Query }>({
    key,
    generation: 0,
    value: { status: 'loading' },
  });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    fetchOrderConfirmation(key, controller.signal).then(
      (order) => {
        if (controller.signal.aborted) return;
        setQuery({ key, generation, value: order ? { status: 'ready', order } : { status: 'notFound' } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (!(error instanceof NetworkError)) reportError(error);
        setQuery({ key, generation, value: { status: 'error' } });
      },
    );
    return () => controller.abort();
  }, [key, generation]);

  const retry = () => setGeneration((g) => g + 1);
  if (key === null) return [{ status: 'notFound' }, retry];
  // An answer for another key, or an earlier try, is not this one's.
  if (query.key !== key || query.generation !== generation) return [{ status: 'loading' }, retry];
  return [query.value, retry];
}

/**
 * The order confirmation (/checkout/confirmation/?key=…): the thanks, the order number, the
 * email note, the lines and totals, the card, where the order goes (the pickup store, or the
 * city it ships to), the order's first step, and ways on (the shopper's orders when signed in,
 * order tracking for guests, Continue shopping). A key that finds no order says so.
 */
export function ConfirmationPage() {
  const [params] = useSearchParams();
  const key = params.get('key')?.trim() || null;
  const [query, retry] = useConfirmation(key);

  return (
    <article className="checkout-page confirmation-page">
      <CheckoutHead title={CONFIRMATION_TITLE} />
      {query.status === 'loading' && (
        <>
          <h1 className="checkout-page__title">{CONFIRMATION_TITLE}</h1>
          <p className="page-loading" role="status">
            Loading your order…
          </p>
        </>
      )}
      {query.status === 'notFound' && (
        <>
          <h1 className="checkout-page__title">{ORDER_NOT_FOUND_MESSAGE}</h1>
          <p>Look up an order with its order number and the email address or ZIP code it was placed with.</p>
          <p className="confirmation-links">
            <Link to={TRACK_ORDER_PATH} className="button">
              Track your order
            </Link>
            <Link to="/">Continue shopping</Link>
          </p>
        </>
      )}
      {query.status === 'error' && (
        <>
          <h1 className="checkout-page__title">{CONFIRMATION_TITLE}</h1>
          <div className="checkout-error" role="alert">
            <p>{CHECKOUT_ERROR_MESSAGE}</p>
            <button type="button" className="button" onClick={retry}>
              Try again
            </button>
          </div>
        </>
      )}
      {query.status === 'ready' && <Confirmation order={query.order} />}
    </article>
  );
}

function Section({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={`confirmation-section${className ? ` ${className}` : ''}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="confirmation-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function OrderLine({ line, storeName }: { line: OrderLineView; storeName: string | null }) {
  return (
    <li className="confirmation-line">
      <div className="confirmation-line__main">
        <p className="confirmation-line__name">{line.name}</p>
        <p className="confirmation-line__meta">
          Item #{line.blainNumber} · Qty {line.quantity} · {formatCents(line.unitPriceCents)} each
        </p>
        <p className="confirmation-line__meta">{fulfillmentText(line.fulfillment, storeName)}</p>
      </div>
      <p className="confirmation-line__total">
        <span className="visually-hidden">Total for {line.name}: </span>
        {formatCents(line.lineTotalCents)}
      </p>
    </li>
  );
}

function Confirmation({ order }: { order: OrderView }) {
  const loggedIn = useSession((s) => s.loggedIn);
  const quantity = order.lines.reduce((n, l) => n + l.quantity, 0);
  const first = order.timeline[0] ?? null;
  const store = order.pickupStore;
  const storeName = (storeNum: number | null) => (store && storeNum === store.storeNum ? store.name : null);
  const ships = order.lines.some((l) => l.fulfillment !== 'StorePickup');
  const rows: TotalsRow[] = [
    { label: `Subtotal (${itemCount(quantity)})`, value: formatCents(order.subtotalCents), testId: 'confirmation-subtotal' },
    ...(ships || order.shippingCents > 0
      ? [{ label: 'Shipping', value: shippingText(order.shippingCents), testId: 'confirmation-shipping' }]
      : []),
    {
      label: order.taxExempt ? TAX_EXEMPT_LABEL : 'Tax',
      value: formatCents(order.taxCents),
      testId: 'confirmation-tax',
    },
    { label: 'Total', value: formatCents(order.totalCents), testId: 'confirmation-total', strong: true },
  ];

  return (
    <>
      <h1 className="checkout-page__title">{THANK_YOU}</h1>
      <div className="confirmation-banner">
        <p className="confirmation-banner__number">
          Order number <strong data-testid="order-number">{order.orderNo}</strong>
        </p>
        <p className="confirmation-banner__email">{EMAIL_NOTE}</p>
        {first && (
          <p className="confirmation-banner__status" data-testid="order-status">
            {first.label}
            {formatDateTime(first.at) && (
              <>
                {' '}
                <time dateTime={first.at}>{formatDateTime(first.at)}</time>
              </>
            )}
          </p>
        )}
        {order.pointsEarned !== null && order.pointsEarned > 0 && (
          <p className="confirmation-banner__points">
            You earned {order.pointsEarned.toLocaleString('en-US')} rewards points with this order.
          </p>
        )}
      </div>

      <div className="confirmation-layout">
        <Section title="Items" className="confirmation-items">
          <ul className="confirmation-lines">
            {order.lines.map((line) => (
              <OrderLine key={line.lineNo} line={line} storeName={storeName(line.storeNum)} />
            ))}
          </ul>
        </Section>

        <div className="confirmation-side">
          <Section title="Order summary">
            <Totals rows={rows} />
          </Section>

          {order.card && (
            <Section title="Payment">
              <p data-testid="confirmation-card">
                {cardBrandName(order.card.brand)}
                {order.card.last4 && ` ending in ${order.card.last4}`}
              </p>
            </Section>
          )}

          {store && (
            <Section title="Pickup store">
              <p data-testid="confirmation-pickup">
                <strong>{store.name}</strong>
                <br />
                {storeAddress(store)}
              </p>
              <p className="confirmation-note">{PICKUP_NOTE}</p>
            </Section>
          )}

          {order.shipTo && (
            <Section title="Shipping to">
              <p data-testid="confirmation-ship-to">
                {order.shipTo.city}, {order.shipTo.state} {order.shipTo.zip}
              </p>
            </Section>
          )}
        </div>
      </div>

      <nav className="confirmation-links" aria-label="What next">
        {loggedIn ? (
          <Link to={ORDERS_PATH}>View your orders</Link>
        ) : (
          <Link to={TRACK_ORDER_PATH}>Track your order</Link>
        )}
        <Link to="/" className="button">
          Continue shopping
        </Link>
      </nav>
    </>
  );
}
