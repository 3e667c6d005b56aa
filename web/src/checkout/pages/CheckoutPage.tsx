import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  placeOrder,
  placeRefusal,
  TOTAL_CHANGED_MESSAGE,
  type CheckoutSummary,
  type FulfillmentType,
  type PlacedOrder,
} from '../../shared/api/checkout';
import { NetworkError, newIdempotencyKey } from '../../shared/api/client';
import { isValidZip } from '../../shared/forms';
import { refreshHeader } from '../../session';
import { reportError } from '../../shared/ui/errors';
import { useCheckoutStore } from '../checkoutStore';
import { AlertSlot, CheckoutHead } from '../components/common';
import { ContactStep } from '../components/ContactStep';
import { DeliveryStep, type LineActions } from '../components/DeliveryStep';
import { PaymentStep } from '../components/PaymentStep';
import { ReviewStep } from '../components/ReviewStep';
import { CART_PATH, CHECKOUT_ERROR_MESSAGE, CHECKOUT_TITLE, fulfillmentText } from '../format';
import { useCheckoutForm } from '../useCheckoutForm';
import '../checkout.css';

/** How long the ZIP must rest before the summary (its tax) is read for it. */
export const ZIP_DEBOUNCE_MS = 400;

export const UNAVAILABLE_LINES_MESSAGE =
  "Some items aren't available the way you chose. Switch them or remove them to place your order.";

/**
 * The checkout page (/checkout/): one form in four numbered steps (contact, delivery, payment,
 * review), every step visible. Place order checks every field first (focus goes to the first
 * message), then sends the order with one `Idempotency-Key` per submission; the server's
 * refusals are shown where they belong (a field's at the field, a changed total at the top, a
 * payment's at the payment step). On success the header's cart count is refreshed and the
 * confirmation page opens.
 */
export function CheckoutPage() {
  const status = useCheckoutStore((s) => s.status);
  const summary = useCheckoutStore((s) => s.summary);
  const alert = useCheckoutStore((s) => s.alert);
  const alertId = useCheckoutStore((s) => s.alertId);
  const busyLine = useCheckoutStore((s) => s.busyLine);
  const lineErrors = useCheckoutStore((s) => s.lineErrors);
  const actions = useCheckoutStore.getState;

  const alertRef = useRef<HTMLParagraphElement>(null);
  const [announcement, setAnnouncement] = useState('');
  /** After a line's removal: where focus goes (the lines, or the empty cart's heading). */
  const [focusLines, setFocusLines] = useState(0);

  useEffect(() => {
    void actions().load(null);
    return () => actions().reset();
  }, [actions]);

  // A new message at the top takes focus, so the shopper reads it first.
  useEffect(() => {
    if (alertId > 0) alertRef.current?.focus();
  }, [alertId]);

  useEffect(() => {
    if (focusLines === 0) return;
    document.querySelector<HTMLElement>('#checkout-empty-heading, #checkout-lines')?.focus();
  }, [focusLines]);

  function lineName(lineId: number): string {
    return actions().summary.lines.find((l) => l.lineId === lineId)?.name ?? 'Item';
  }

  const lineActions: LineActions = {
    busyLine,
    lineErrors,
    onSwitch: (lineId: number, fulfillment: FulfillmentType, storeNum: number | null) => {
      const name = lineName(lineId);
      void actions()
        .switchFulfillment(lineId, fulfillment, storeNum)
        .then((ok) => {
          if (!ok) return;
          const { lines, pickupStore } = actions().summary;
          const line = lines.find((l) => l.lineId === lineId);
          const store = line && pickupStore && line.storeNum === pickupStore.storeNum ? pickupStore.name : null;
          setAnnouncement(`${name}: ${fulfillmentText(fulfillment, store)}. Your order summary is updated.`);
        });
    },
    onRemove: (lineId: number) => {
      const name = lineName(lineId);
      void actions()
        .removeLine(lineId)
        .then((ok) => {
          if (!ok) return;
          setAnnouncement(`${name} removed from your cart.`);
          setFocusLines((n) => n + 1);
        });
    },
  };

  const loading = status === 'idle' || status === 'loading';
  return (
    <article className="checkout-page">
      <CheckoutHead title={CHECKOUT_TITLE} />
      <h1 className="checkout-page__title">{CHECKOUT_TITLE}</h1>

      <div className="visually-hidden" role="status" aria-live="polite" data-testid="checkout-announcer">
        {announcement}
      </div>
      <AlertSlot message={alert} focusRef={alertRef} className="checkout-top-alert" />

      {loading && (
        <p className="page-loading" role="status">
          Loading your order…
        </p>
      )}

      {status === 'error' && (
        <div className="checkout-error" role="alert">
          <p>{CHECKOUT_ERROR_MESSAGE}</p>
          <button type="button" className="button" onClick={() => void actions().load()}>
            Try again
          </button>
        </div>
      )}

      {status === 'ready' && summary.lines.length === 0 && <EmptyCheckout />}

      {status === 'ready' && summary.lines.length > 0 && <CheckoutFormView summary={summary} lineActions={lineActions} />}
    </article>
  );
}

/** An empty cart: nothing to check out, a way back to shopping. */
function EmptyCheckout() {
  return (
    <section className="checkout-empty" aria-labelledby="checkout-empty-heading">
      <h2 id="checkout-empty-heading" tabIndex={-1}>
        Your cart is empty.
      </h2>
      <p>
        <Link to="/" className="button">
          Continue shopping
        </Link>
      </p>
    </section>
  );
}

