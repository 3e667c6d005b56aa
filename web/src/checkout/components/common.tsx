/**
 * What the checkout and confirmation pages share: the document head, a numbered step, a
 * labelled text field (the shared form label and message), and the totals.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { FieldError, FieldLabel, type Field } from '../../shared/forms';
import { formatCents } from '../../shared/money';

/** The title and `noindex`: a checkout and an order are one shopper's. */
export function CheckoutHead({ title }: { title: string }) {
  return (
    <>
      <title>{`${title} | Storefront`}</title>
      <meta name="robots" content="noindex, nofollow" />
    </>
  );
}

export const STEP_COUNT = 4;

/**
 * A step of the checkout: a section named by its numbered heading ('Step 1 of 4: Contact' to
 * screen readers, a badge and 'Contact' on screen).
 */
export function CheckoutStep({
  number,
  title,
  className,
  children,
}: {
  number: number;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      className={className ? `checkout-step ${className}` : 'checkout-step'}
      aria-labelledby={headingId}
      data-step={number}
    >
      <h2 id={headingId} className="checkout-step__title">
        <span className="checkout-step__number" aria-hidden="true">
          {number}
        </span>
        <span className="visually-hidden">
          Step {number} of {STEP_COUNT}:
        </span>{' '}
        {title}
      </h2>
      {children}
    </section>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'onBlur' | 'ref'>;

/**
 * A labelled text input bound to a form field, with its message under it. `describedBy` adds
 * ids (a hint) to the message's in `aria-describedby`; `after` is shown under the input.
 */
export function TextField({
  field,
  label,
  required = true,
  describedBy,
  after,
  className,
  inputProps,
}: {
  field: Field<string>;
  label: ReactNode;
  required?: boolean;
  describedBy?: string;
  after?: ReactNode;
  className?: string;
  inputProps?: InputProps;
}) {
  const described = [field.inputProps['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `checkout-field ${className}` : 'checkout-field'}>
      <FieldLabel htmlFor={field.id} required={required}>
        {label}
      </FieldLabel>
      <input
        type="text"
        className="checkout-input"
        aria-required={required || undefined}
        {...inputProps}
        {...field.inputProps}
        aria-describedby={described}
      />
      {after}
      <FieldError id={field.errorId} message={field.error} />
    </div>
  );
}

export interface TotalsRow {
  label: ReactNode;
  value: ReactNode;
  /** A line under the row (the free-shipping note). */
  note?: ReactNode;
  testId?: string;
  strong?: boolean;
}

/** The order's totals as a description list. */
export function Totals({ rows, busy }: { rows: TotalsRow[]; busy?: boolean }) {
  return (
    <dl className="checkout-totals" aria-busy={busy || undefined}>
      {rows.map((row, i) => (
        <div key={i} className={`checkout-totals__row${row.strong ? ' checkout-totals__row--total' : ''}`}>
          <dt>{row.label}</dt>
          <dd>
            <span className="checkout-totals__value" data-testid={row.testId}>
              {row.value}
            </span>
            {row.note && <span className="checkout-totals__note">{row.note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** '$12.34' */
export function money(cents: number): string {
  return formatCents(cents);
}

/** A slot for a message that may come later: a polite region, the message an alert. */
export function AlertSlot({
  message,
  focusRef,
  className,
}: {
  message: ReactNode | null;
  focusRef?: Ref<HTMLParagraphElement>;
  className?: string;
}) {
  return (
    <div className={className ? `checkout-alert-slot ${className}` : 'checkout-alert-slot'}>
      {message && (
        <p ref={focusRef} tabIndex={-1} role="alert" className="checkout-alert">
          {message}
        </p>
      )}
    </div>
  );
}
