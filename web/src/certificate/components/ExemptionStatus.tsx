import { useId, type ReactNode, type Ref } from 'react';
import { DateText, formatDate } from '../../account/pages/common';
import type { TaxExemptionView } from '../../shared/api/certificate';
import {
  APPROVED_MESSAGE,
  certificateEnding,
  exemptOrdersText,
  kindLabel,
  PENDING_MESSAGE,
  REVIEW_TIME_MESSAGE,
  stateName,
  UPDATE_LABEL,
} from '../common';

export interface ExemptionStatusProps {
  /** A pending or approved exemption. */
  view: TaxExemptionView;
  /** The section's heading, to move focus to (it can take focus). */
  headingRef?: Ref<HTMLHeadingElement>;
  /** Pending only: reopens the form ('Update application'). */
  onUpdate?: () => void;
  updateRef?: Ref<HTMLButtonElement>;
}

/**
 * A pending application ('under review', with Update application) or an approved exemption
 * (and where it applies): what the certificate on file says, and when it was applied for or
 * approved.
 */
export function ExemptionStatus({ view, headingRef, onUpdate, updateRef }: ExemptionStatusProps) {
  const headingId = useId();
  const approved = view.status === 'Approved';
  return (
    <section
      className={`account-section certificate-status certificate-status--${approved ? 'approved' : 'pending'}`}
      aria-labelledby={headingId}
      data-status={view.status}
    >
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="account-section__title certificate-status__title">
        {approved ? 'Your tax exemption' : 'Your application'}
      </h2>
      <p className="certificate-status__lead">{approved ? APPROVED_MESSAGE : PENDING_MESSAGE}</p>
      <dl className="certificate-facts">
        <Fact label="Exemption type">{kindLabel(view.kind)}</Fact>
        <Fact label="State">{stateName(view.state)}</Fact>
        <Fact label="Name on the certificate">{view.businessName}</Fact>
        <Fact label="Certificate number">{view.certificateLast4 && certificateEnding(view.certificateLast4)}</Fact>
        {approved ? (
          <Fact label="Approved">{formatDate(view.decidedAt) && <DateText iso={view.decidedAt} />}</Fact>
        ) : (
          <Fact label="Applied">{formatDate(view.appliedAt) && <DateText iso={view.appliedAt} />}</Fact>
        )}
      </dl>
      {approved ? (
        <p className="certificate-status__note" data-testid="certificate-exempt-orders">
          {exemptOrdersText(view.state)}
        </p>
      ) : (
        <>
          <p className="certificate-status__note account-muted">{REVIEW_TIME_MESSAGE}</p>
          {onUpdate && (
            <p className="certificate-status__actions">
              <button ref={updateRef} type="button" className="button button--secondary" onClick={onUpdate}>
                {UPDATE_LABEL}
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** A row of the facts; none when there is nothing to show. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '' || children === false) return null;
  return (
    <div className="certificate-facts__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