/** The submission a key was made for, and whether its outcome is unknown (then a repeat reuses the key). */
interface Attempt {
  body: string;
  key: string;
  unknownOutcome: boolean;
}

function CheckoutFormView({ summary, lineActions }: { summary: CheckoutSummary; lineActions: LineActions }) {
  const navigate = useNavigate();
  const needsAddress = summary.needsShippingAddress;
  const fields = useCheckoutForm(needsAddress);
  const updating = useCheckoutStore((s) => s.updating);
  const summaryZip = useCheckoutStore((s) => s.summaryZip);
  const [placing, setPlacing] = useState(false);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [paymentErrorId, setPaymentErrorId] = useState(0);
  const paymentErrorRef = useRef<HTMLParagraphElement>(null);
  const attempt = useRef<Attempt | null>(null);
  const placingRef = useRef(false);

  // The tax follows the shipping ZIP: read the summary again once a complete ZIP rests.
  const zip = fields.zip.value;
  useEffect(() => {
    if (!needsAddress) return;
    const wanted = isValidZip(zip) ? zip : zip === '' ? null : undefined;
    if (wanted === undefined || wanted === summaryZip) return;
    const timer = setTimeout(() => void useCheckoutStore.getState().load(wanted), ZIP_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [needsAddress, zip, summaryZip]);

  useEffect(() => {
    if (paymentErrorId > 0) paymentErrorRef.current?.focus();
  }, [paymentErrorId]);

  function showPaymentError(message: string) {
    setPaymentError(message);
    setPaymentErrorId((n) => n + 1);
  }

  async function place() {
    if (placingRef.current) return;
    const store = useCheckoutStore.getState();
    store.showAlert(null);
    setPaymentError(null);
    if (store.summary.lines.some((l) => !l.available)) {
      store.showAlert(UNAVAILABLE_LINES_MESSAGE);
      return;
    }
    placingRef.current = true;
    setPlacing(true);
    const done = () => {
      placingRef.current = false;
      setPlacing(false);
    };

    // The total shown must be the one for the ZIP typed: read it first when it is not.
    let current = store.summary;
    const wantedZip = needsAddress ? fields.zip.value.trim() : store.summaryZip;
    if (wantedZip !== store.summaryZip || store.updating) {
      const fresh = await store.load(wantedZip);
      if (!fresh) {
        store.showAlert(CHECKOUT_ERROR_MESSAGE);
        done();
        return;
      }
      if (fresh.lines.length === 0) {
        // The page shows the empty cart.
        done();
        return;
      }
      if (fresh.lines.some((l) => !l.available)) {
        store.showAlert(UNAVAILABLE_LINES_MESSAGE);
        done();
        return;
      }
      if (fresh.totalCents !== current.totalCents) {
        store.showAlert(TOTAL_CHANGED_MESSAGE);
        done();
        return;
      }
      current = fresh;
    }

    const request = fields.request(current.needsShippingAddress, current.totalCents);
    const body = JSON.stringify(request);
    // One key per submission; the same one only to repeat a submission whose outcome is unknown.
    if (!attempt.current || attempt.current.body !== body || !attempt.current.unknownOutcome) {
      attempt.current = { body, key: newIdempotencyKey(), unknownOutcome: false };
    }
    const mine = attempt.current;

    let placed: PlacedOrder;
    try {
      placed = await placeOrder(request, mine.key);
    } catch (error) {
      const refusal = placeRefusal(error);
      mine.unknownOutcome = refusal.kind === 'failed' && refusal.unknownOutcome;
      done();
      switch (refusal.kind) {
        case 'field': {
          const field = refusal.field ? fields.byName[refusal.field] : null;
          const shown = field && (needsAddress || !refusal.field?.startsWith('shippingAddress.'));
          if (field && shown) {
            field.setError(refusal.message);
            document.getElementById(field.id)?.focus();
          } else {
            store.showAlert(refusal.message);
          }
          return;
        }
        case 'emptyCart':
          // The summary then shows the empty cart.
          await store.load();
          return;
        case 'changed':
          await store.load();
          store.showAlert(refusal.message);
          return;
        case 'payment':
          showPaymentError(refusal.message);
          return;
        case 'failed':
          if (!(error instanceof NetworkError)) reportError(error);
          store.showAlert(refusal.message ?? CHECKOUT_ERROR_MESSAGE);
          return;
      }
      return;
    }
    attempt.current = null;
    void refreshHeader({ cartQty: 0 });
    // The page leaves: Place order stays busy until it has.
    await navigate(placed.confirmationUrl);
  }

  return (
    <form
      className="checkout-layout"
      onSubmit={fields.form.handleSubmit(place)}
      noValidate
      aria-label="Checkout"
      aria-busy={placing || undefined}
    >
      <div className="checkout-steps">
        <ContactStep fields={fields} />
        <DeliveryStep summary={summary} fields={fields} actions={lineActions} />
        <PaymentStep fields={fields} paymentError={paymentError} paymentErrorRef={paymentErrorRef} />
      </div>
      <ReviewStep summary={summary} updating={updating} placing={placing} />
      <p className="checkout-layout__back">
        <Link to={CART_PATH}>Back to cart</Link>
      </p>
    </form>
  );
}
