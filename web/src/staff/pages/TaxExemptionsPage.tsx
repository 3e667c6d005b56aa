import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { NetworkError } from '../../shared/api/client';
import {
  approveApplication,
  EXEMPTION_STATUSES,
  fetchApplications,
  isExemptionStatus,
  REASON_MAX,
  REASON_MESSAGE,
  rejectApplication,
  type ExemptionApplication,
  type ExemptionStatus,
} from '../api/exemptions';
import { isSignedOut, staffErrorMessage } from '../api/staff';
import { StaffPageTitle } from '../components/StaffLayout';
import { formatDate } from '../format';
import { useStaffSession } from '../session';
import { Outcome } from '../components/Outcome';
import { tabMove } from '../components/tabKeys';

interface Loaded {
  status: ExemptionStatus;
  attempt: number;
  outcome: 'ready' | 'error';
  applications: ExemptionApplication[];
  error: string | null;
}

const EMPTY: Record<ExemptionStatus, string> = {
  Pending: 'No applications are waiting for a decision.',
  Approved: 'No applications were approved.',
  Rejected: 'No applications were rejected.',
};

/** The name on the certificate, or what stands for it once erased. */
function nameOf(application: ExemptionApplication): string {
  return application.businessName ?? 'Name erased';
}

/**
 * /staff/tax-exemptions/ (associates): customers' tax-exemption applications by status
 * (tabs: Pending, Approved, Rejected; `?status=` keeps the tab), each with its kind, state,
 * name, certificate number and dates. A pending one is approved, or rejected with a reason
 * the customer sees.
 */
