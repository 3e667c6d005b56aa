import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  REPORT_REASONS,
  reportReview,
  reviewRefusal,
  voteHelpful,
  type ReportReason,
  type ReviewView,
} from '../../shared/api/reviews';
import { RadioGroup } from '../../shared/ui/RadioGroup';
import { GENERIC_ERROR_MESSAGE } from '../../shared/ui/errors';
import { formatReviewDate, paragraphs, REPORT_REASON_LABELS, REPORT_THANKS } from './format';
import { Stars } from './Stars';

const REASON_OPTIONS = REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }));

/** A refused or failed command's words for the shopper. */
function refusalMessage(error: unknown): string {
  const refusal = reviewRefusal(error);
  return refusal.kind === 'refused' || refusal.kind === 'tooMany' ? refusal.message : GENERIC_ERROR_MESSAGE;
}

export interface ReviewItemProps {
  review: ReviewView;
  /** The helpful vote was taken: the review's new count, and this visitor's vote. */
  onVoted: (id: string, helpful: number) => void;
}

/**
 * One review: its stars ('Rated 4 out of 5'), title, reviewer, date, 'Verified purchase', the
 * text, the store's reply, then 'Was this helpful? Yes (3)' and Report.
 *
 * Yes sends one vote; then it reads 'You found this helpful (4)', disabled (also when the
 * server says this visitor voted before; `aria-disabled`, so focus stays on it). Report opens
 * a small form under the review with the reasons (one is required: 'Please make a
 * selection'); once sent, or when the server says this visitor reported it already, the form
 * gives way to the outcome, which takes focus. Escape or Cancel closes the form and gives
 * focus back to Report.
 */
export function ReviewItem({ review, onVoted }: ReviewItemProps) {
  const titleId = useId();
  const questionId = useId();
  const reportFormId = useId();
  const [voting, setVoting] = useState(false);
  const [voteError, setVoteError] = useState<string | null>(null);
  const [reportOpen, setReportOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [reasonMissing, setReasonMissing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [reportError, setReportError] = useState<string | null>(null);
  const [reportOutcome, setReportOutcome] = useState<string | null>(null);
  const reportButton = useRef<HTMLButtonElement>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const reportFormRef = useRef<HTMLFormElement>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (reportOutcome) outcomeRef.current?.focus();
  }, [reportOutcome]);

  useEffect(() => {
    if (reportOpen) reportFormRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [reportOpen]);

  async function vote() {
    if (voting || review.votedHelpful) return;
    setVoting(true);
    setVoteError(null);
    try {
      const { helpful } = await voteHelpful(review.id);
      if (mounted.current) onVoted(review.id, helpful);
    } catch (error) {
      if (mounted.current) setVoteError(refusalMessage(error));
    } finally {
      if (mounted.current) setVoting(false);
    }
  }

  function closeReport() {
    setReportOpen(false);
    setReason(null);
    setReasonMissing(false);
    setReportError(null);
    reportButton.current?.focus();
  }

  async function sendReport(event: FormEvent) {
    event.preventDefault();
    if (reporting) return;
    if (!reason) {
      setReasonMissing(true);
      reportFormRef.current?.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    setReporting(true);
    setReportError(null);
    try {
      await reportReview(review.id, reason);
      if (!mounted.current) return;
      setReportOpen(false);
      setReportOutcome(REPORT_THANKS);
    } catch (error) {
      if (!mounted.current) return;
      const refusal = reviewRefusal(error);
      if (refusal.kind === 'refused') {
        // 422: reported already. Nothing more to send.
        setReportOpen(false);
        setReportOutcome(refusal.message);
      } else {
        setReportError(refusalMessage(error));
      }
    } finally {
      if (mounted.current) setReporting(false);
    }
  }

  function onReportKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      closeReport();
    }
  }

  const written = formatReviewDate(review.writtenAt);
  const edited = formatReviewDate(review.editedAt);
  const replied = review.reply ? formatReviewDate(review.reply.at) : '';

  return (
    <li className="review">
      <article
        className="review__body"
        aria-labelledby={review.title ? titleId : undefined}
        aria-label={review.title ? undefined : `Review by ${review.reviewer}`}
      >
        <Stars rating={review.rating} />
        {review.title && (
          <h3 id={titleId} className="review__title">
            {review.title}
          </h3>
        )}
        <p className="review__meta">
          <span className="review__reviewer">{review.reviewer}</span>
          {written && (
            <>
              {' · '}
              <time dateTime={review.writtenAt}>{written}</time>
            </>
          )}
          {edited && <span className="review__edited"> (edited {edited})</span>}
          {review.verified && <span className="review__badge">Verified purchase</span>}
        </p>
        {paragraphs(review.text).map((p, i) => (
          <p key={i} className="review__text">
            {p}
          </p>
        ))}
        {review.reply && (
          <div className="review__reply">
            <p className="review__reply-title">Response from the store</p>
            {paragraphs(review.reply.text).map((p, i) => (
              <p key={i} className="review__text">
                {p}
              </p>
            ))}
            {replied && (
              <p className="review__reply-date">
                <time dateTime={review.reply.at}>{replied}</time>
              </p>
            )}
          </div>
        )}

        <div className="review__actions">
          <p className="review__helpful">
            <span id={questionId}>Was this helpful?</span>{' '}
            <button
              type="button"
              className="review__action"
              onClick={() => void vote()}
              // Still focusable once voted, so focus stays where the shopper is.
              aria-disabled={review.votedHelpful || voting || undefined}
              aria-describedby={questionId}
            >
              {review.votedHelpful ? `You found this helpful (${review.helpful})` : `Yes (${review.helpful})`}
            </button>
          </p>
          {reportOutcome ? (
            <p ref={outcomeRef} tabIndex={-1} className="review__report-outcome" role="status">
              {reportOutcome}
            </p>
          ) : (
            <button
              ref={reportButton}
              type="button"
              className="review__action review__action--report"
              aria-expanded={reportOpen}
              aria-controls={reportOpen ? reportFormId : undefined}
              onClick={() => (reportOpen ? closeReport() : setReportOpen(true))}
            >
              Report
            </button>
          )}
        </div>
        {voteError && (
          <p className="review__error" role="alert">
            {voteError}
          </p>
        )}

        {reportOpen && (
          <form
            id={reportFormId}
            ref={reportFormRef}
            className="review-report"
            aria-label="Report this review"
            onSubmit={(event) => void sendReport(event)}
            onKeyDown={onReportKeyDown}
            noValidate
            aria-busy={reporting || undefined}
          >
            <RadioGroup
              legend="Why are you reporting this review?"
              name={`${reportFormId}-reason`}
              options={REASON_OPTIONS}
              value={reason}
              onChange={(value) => {
                setReason(value as ReportReason);
                setReasonMissing(false);
              }}
              required
              showErrors={reasonMissing}
            />
            {reportError && (
              <p className="review__error" role="alert">
                {reportError}
              </p>
            )}
            <div className="review-report__actions">
              <button type="submit" className="button" aria-disabled={reporting || undefined}>
                Send report
              </button>
              <button type="button" className="button button--secondary" onClick={closeReport}>
                Cancel
              </button>
            </div>
          </form>
        )}
      </article>
    </li>
  );
}
