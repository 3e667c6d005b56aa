import { useCallback, useEffect, useRef, useState } from 'react';
import type { RatingSummary, WriteReviewAnswer } from '../../shared/api/reviews';
import { useSession } from '../../session';
import { DELETED_NOTE, HELD_NOTE, HIDDEN_NOTE, LOAD_FAILED, REVIEWS_HEADING_ID } from './format';
import { ReviewForm } from './ReviewForm';
import { ReviewList } from './ReviewList';
import { ReviewsSummary } from './ReviewsSummary';
import { SignInPrompt } from './SignInPrompt';
import { useReviews } from './useReviews';
import './reviews.css';

type Panel = { kind: 'none' } | { kind: 'form' } | { kind: 'signIn'; message: string | null };

const EMPTY_SUMMARY = { average: null, count: 0, histogram: [] };

/**
 * The product page's "Reviews" section (its heading is `#reviews`, the target of the rating
 * link at the top of the page): the rating summary, Write a review, and the list.
 *
 * Write a review opens, under the summary, the form for a signed-in customer (the header
 * data's `loggedIn`, or a review of theirs in the answer) and the sign-in prompt for a guest.
 * With a review of theirs the button reads 'Edit your review' (the form pre-filled, with
 * Delete review), and a held one says 'Your review is waiting to be checked.' The answer's
 * sentence after a review is written or removed goes to the section's status region, which
 * takes focus as the form closes, and the reviews are asked for again. Signing in or out
 * while the page is open asks again too (the customer's own review comes with the answer);
 * a guest's prompt then turns into the form.
 */
export function ReviewsSection({
  product,
  onSummary,
}: {
  product: string;
  /** Told each rating summary the reviews answer, so the page's top rating keeps up with a review written here. */
  onSummary?: (summary: RatingSummary) => void;
}) {
  const reviews = useReviews(product);
  const { answer, status, reload, updateReview } = reviews;
  useEffect(() => {
    if (answer) onSummary?.(answer.summary);
  }, [answer, onSummary]);
  const loggedIn = useSession((s) => s.loggedIn);
  const sessionKnown = useSession((s) => s.status === 'success');
  const [panel, setPanel] = useState<Panel>({ kind: 'none' });
  const [notice, setNotice] = useState('');
  const [focusKey, setFocusKey] = useState(0);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const writeButton = useRef<HTMLButtonElement>(null);
  const seenLoggedIn = useRef<boolean | null>(null);

  // The first answer already knows the session (cookies); a later sign-in or sign-out asks
  // again. A guest's prompt becomes the form once the header data says signed in (also when
  // it arrives after an early click); signing out closes the form.
  useEffect(() => {
    if (!sessionKnown) return;
    const before = seenLoggedIn.current;
    seenLoggedIn.current = loggedIn;
    if (loggedIn) setPanel((p) => (p.kind === 'signIn' && p.message === null ? { kind: 'form' } : p));
    else if (before === true) setPanel((p) => (p.kind === 'form' ? { kind: 'none' } : p));
    if (before !== null && before !== loggedIn) reload();
  }, [sessionKnown, loggedIn, reload]);

  const mine = answer?.mine ?? null;
  const signedIn = loggedIn || mine !== null;

  const showNotice = useCallback((text: string) => {
    setNotice(text);
    setPanel({ kind: 'none' });
    // After the form is gone: the sentence takes focus (and is read as the status).
    requestAnimationFrame(() => noticeRef.current?.focus());
  }, []);

  function openWrite() {
    setNotice('');
    if (panel.kind !== 'none') {
      setPanel({ kind: 'none' });
      return;
    }
    setPanel(signedIn ? { kind: 'form' } : { kind: 'signIn', message: null });
  }

  function closePanel() {
    setPanel({ kind: 'none' });
    writeButton.current?.focus();
  }

  const onWritten = (written: WriteReviewAnswer) => {
    showNotice(written.message);
    reload();
  };

  const onRemoved = () => {
    showNotice(DELETED_NOTE);
    reload();
  };

  const onVoted = useCallback(
    (id: string, helpful: number) => updateReview(id, { helpful, votedHelpful: true }),
    [updateReview],
  );

  const ready = answer !== undefined;
  const summary = answer?.summary ?? EMPTY_SUMMARY;
  const hasReviews = (answer?.reviews.length ?? 0) > 0;
  const note = mine?.status === 'Held' ? HELD_NOTE : mine?.status === 'Hidden' ? HIDDEN_NOTE : null;

  return (
    <section className="product-section reviews" aria-labelledby={REVIEWS_HEADING_ID}>
      <h2 id={REVIEWS_HEADING_ID} tabIndex={-1} className="reviews__heading">
        Reviews
      </h2>

      {!ready && status === 'loading' && <p className="reviews__loading">Loading reviews…</p>}
      {status === 'error' && (
        <div className="reviews__failed">
          <p>{LOAD_FAILED}</p>
          <button type="button" className="button button--secondary" onClick={reload}>
            Try again
          </button>
        </div>
      )}

      {ready && (
        <div className="reviews__top">
          <ReviewsSummary summary={summary} />
          <div className="reviews__write">
            {!hasReviews && summary.count === 0 && <p>Be the first to review this product.</p>}
            {note && <p className="reviews__note">{note}</p>}
            <button
              ref={writeButton}
              type="button"
              className="button"
              aria-expanded={panel.kind !== 'none'}
              onClick={openWrite}
            >
              {mine ? 'Edit your review' : 'Write a review'}
            </button>
          </div>
        </div>
      )}

      <p ref={noticeRef} tabIndex={-1} className="reviews__notice" role="status">
        {notice}
      </p>

      {panel.kind === 'signIn' && <SignInPrompt message={panel.message} />}
      {panel.kind === 'form' && (
        <ReviewForm
          key={mine?.id ?? 'new'}
          product={product}
          mine={mine}
          onWritten={onWritten}
          onRemoved={onRemoved}
          onSignInNeeded={(message) => setPanel({ kind: 'signIn', message })}
          onCancel={closePanel}
        />
      )}

      {answer && hasReviews && (
        <ReviewList
          answer={answer}
          sort={reviews.sort}
          busy={status === 'loading'}
          onSort={reviews.setSort}
          onPage={(page) => {
            setFocusKey((k) => k + 1);
            reviews.setPage(page);
          }}
          onVoted={onVoted}
          focusKey={focusKey}
        />
      )}
    </section>
  );
}