export function TaxExemptionsPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status: ExemptionStatus = isExemptionStatus(asked) ? asked : 'Pending';
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const tabs = useRef(new Map<ExemptionStatus, HTMLButtonElement>());
  const id = useId();
  const signedOut = useStaffSession((s) => s.signedOut);

  useEffect(() => {
    const controller = new AbortController();
    fetchApplications(status, controller.signal).then(
      (applications) => {
        if (!controller.signal.aborted) setLoaded({ status, attempt, outcome: 'ready', applications, error: null });
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        if (isSignedOut(failure)) signedOut();
        setLoaded({ status, attempt, outcome: 'error', applications: [], error: staffErrorMessage(failure) });
      },
    );
    return () => controller.abort();
  }, [status, attempt, signedOut]);

  function choose(next: ExemptionStatus, focus = false) {
    if (focus) tabs.current.get(next)?.focus();
    if (next === status) return;
    setMessage('');
    setError(null);
    setParams(next === 'Pending' ? {} : { status: next }, { replace: true });
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const to = tabMove(event.key, EXEMPTION_STATUSES.indexOf(status), EXEMPTION_STATUSES.length);
    if (to === null) return;
    event.preventDefault();
    choose(EXEMPTION_STATUSES[to]!, true);
  }

  /** A decision was made: the application leaves the pending list. */
  function decided(application: ExemptionApplication, approved: boolean) {
    setLoaded(
      (previous) =>
        previous && {
          ...previous,
          applications: previous.applications.filter((a) => a.customerId !== application.customerId),
        },
    );
    setError(null);
    setMessage(`${approved ? 'Approved' : 'Rejected'} the application of ${nameOf(application)}.`);
    panel.current?.focus();
  }

  /** A decision was refused: says why; a stale list (409) is read again. */
  function refused(failure: unknown) {
    if (isSignedOut(failure)) {
      signedOut();
      return;
    }
    setMessage('');
    setError(staffErrorMessage(failure));
    if (failure instanceof NetworkError && (failure.status === 409 || failure.status === 404)) {
      setAttempt((n) => n + 1);
    }
  }

  const shown = loaded !== null && loaded.status === status ? loaded : null;
  const current = shown !== null && shown.attempt === attempt;

  return (
    <div className="exemptions">
      <StaffPageTitle title="Tax exemptions" />
      <div role="tablist" aria-label="Applications" className="staff-tabs">
        {EXEMPTION_STATUSES.map((s) => (
          <button
            key={s}
            ref={(element) => {
              if (element) tabs.current.set(s, element);
              else tabs.current.delete(s);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${s}`}
            aria-selected={s === status}
            aria-controls={`${id}-panel`}
            tabIndex={s === status ? 0 : -1}
            className="staff-tabs__tab"
            onClick={() => choose(s)}
            onKeyDown={onTabKey}
          >
            {s}
          </button>
        ))}
      </div>
      <Outcome message={message} error={error} />
      <div
        ref={panel}
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${status}`}
        aria-busy={!current || undefined}
        tabIndex={0}
        className="staff-tabs__panel"
      >
        {!shown && (
          <p role="status" className="page-loading">
            Loading applications…
          </p>
        )}
        {shown?.outcome === 'error' && (
          <div role="alert" className="staff-error">
            <p>{shown.error}</p>
            <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          </div>
        )}
        {shown?.outcome === 'ready' && shown.applications.length === 0 && <p>{EMPTY[status]}</p>}
        {shown?.outcome === 'ready' && shown.applications.length > 0 && (
          <ul className="exemptions__list">
            {shown.applications.map((application) => (
              <li key={application.customerId}>
                <ApplicationCard
                  application={application}
                  onDecided={(approved) => decided(application, approved)}
                  onRefused={refused}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

const KIND_LABELS: Record<string, string> = {
  Farm: 'Farm or ranch',
  Resale: 'Resale',
  Nonprofit: 'Nonprofit',
  Government: 'Government',
};

/** One application: what to check, and Approve / Reject while it is pending. */
function ApplicationCard({
  application,
  onDecided,
  onRefused,
}: {
  application: ExemptionApplication;
  onDecided: (approved: boolean) => void;
  onRefused: (failure: unknown) => void;
}) {
  const id = useId();
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const rejectButton = useRef<HTMLButtonElement>(null);
  const focusReject = useRef(false);
  const name = nameOf(application);
  const pending = application.status === 'Pending';

  // Cancel goes back to the button that opened the form, once it is there again.
  useEffect(() => {
    if (!rejecting && focusReject.current) {
      focusReject.current = false;
      rejectButton.current?.focus();
    }
  }, [rejecting]);

  async function approve() {
    if (busy) return;
    setBusy(true);
    try {
      await approveApplication(application.customerId);
      onDecided(true);
    } catch (failure) {
      setBusy(false);
      onRefused(failure);
    }
  }

  return (
    <article className="exemption" aria-labelledby={`${id}-name`}>
      <h2 id={`${id}-name`} className="exemption__name">
        {name}
      </h2>
      <dl className="exemption__facts">
        <div>
          <dt>Kind</dt>
          <dd>{application.kind ? (KIND_LABELS[application.kind] ?? application.kind) : '—'}</dd>
        </div>
        <div>
          <dt>State</dt>
          <dd>{application.state ?? '—'}</dd>
        </div>
        <div>
          <dt>Certificate number</dt>
          <dd className="exemption__number">{application.certificateNumber ?? '—'}</dd>
        </div>
        <div>
          <dt>Applied</dt>
          <dd>{formatDate(application.appliedAt) || '—'}</dd>
        </div>
        {application.decidedAt && (
          <div>
            <dt>Decided</dt>
            <dd>
              {formatDate(application.decidedAt)}
              {application.decidedBy && ` by ${application.decidedBy}`}
            </dd>
          </div>
        )}
        {application.reason && (
          <div>
            <dt>Reason</dt>
            <dd>{application.reason}</dd>
          </div>
        )}
      </dl>
      {pending && !rejecting && (
        <div className="exemption__actions">
          <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void approve()}>
            Approve <span className="visually-hidden">{name}</span>
          </button>
          <button
            ref={rejectButton}
            type="button"
            className="button button--secondary"
            aria-disabled={busy || undefined}
            onClick={() => !busy && setRejecting(true)}
          >
            Reject <span className="visually-hidden">{name}</span>
          </button>
        </div>
      )}
      {pending && rejecting && (
        <RejectForm
          application={application}
          onRejected={() => onDecided(false)}
          onRefused={onRefused}
          onCancel={() => {
            focusReject.current = true;
            setRejecting(false);
          }}
        />
      )}
    </article>
  );
}

/** Why the application is rejected (1 to 200 characters, the customer sees it). */
function RejectForm({
  application,
  onRejected,
  onRefused,
  onCancel,
}: {
  application: ExemptionApplication;
  onRejected: () => void;
  onRefused: (failure: unknown) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const name = nameOf(application);

  useEffect(() => {
    field.current?.focus();
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const text = reason.trim();
    if (text.length === 0 || text.length > REASON_MAX) {
      setFieldError(REASON_MESSAGE);
      field.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      await rejectApplication(application.customerId, text);
      onRejected();
    } catch (failure) {
      setBusy(false);
      if (failure instanceof NetworkError && failure.status === 422 && failure.field === 'reason') {
        setFieldError(failure.serverMessage ?? REASON_MESSAGE);
        field.current?.focus();
        return;
      }
      onRefused(failure);
    }
  }

  const describedBy = [`${id}-hint`, fieldError ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <form className="exemption__reject" aria-label={`Reject ${name}`} onSubmit={(e) => void onSubmit(e)} noValidate>
      <label htmlFor={`${id}-reason`} className="staff-field__label">
        Reason for rejecting <span className="staff-field__required">(required)</span>
      </label>
      <p id={`${id}-hint`} className="staff-field__hint">
        Up to {REASON_MAX} characters. The customer sees it.
      </p>
      <textarea
        ref={field}
        id={`${id}-reason`}
        className="staff-textarea"
        rows={3}
        maxLength={REASON_MAX}
        required
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={describedBy}
      />
      {fieldError && (
        <p id={`${id}-error`} className="staff-field__error">
          {fieldError}
        </p>
      )}
      <div className="exemption__actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          Reject application
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
