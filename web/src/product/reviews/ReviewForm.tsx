import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import {
  removeReview,
  REVIEW_LIMITS,
  reviewRefusal,
  writeReview,
  type MyReview,
  type WriteReviewAnswer,
} from '../../shared/api/reviews';
import {
  CharacterCounter,
  characterCount,
  FieldError,
  FieldLabel,
  REQUIRED_LABEL,
  useField,
  useForm,
} from '../../shared/forms';
import { GENERIC_ERROR_MESSAGE, reportError } from '../../shared/ui/errors';
import { NetworkError } from '../../shared/api/client';
import { starsText, validateRating, validateReviewText, validateReviewTitle } from './format';
import { trackRating } from './tracking';

const RATINGS = [1, 2, 3, 4, 5] as const;

/** Joins ids for `aria-describedby`; none as undefined. */
function describedBy(...ids: (string | undefined | false | null)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/** A failure nobody refused in words: the generic sentence (reported unless the server answered). */
function failed(error: unknown): string {
  if (!(error instanceof NetworkError)) reportError(error);
  return GENERIC_ERROR_MESSAGE;
}

export interface ReviewFormProps {
  product: string;
  /** The customer's review: the form edits it (pre-filled, with Delete review). */
  mine: MyReview | null;
  /** WriteReview answered (the Rate event is sent already). */
  onWritten: (answer: WriteReviewAnswer) => void;
  /** RemoveReview answered. */
  onRemoved: () => void;
  /** 401: the customer is not signed in (any more); the server's sentence if it gave one. */
  onSignInNeeded: (message: string | null) => void;
  onCancel: () => void;
}

/**
 * Writing or editing the customer's review: the rating (five radios '1 star' to '5 stars',
 * drawn as stars; arrow keys move between them), an optional title (100 characters at most)
 * and an optional text (20 to 4000 characters, with the counter "{used}/4000"), then Submit.
 *
 * The shared form helpers' rules apply: a message appears at a field's first blur (the
 * rating's when focus leaves the group) and follows every change after; Submit checks every
 * field and focuses the first in error. The rating's message is the radio group's 'Please make
 * a selection'; the text's 'Must be at least 20 characters long.' or, past the maximum, the
 * counter's 'Exceeds 4000-character max by {m}' (shown once, by the counter).
 *
 * A written review sends the Rate event (1 to 5 only, `trackRating`) and hands the answer to
 * the section. A refusal shows the server's sentence above Submit; 401 hands over to sign-in.
 * Delete review (when editing) asks once more before it removes the review.
 */
export function ReviewForm({ product, mine, onWritten, onRemoved, onSignInNeeded, onCancel }: ReviewFormProps) {
  const headingId = useId();
  const titleCounterId = useId();
  const textCounterId = useId();
  const textHintId = useId();
  const ratingName = useId();
  const form = useForm();
  const rating = useField(form, { initialValue: mine ? String(mine.rating) : '', validate: validateRating });
  const title = useField(form, { initialValue: mine?.title ?? '', validate: validateReviewTitle, name: 'title' });
  const text = useField(form, { initialValue: mine?.text ?? '', validate: validateReviewText, name: 'text' });

  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  // A second submit before the first one's answer (a double click) sends nothing.
  const inFlight = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    headingRef.current?.focus();
    return () => {
      mounted.current = false;
    };
  }, []);

  // The question takes focus; Keep it gives it back to Delete review.
  useEffect(() => {
    if (confirmDelete) confirmRef.current?.focus();
    else if (wasConfirming.current) deleteRef.current?.focus();
    wasConfirming.current = confirmDelete;
  }, [confirmDelete]);

  function refused(failure: unknown) {
    const refusal = reviewRefusal(failure);
    switch (refusal.kind) {
      case 'signIn':
        onSignInNeeded(refusal.message);
        return;
      case 'refused':
      case 'tooMany':
        setError(refusal.message);
        return;
      case 'failed':
        setError(failed(failure));
        return;
    }
  }

  const submit = form.handleSubmit(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    setError(null);
    const stars = Number(rating.value);
    try {
      const answer = await writeReview({
        product,
        rating: stars,
        title: title.value.trim(),
        text: text.value.trim(),
      });
      trackRating(product, stars);
      onWritten(answer);
    } catch (failure) {
      if (mounted.current) refused(failure);
    } finally {
      inFlight.current = false;
      if (mounted.current) setSending(false);
    }
  });

  async function remove() {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    setError(null);
    try {
      await removeReview(product);
      onRemoved();
    } catch (failure) {
      if (mounted.current) {
        setConfirmDelete(false);
        refused(failure);
      }
    } finally {
      inFlight.current = false;
      if (mounted.current) setSending(false);
    }
  }

  /** The rating's message shows once focus leaves the group (moving between radios is no blur). */
  function onRatingBlur(event: FocusEvent<HTMLFieldSetElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) rating.validate();
  }

  // The counter says 'Exceeds …' itself: the same words are not repeated under the field.
  const titleError = title.error === characterCount(title.value, REVIEW_LIMITS.titleMax).message ? null : title.error;
  const textError = text.error === characterCount(text.value, REVIEW_LIMITS.textMax).message ? null : text.error;

  return (
    <section className="review-form" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="review-form__title">
        {mine ? 'Edit your review' : 'Write a review'}
      </h3>
      <form onSubmit={submit} noValidate aria-labelledby={headingId} aria-busy={sending || undefined}>
        <fieldset className="star-input" onBlur={onRatingBlur}>
          <legend className="form-label">
            Your rating <span className="form-label__required">{REQUIRED_LABEL}</span>
          </legend>
          <div className="star-input__options">
            {RATINGS.map((n) => (
              <label key={n} className="star-input__option">
                <input
                  type="radio"
                  name={ratingName}
                  value={n}
                  // The first radio stands for the group: the message's focus goes there.
                  id={n === 1 ? rating.id : undefined}
                  ref={n === 1 ? rating.inputProps.ref : undefined}
                  checked={rating.value === String(n)}
                  onChange={() => rating.setValue(String(n))}
                  aria-invalid={rating.inputProps['aria-invalid']}
                  aria-describedby={rating.inputProps['aria-describedby']}
                />
                <span className="star-input__star" aria-hidden="true">
                  ★
                </span>
                <span className="visually-hidden">{starsText(n)}</span>
              </label>
            ))}
            <span className="star-input__chosen" aria-hidden="true">
              {rating.value ? starsText(Number(rating.value)) : ''}
            </span>
          </div>
          <FieldError id={rating.errorId} message={rating.error} />
        </fieldset>

        <div className="review-form__field">
          <FieldLabel htmlFor={title.id} required={false}>
            Title
          </FieldLabel>
          <input
            {...title.inputProps}
            type="text"
            className="review-form__input"
            autoComplete="off"
            aria-describedby={describedBy(titleError && title.errorId, titleCounterId)}
          />
          <CharacterCounter id={titleCounterId} value={title.value} allowed={REVIEW_LIMITS.titleMax} />
          <FieldError id={title.errorId} message={titleError} />
        </div>

        <div className="review-form__field">
          <FieldLabel htmlFor={text.id} required={false}>
            Your review
          </FieldLabel>
          <p id={textHintId} className="review-form__hint">
            At least {REVIEW_LIMITS.textMin} characters: what you used it for, and how it held up.
          </p>
          <textarea
            {...text.inputProps}
            className="review-form__input review-form__textarea"
            rows={6}
            aria-describedby={describedBy(textHintId, textError && text.errorId, textCounterId)}
          />
          <CharacterCounter id={textCounterId} value={text.value} allowed={REVIEW_LIMITS.textMax} />
          <FieldError id={text.errorId} message={textError} />
        </div>

        {error && (
          <p className="review-form__error" role="alert">
            {error}
          </p>
        )}

        <div className="review-form__actions">
          <button type="submit" className="button" aria-disabled={sending || undefined}>
            Submit
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
          {mine && !confirmDelete && (
            <button
              ref={deleteRef}
              type="button"
              className="review-form__delete"
              onClick={() => setConfirmDelete(true)}
            >
              Delete review
            </button>
          )}
        </div>
        {mine && confirmDelete && (
          <div className="review-form__confirm" role="group" aria-label="Delete your review">
            <p>Delete your review? This cannot be undone.</p>
            <button
              ref={confirmRef}
              type="button"
              className="button"
              onClick={() => void remove()}
              aria-disabled={sending || undefined}
            >
              Yes, delete it
            </button>
            <button type="button" className="button button--secondary" onClick={() => setConfirmDelete(false)}>
              Keep it
            </button>
          </div>
        )}
        <p className="visually-hidden" role="status">
          {sending ? 'Sending your review…' : ''}
        </p>
      </form>
    </section>
  );
}
