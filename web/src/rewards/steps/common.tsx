import type { ReactNode } from 'react';
import { usePendingRegistration } from '../../account/pendingRegistration';
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
