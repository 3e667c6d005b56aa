import { useId, type ReactNode, type Ref } from 'react';
import { DateText } from '../../account/pages/common';
import { fulfillmentLabel, type StoreName } from '../../cart/format';
import { TAX_EXEMPT_LABEL } from '../../checkout/format';
import type {
  OrderLineView,
  OrderView as Order,
  PickupStore,
  ShipTo,
  TimelineEntry,
} from '../../shared/api/orders';
import { formatCents } from '../../shared/money';
import { cardText, itemCountOf, itemCountText, ORDER_CANCELLED_MESSAGE, orderTitle, statusTone } from '../common';
import '../orders.css';

type HeadingLevel = 1 | 2 | 3 | 4;
type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5';

function headingTag(level: number): HeadingTag {
  return `h${Math.min(5, Math.max(1, level))}` as HeadingTag;
}

export interface OrderViewProps {
  order: Order;
  /**
   * The level of the order's heading ('Order 100000123'); its parts' headings are one
   * level below. Default 2.
   */
  headingLevel?: HeadingLevel;
  /** The heading's words instead of 'Order {orderNo}'. */
  title?: ReactNode;
  /**
   * The page's own heading names the order already (at `headingLevel`): no heading of the
   * order's own, its parts' headings still one level below `headingLevel`.
   */
  hideTitle?: boolean;
  /** The order's heading, to move focus to (it can take focus). */
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * One order as its customer sees it: the status, the timeline (oldest first, the current
 * step marked), the lines with what came back, the totals with any refund, the points earned,
 * the pickup store or where it ships, and the card it was paid with.
 */
export function OrderView({ order, headingLevel = 2, title, hideTitle = false, headingRef }: OrderViewProps) {
  const headingId = useId();
  const Heading = headingTag(headingLevel);
  const sub = headingTag(headingLevel + 1);
  const cancelled = order.status === 'Cancelled';
  const tone = statusTone(order.status);

  return (
    <section
      className="order-view"
      aria-labelledby={hideTitle ? undefined : headingId}
      aria-label={hideTitle ? orderTitle(order.orderNo) : undefined}
      data-order-no={order.orderNo}
    >
      {!hideTitle && (
        <Heading id={headingId} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="order-view__title">
          {title ?? orderTitle(order.orderNo)}
        </Heading>
      )}
      <div className="order-view__facts">
        <p className="order-view__status">
          <span className="order-view__fact-label">Status:</span>{' '}
          <span className={`order-status order-status--${tone}`} data-status={order.status}>
            {order.statusLabel}
          </span>
        </p>
        {order.placedAt && (
          <p className="order-view__placed">
            <span className="order-view__fact-label">Placed:</span> <DateText iso={order.placedAt} withTime />
          </p>
        )}
        <p className="order-view__count">{itemCountText(itemCountOf(order.lines))}</p>
      </div>

      {cancelled && (
        <p className="order-view__notice order-view__notice--cancelled">
          {ORDER_CANCELLED_MESSAGE}
          {order.refundedCents > 0 && ` ${formatCents(order.refundedCents)} was refunded to your card.`}
        </p>
      )}

      <div className="order-view__layout">
        <div className="order-view__main">
          <Timeline order={order} heading={sub} />
          <Lines order={order} heading={sub} />
        </div>
        <div className="order-view__side">
          <Totals order={order} heading={sub} />
          {order.pickupStore && <StoreBlock order={order} store={order.pickupStore} heading={sub} />}
          {order.shipTo && <ShipToBlock order={order} shipTo={order.shipTo} heading={sub} />}
          {order.card && (
            <OrderPart title="Payment" heading={sub} className="order-part--payment">
              <p className="order-part__text">{cardText(order.card)}</p>
            </OrderPart>
          )}
        </div>
      </div>
    </section>
  );
}

/** A titled part of the order. `children` may be a function of the heading's id. */
function OrderPart({
  title,
  heading: Heading,
  className,
  children,
}: {
  title: string;
  heading: HeadingTag;
  className?: string;
  children: ReactNode | ((headingId: string) => ReactNode);
}) {
  const headingId = useId();
  return (
    <section className={className ? `order-part ${className}` : 'order-part'} aria-labelledby={headingId}>
      <Heading id={headingId} className="order-part__title">
        {title}
      </Heading>
      {typeof children === 'function' ? children(headingId) : children}
    </section>
  );
}

/** The step of the timeline that is the order's status now: its last entry of that status, else the last. */
export function currentStepIndex(order: Pick<Order, 'status' | 'timeline'>): number {
  for (let i = order.timeline.length - 1; i >= 0; i--) {
    if (order.timeline[i]!.status === order.status) return i;
  }
  return order.timeline.length - 1;
}

function Timeline({ order, heading }: { order: Order; heading: HeadingTag }) {
  const current = currentStepIndex(order);
  return (
    <OrderPart title="Order status" heading={heading} className="order-part--timeline">
      {(headingId) =>
        order.timeline.length === 0 ? (
          <p className="order-part__text">{order.statusLabel}</p>
        ) : (
          <ol className="order-timeline" aria-labelledby={headingId}>
            {order.timeline.map((entry, i) => (
              <TimelineStep key={`${entry.status}-${entry.at}-${i}`} entry={entry} current={i === current} />
            ))}
          </ol>
        )
      }
    </OrderPart>
  );
}

function TimelineStep({ entry, current }: { entry: TimelineEntry; current: boolean }) {
  const classes = ['order-timeline__step'];
  if (current) classes.push('order-timeline__step--current');
  if (entry.status === 'Cancelled') classes.push('order-timeline__step--cancelled');
  return (
    <li className={classes.join(' ')} aria-current={current ? 'step' : undefined} data-status={entry.status}>
      <span className="order-timeline__marker" aria-hidden="true" />
      <span className="order-timeline__label">{entry.label}</span>
      {entry.at && (
        <span className="order-timeline__time">
          <DateText iso={entry.at} withTime />
        </span>
      )}
    </li>
  );
}

/** The order's one store by its number, for the lines' 'Pick up at …' labels. */
function storeNames(store: PickupStore | null): Record<number, StoreName> {
  return store ? { [store.storeNum]: { storeNum: store.storeNum, title: store.name } } : {};
}

function Lines({ order, heading }: { order: Order; heading: HeadingTag }) {
  const stores = storeNames(order.pickupStore);
  return (
    <OrderPart title="Items" heading={heading} className="order-part--items">
      {(headingId) =>
        order.lines.length === 0 ? (
          <p className="order-part__text">No items.</p>
        ) : (
          <ul className="order-lines" aria-labelledby={headingId}>
            {order.lines.map((line) => (
              <Line key={line.lineNo} line={line} stores={stores} />
            ))}
          </ul>
        )
      }
    </OrderPart>
  );
}

function Line({ line, stores }: { line: OrderLineView; stores: Record<number, StoreName> }) {
  return (
    <li className="order-line" data-line-no={line.lineNo}>
      <div className="order-line__info">
        <p className="order-line__name">{line.name}</p>
        {line.blainNumber && <p className="order-line__meta">Item #{line.blainNumber}</p>}
        <p className="order-line__meta" data-fulfillment={line.fulfillment}>
          {fulfillmentLabel(line.fulfillment, line.storeNum, stores)}
        </p>
        <p className="order-line__quantity">
          Qty {line.quantity} × {formatCents(line.unitPriceCents)}
        </p>
        {line.returnedQuantity > 0 && <p className="order-line__returned">Returned: {line.returnedQuantity}</p>}
      </div>
      <p className="order-line__total">
        <span className="visually-hidden">Total: </span>
        {formatCents(line.lineTotalCents)}
      </p>
    </li>
  );
}

function Totals({ order, heading }: { order: Order; heading: HeadingTag }) {
  return (
    <OrderPart title="Order summary" heading={heading} className="order-part--totals">
      <dl className="order-totals">
        <div className="order-totals__row">
          <dt>Subtotal</dt>
          <dd data-testid="order-subtotal">{formatCents(order.subtotalCents)}</dd>
        </div>
        <div className="order-totals__row">
          <dt>Shipping</dt>
          <dd data-testid="order-shipping">{order.shippingCents === 0 ? 'FREE' : formatCents(order.shippingCents)}</dd>
        </div>
        <div className="order-totals__row">
          <dt>{order.taxExempt ? TAX_EXEMPT_LABEL : 'Tax'}</dt>
          <dd data-testid="order-tax">{formatCents(order.taxCents)}</dd>
        </div>
        <div className="order-totals__row order-totals__row--total">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatCents(order.totalCents)}</dd>
        </div>
        {order.refundedCents > 0 && (
          <div className="order-totals__row order-totals__row--refund">
            <dt>Refunded</dt>
            <dd data-testid="order-refunded">{formatCents(order.refundedCents)}</dd>
          </div>
        )}
      </dl>
      {order.pointsEarned !== null && (
        <p className="order-part__text order-points" data-testid="order-points">
          Rewards points earned: <strong>{order.pointsEarned.toLocaleString('en-US')}</strong>
        </p>
      )}
    </OrderPart>
  );
}

/** What a pickup order's customer is told while it waits, once it is ready. */
function pickupNote(status: string): string | null {
  if (status === 'Placed') return "We'll email you when your order is ready for pickup.";
  if (status === 'ReadyForPickup') {
    return 'Your order is ready. Bring your order number and a photo ID. We hold orders for 7 days.';
  }
  return null;
}

function StoreBlock({ order, store, heading }: { order: Order; store: PickupStore; heading: HeadingTag }) {
  const pickup = order.lines.some((l) => l.fulfillment === 'StorePickup');
  const cityLine = [store.city, [store.state, store.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const note = pickup ? pickupNote(order.status) : null;
  const tel = store.phone.replace(/\D/g, '');
  return (
    <OrderPart title={pickup ? 'Pickup store' : 'Delivering store'} heading={heading} className="order-part--store">
      <address className="order-address">
        <span className="order-address__name">{store.name}</span>
        {store.address1 && <span>{store.address1}</span>}
        {cityLine && <span>{cityLine}</span>}
        {store.phone && (tel.length >= 10 ? <a href={`tel:+1${tel.slice(-10)}`}>{store.phone}</a> : <span>{store.phone}</span>)}
      </address>
      {note && <p className="order-part__text order-part__note">{note}</p>}
    </OrderPart>
  );
}

function ShipToBlock({ order, shipTo, heading }: { order: Order; shipTo: ShipTo; heading: HeadingTag }) {
  const ships = order.lines.some((l) => l.fulfillment === 'ShipToHome');
  const line = [shipTo.city, [shipTo.state, shipTo.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <OrderPart title={ships ? 'Ship to' : 'Deliver to'} heading={heading} className="order-part--ship-to">
      <address className="order-address">
        <span>{line}</span>
      </address>
    </OrderPart>
  );
}
