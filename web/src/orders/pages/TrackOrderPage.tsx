import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  ACCOUNT_HOME_PATH,
  ACCOUNT_HOME_TITLE,
  AccountBreadcrumb,
  AccountPageHead,
  failureMessage,
  NoticeLine,
} from '../../account/pages/common';
import { trackFailureText, trackOrder, type OrderView as Order } from '../../shared/api/orders';
import {
  FieldError,
  FieldLabel,
  maskInputProps,
  maskNumeric,
  MESSAGES,
  required,
  useField,
  useForm,
  validateEmail,
  validateZip,
} from '../../shared/forms';
import { useSession } from '../../session';
import { ORDER_PATHS, TRACK_ORDER_TITLE } from '../common';
import { OrderView } from '../components/OrderView';
import '../orders.css';

/** Digits, spaces and dashes only: what the shopper typed is meant as a ZIP code. */
const ZIP_LIKE = /^[\d\s-]+$/;

/**
 * 'Email or ZIP code': required; digits are checked as a 5-digit ZIP code, anything else as an
 * email address, each with its own message.
 */
export function validateEmailOrZip(value: string): string | null {
  const v = value.trim();
  if (v === '') return MESSAGES.required;
  return ZIP_LIKE.test(v) ? validateZip(v) : validateEmail(v);
}

/** The order number: required (the field takes digits only). */
const validateOrderNumber = required();

/**
 * /account/track-your-order/: anyone finds an order by its number and the email or ZIP code
 * it was placed with. The order shows below the form (the address stays the same) and focus
 * moves to its heading; a refusal is announced above the button. `?orderNo=` fills the number.
 */
export function TrackOrderPage() {
  const [params] = useSearchParams();
  const initialOrderNo = maskNumeric(params.get('orderNo') ?? '');
  return (
    <article className="account-page track-order-page">
      <AccountPageHead title={TRACK_ORDER_TITLE} />
      <AccountBreadcrumb trail={[{ label: ACCOUNT_HOME_TITLE, href: ACCOUNT_HOME_PATH }]} current={TRACK_ORDER_TITLE} />
      <h1 className="account-page__title">{TRACK_ORDER_TITLE}</h1>
      <TrackOrder initialOrderNo={initialOrderNo} />
    </article>
  );
}

function TrackOrder({ initialOrderNo }: { initialOrderNo: string }) {
  const headingId = useId();
  const form = useForm();
  const orderNo = useField(form, {
    initialValue: initialOrderNo,
    validate: validateOrderNumber,
    mask: 'numeric',
    name: 'orderNo',
  });
  const emailOrZip = useField(form, { initialValue: '', validate: validateEmailOrZip, name: 'emailOrZip' });
  const signedIn = useSession((s) => s.customer !== null);

  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [order, setOrder] = useState<Order | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const focusResult = useRef(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  useEffect(() => {
    if (order && focusResult.current) {
      focusResult.current = false;
      resultHeading.current?.focus();
    }
  }, [order]);

  const submit = form.handleSubmit(async () => {
    if (sending) return;
    controller.current?.abort();
    const mine = new AbortController();
    controller.current = mine;
    setSending(true);
    setError(null);
    try {
      const found = await trackOrder({ orderNo: orderNo.value, emailOrZip: emailOrZip.value }, mine.signal);
      if (mine.signal.aborted) return;
      focusResult.current = true;
      setOrder(found);
    } catch (failure) {
      if (mine.signal.aborted) return;
      setOrder(null);
      setError(trackFailureText(failure) ?? failureMessage(failure));
    } finally {
      if (!mine.signal.aborted) setSending(false);
    }
  });

  return (
    <>
      <section className="account-section track-order" aria-labelledby={headingId}>
        <h2 id={headingId} className="account-section__title">
          Find your order
        </h2>
        <p className="account-section__intro">
          Enter your order number and the email address or ZIP code you used when you placed the order.
        </p>
        <form
          className="account-form"
          onSubmit={submit}
          noValidate
          aria-labelledby={headingId}
          aria-busy={sending || undefined}
        >
          <div className="account-field">
            <FieldLabel htmlFor={orderNo.id} required>
              Order number
            </FieldLabel>
            <input
              {...orderNo.inputProps}
              {...maskInputProps('numeric')}
              type="text"
              className="account-input"
              autoComplete="off"
              spellCheck={false}
            />
            <FieldError id={orderNo.errorId} message={orderNo.error} />
          </div>
          <div className="account-field">
            <FieldLabel htmlFor={emailOrZip.id} required>
              Email or ZIP code
            </FieldLabel>
            <input
              {...emailOrZip.inputProps}
              type="text"
              className="account-input"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
            />
            <FieldError id={emailOrZip.errorId} message={emailOrZip.error} />
          </div>
          <NoticeLine notice={error ? { kind: 'error', text: error } : null} />
          <button type="submit" className="button account-form__submit" aria-disabled={sending || undefined}>
            Track order
          </button>
        </form>
        {signedIn && (
          <p className="account-muted orders-more">
            See every order of your account in <Link to={ORDER_PATHS.history}>Order History</Link>.
          </p>
        )}
      </section>
      <div className="track-order__result" aria-busy={sending || undefined}>
        {order && <OrderView key={order.orderNo} order={order} headingLevel={2} headingRef={resultHeading} />}
      </div>
    </>
  );
}
