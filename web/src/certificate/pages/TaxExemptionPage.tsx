import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import {
  ACCOUNT_HOME_PATH,
  ACCOUNT_HOME_TITLE,
  AccountBreadcrumb,
  AccountPageHead,
  QueryState,
  SignInRequired,
  useAccountQuery,
} from '../../account/pages/common';
import { fetchTaxExemption, type TaxExemptionView } from '../../shared/api/certificate';
import { pendingView, PENDING_MESSAGE, rejectedText, TAX_EXEMPTION_SIGN_IN_MESSAGE, TAX_EXEMPTION_TITLE } from '../common';
import { ExemptionForm } from '../components/ExemptionForm';
import { ExemptionStatus } from '../components/ExemptionStatus';
import { ProgrammeIntro } from '../components/ProgrammeIntro';
import '../certificate.css';

/**
 * /account/certificate/: a signed-in customer applies for a sales-tax exemption and sees
 * where it stands. No application yet, or a rejected one (with the staff's reason): the form.
 * Pending: under review, with Update application (the form again, prefilled but for the
 * number). Approved: where orders carry no sales tax. A guest reads what the programme is and
 * gets the sign-in panel (it comes back here).
 */
export function TaxExemptionPage() {
  // A navigation to this page again (after a sign-in from the panel) loads anew.
  const { key } = useLocation();
  return (
    <article className="account-page certificate-page">
      <AccountPageHead title={TAX_EXEMPTION_TITLE} />
      <AccountBreadcrumb trail={[{ label: ACCOUNT_HOME_TITLE, href: ACCOUNT_HOME_PATH }]} current={TAX_EXEMPTION_TITLE} />
      <h1 className="account-page__title">{TAX_EXEMPTION_TITLE}</h1>
      <TaxExemption key={key} />
    </article>
  );
}

function TaxExemption() {
  const [query, reload] = useAccountQuery(fetchTaxExemption);
  if (query.status === 'guest') return <Guest />;
  if (query.status !== 'ready') return <QueryState query={query} what="your tax exemption" onRetry={reload} />;
  if (query.data === null) return <Guest />;
  return <Exemption initial={query.data} />;
}

/** The programme in brief, and the sign-in panel. */
function Guest() {
  return (
    <>
      <ProgrammeIntro />
      <SignInRequired message={TAX_EXEMPTION_SIGN_IN_MESSAGE} />
    </>
  );
}

type FocusTarget = 'status' | 'form' | 'update';

function Exemption({ initial }: { initial: TaxExemptionView }) {
  const [view, setView] = useState(initial);
  /** A pending application's form, reopened by Update application. */
  const [updating, setUpdating] = useState(false);
  const [signedOut, setSignedOut] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const statusHeading = useRef<HTMLHeadingElement>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const updateButton = useRef<HTMLButtonElement>(null);
  const focusTarget = useRef<FocusTarget | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  // After a change of view: focus where the customer goes on (set before the change), once
  // it is shown.
  useEffect(() => {
    const target = focusTarget.current;
    if (!target) return;
    const element = { status: statusHeading, form: formHeading, update: updateButton }[target].current;
    if (!element) return;
    focusTarget.current = null;
    element.focus();
  });

  /** The server's view again (after an application): it replaces what is shown; a failure keeps it. */
  function readAgain() {
    controller.current?.abort();
    const mine = new AbortController();
    controller.current = mine;
    fetchTaxExemption(mine.signal).then(
      (fresh) => {
        if (mine.signal.aborted) return;
        if (fresh === null) setSignedOut(true);
        else setView(fresh);
      },
      () => {},
    );
  }

  if (signedOut) return <Guest />;

  const showForm = view.status === 'None' || view.status === 'Rejected' || (view.status === 'Pending' && updating);

  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {showForm ? (
        <>
          {view.status !== 'Pending' && <ProgrammeIntro />}
          {view.status === 'Rejected' && (
            <div className="account-message account-message--error certificate-rejected" data-testid="certificate-rejected">
              <p>{rejectedText(view.reason)}</p>
            </div>
          )}
          <ExemptionForm
            title={
              view.status === 'Pending'
                ? 'Update your application'
                : view.status === 'Rejected'
                  ? 'Apply again'
                  : 'Apply for a tax exemption'
            }
            initial={view}
            headingRef={formHeading}
            onApplied={(request) => {
              focusTarget.current = 'status';
              setUpdating(false);
              setView(pendingView(request));
              setAnnouncement(`Thank you. ${PENDING_MESSAGE}`);
              readAgain();
            }}
            onAlreadyApproved={() => {
              // The form says so; the approved exemption replaces it once read.
              focusTarget.current = 'status';
              readAgain();
            }}
            onSignedOut={() => setSignedOut(true)}
            onCancel={
              view.status === 'Pending'
                ? () => {
                    focusTarget.current = 'update';
                    setUpdating(false);
                  }
                : undefined
            }
          />
        </>
      ) : (
        <ExemptionStatus
          view={view}
          headingRef={statusHeading}
          onUpdate={
            view.status === 'Pending'
              ? () => {
                  focusTarget.current = 'form';
                  setUpdating(true);
                  setAnnouncement('');
                }
              : undefined
          }
          updateRef={updateButton}
        />
      )}
    </>
  );
}
