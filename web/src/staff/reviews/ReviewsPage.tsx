import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { NetworkError } from '../../shared/api/client';
import { isSignedOut, staffErrorMessage } from '../api/staff';
import { Outcome } from '../components/Outcome';
import { StaffPageTitle } from '../components/StaffLayout';
import { tabMove } from '../components/tabKeys';
import { useStaffSession } from '../session';
import { fetchReviews, isReviewShow, REVIEW_SHOWS, type QueuedReview, type ReviewShow } from './api';
import { countText, EMPTY, SHOW_HEADINGS, SHOW_LABELS } from './format';
import { ReviewCard } from './ReviewCard';
import './reviews.css';

interface Loaded {
  show: ReviewShow;
  attempt: number;
  outcome: 'ready' | 'error';
  reviews: QueuedReview[];
  error: string | null;
}

/** Where the focus goes once the list has changed: a card's first action, or the list's heading. */
type FocusTarget = { card: string } | 'heading';

/**
 * /staff/merch/reviews/ (merchandisers): product reviews to look at, oldest first, by list
 * (tabs: Waiting — held or reported —, Held, Reported, Hidden; `?show=` keeps the tab). Each
 * review is a card: the product, the stars, the words, the reviewer, why it waits and its
 * dates, with Publish, Hide (with an optional reason) and Reply. A published or hidden review
 * leaves the list and the focus moves to the next card's first action (the list's heading
 * after the last one); a reply updates its card.
 */
export function ReviewsPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('show');
  const show: ReviewShow = isReviewShow(asked) ? asked : 'waiting';
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const tabs = useRef(new Map<ReviewShow, HTMLButtonElement>());
  const cards = useRef(new Map<string, HTMLElement>());
  const heading = useRef<HTMLHeadingElement>(null);
  const focusTarget = useRef<FocusTarget | null>(null);
  const id = useId();
  const signedOut = useStaffSession((s) => s.signedOut);

  useEffect(() => {
    const controller = new AbortController();
    fetchReviews(show, controller.signal).then(
      (reviews) => {
        if (!controller.signal.aborted) setLoaded({ show, attempt, outcome: 'ready', reviews, error: null });
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        if (isSignedOut(failure)) signedOut();
        setLoaded({ show, attempt, outcome: 'error', reviews: [], error: staffErrorMessage(failure) });
      },
    );
    return () => controller.abort();
  }, [show, attempt, signedOut]);

  // A card left the list: focus the one now in its place, or the heading when none follows.
  useEffect(() => {
    const target = focusTarget.current;
    if (target === null) return;
    focusTarget.current = null;
    const card = target === 'heading' ? undefined : cards.current.get(target.card);
    (card?.querySelector<HTMLElement>('button') ?? heading.current)?.focus();
  }, [loaded]);

  function choose(next: ReviewShow, focus = false) {
    if (focus) tabs.current.get(next)?.focus();
    if (next === show) return;
    setMessage('');
    setError(null);
    setParams(next === 'waiting' ? {} : { show: next }, { replace: true });
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const to = tabMove(event.key, REVIEW_SHOWS.indexOf(show), REVIEW_SHOWS.length);
    if (to === null) return;
    event.preventDefault();
    choose(REVIEW_SHOWS[to]!, true);
  }

  /** A review was published or hidden: it leaves the list, and a message says so. */
  function removed(review: QueuedReview, said: string) {
    setLoaded((previous) => {
      if (!previous) return previous;
      const at = previous.reviews.findIndex((r) => r.id === review.id);
      const next = at >= 0 ? previous.reviews[at + 1] : undefined;
      focusTarget.current = next ? { card: next.id } : 'heading';
      return { ...previous, reviews: previous.reviews.filter((r) => r.id !== review.id) };
    });
    setError(null);
    setMessage(said);
  }

  /** A review changed in place (its reply). */
  function updated(review: QueuedReview, said: string) {
    setLoaded(
      (previous) =>
        previous && { ...previous, reviews: previous.reviews.map((r) => (r.id === review.id ? review : r)) },
    );
    setError(null);
    setMessage(said);
  }

  /** A step was refused: says why in the server's words; a stale list (409, 404) is read again. */
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

  const shown = loaded !== null && loaded.show === show ? loaded : null;
  const current = shown !== null && shown.attempt === attempt;

  return (
    <div className="reviews">
      <StaffPageTitle title="Reviews" />
      <p className="reviews__note">
        Reviews the moderation rules held and reviews shoppers reported wait here. Publish one to show it to
        shoppers (its reports are cleared), hide it, or answer it as the store.
      </p>
      <div role="tablist" aria-label="Reviews to show" className="staff-tabs">
        {REVIEW_SHOWS.map((s) => (
          <button
            key={s}
            ref={(element) => {
              if (element) tabs.current.set(s, element);
              else tabs.current.delete(s);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${s}`}
            aria-selected={s === show}
            aria-controls={`${id}-panel`}
            tabIndex={s === show ? 0 : -1}
            className="staff-tabs__tab"
            onClick={() => choose(s)}
            onKeyDown={onTabKey}
          >
            {SHOW_LABELS[s]}
          </button>
        ))}
      </div>
      <Outcome message={message} error={error} />
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${show}`}
        aria-busy={!current || undefined}
        className="staff-tabs__panel"
      >
        <h2 ref={heading} tabIndex={-1} className="reviews__heading">
          {SHOW_HEADINGS[show]}
        </h2>
        {!shown && (
          <p role="status" className="page-loading">
            Loading reviews…
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
        {shown?.outcome === 'ready' && shown.reviews.length === 0 && <p className="reviews__empty">{EMPTY[show]}</p>}
        {shown?.outcome === 'ready' && shown.reviews.length > 0 && (
          <>
            <p className="reviews__count">{countText(shown.reviews.length)}</p>
            <ul className="reviews__list">
              {shown.reviews.map((review) => (
                <li
                  key={review.id}
                  ref={(element) => {
                    if (element) cards.current.set(review.id, element);
                    else cards.current.delete(review.id);
                  }}
                >
                  <ReviewCard
                    review={review}
                    onRemoved={(said) => removed(review, said)}
                    onUpdated={(next, said) => updated(next, said)}
                    onRefused={refused}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
