import { Link } from 'react-router';
import type { CheckoutSummary } from '../../shared/api/checkout';
import { formatCents } from '../../shared/money';
import { freeShippingNote, itemCount, PLACING_TEXT, shippingText, taxLabel, taxText } from '../format';
import { CheckoutStep, Totals } from './common';

/**
 * Step 4: the lines, subtotal, shipping (FREE, or the rate, with the free-shipping note), tax
 * (or when it will be known), the total, and Place order (busy while the order is placed).
 */
export function ReviewStep({
  summary,
  updating,
  placing,
}: {
  summary: CheckoutSummary;
  /** The summary is being read again (a new ZIP). */
  updating: boolean;
  placing: boolean;
}) {
  const quantity = summary.lines.reduce((n, l) => n + l.quantity, 0);
  const note = freeShippingNote(summary);
  return (
    <CheckoutStep number={4} title="Review" className="checkout-review">
      <ul className="checkout-review__lines" aria-label={`Your order, ${itemCount(quantity)}`}>
        {summary.lines.map((line) => (
          <li key={line.lineId} className="checkout-review__line">
            <span className="checkout-review__name">
              {line.name} <span className="checkout-review__qty">× {line.quantity}</span>
            </span>
            <span className="checkout-review__total">{formatCents(line.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      <Totals
        busy={updating}
        rows={[
          { label: `Subtotal (${itemCount(quantity)})`, value: formatCents(summary.subtotalCents), testId: 'checkout-subtotal' },
          ...(summary.needsShippingAddress || summary.shippingCents > 0
            ? [{ label: 'Shipping', value: shippingText(summary.shippingCents), note, testId: 'checkout-shipping' }]
            : []),
          { label: taxLabel(summary), value: taxText(summary), testId: 'checkout-tax' },
          { label: 'Total', value: formatCents(summary.totalCents), testId: 'checkout-total', strong: true },
        ]}
      />
      <div className="checkout-review__place">
        <button
          type="submit"
          className="button checkout-review__button"
          aria-disabled={placing || undefined}
          data-testid="place-order"
        >
          {placing ? PLACING_TEXT : 'Place order'}
        </button>
        <p className="visually-hidden" role="status">
          {placing ? PLACING_TEXT : ''}
        </p>
        <p className="checkout-review__terms">
          By placing your order you agree to our <Link to="/shipping-returns/">shipping and returns policy</Link>.
        </p>
      </div>
    </CheckoutStep>
  );
}
