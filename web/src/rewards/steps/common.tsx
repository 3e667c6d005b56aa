import type { InputHTMLAttributes, ReactNode } from 'react';
import { usePendingRegistration } from '../../account/pendingRegistration';
import { FieldError, FieldLabel, type Field } from '../../shared/forms';
import { skipConnectingRewards } from '../rewardsFlow';
import { useRewardsMenu } from '../rewardsMenuStore';
import { CUSTOMER_SERVICE_PHONE, CUSTOMER_SERVICE_TEL, SKIP_TEXT } from '../rewardsText';

/** A button that looks like a link (it changes the step, it does not navigate). */
export function LinkButton({
  onClick,
  children,
  disabled,
}: {
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <button type="button" className="rewards-menu__link" onClick={onClick} disabled={disabled}>
      {children}
    </button>
  );
}

/** The customer-service line, callable from a phone. */
export function CustomerServiceLink() {
  return (
    <a className="rewards-menu__phone" href={CUSTOMER_SERVICE_TEL}>
      {CUSTOMER_SERVICE_PHONE}
    </a>
  );
}

/**
 * A labelled input of a step's form with its message. A required field says so on its label and
 * its input; `describedBy` names one more element that describes the input (a form-level message).
 */
export function MenuField({
  field,
  label,
  required = true,
  describedBy,
  className,
  ...input
}: {
  field: Field<string>;
  label: string;
  required?: boolean;
  describedBy?: string | null;
  /** Added to the input's own class. */
  className?: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'autoComplete' | 'pattern' | 'maxLength'>) {
  return (
    <div className="rewards-menu__field">
      <FieldLabel htmlFor={field.id} required={required}>
        {label}
      </FieldLabel>
      <input
        className={className ? `rewards-menu__input ${className}` : 'rewards-menu__input'}
        aria-required={required ? 'true' : undefined}
        {...input}
        {...field.inputProps}
        aria-describedby={[field.inputProps['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined}
      />
      <FieldError id={field.errorId} message={field.error} />
    </div>
  );
}

/** The submit button; says what it is doing while the call is in flight. */
export function SubmitButton({ children, busyText }: { children: ReactNode; busyText: string }) {
  const busy = useRewardsMenu((s) => s.busy);
  return (
    <button type="submit" className="button rewards-menu__submit" disabled={busy} aria-busy={busy || undefined}>
      {busy ? busyText : children}
    </button>
  );
}

/**
 * 'Skip connecting rewards': always on enter-code, and on the verification steps while a
 * registration waits for them.
 */
export function SkipLink({ always = false }: { always?: boolean }) {
  const pending = usePendingRegistration((s) => s.pending !== null);
  const busy = useRewardsMenu((s) => s.busy);
  if (!always && !pending) return null;
  return (
    <p className="rewards-menu__skip">
      <LinkButton onClick={() => void skipConnectingRewards()} disabled={busy}>
        {SKIP_TEXT}
      </LinkButton>
    </p>
  );
}
