import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { NetworkError } from '../../shared/api/client';
import { formatDate } from '../format';
import { HIDE_REASON_MAX, hideReview, publishReview, replyToReview, type QueuedReview } from './api';
import {
  cardLabel,
  paragraphs,
  productPath,
  ratingText,
  REPLY_REQUIRED_MESSAGE,
  replyCount,
  reviewName,
  sentence,
  waitingReasons,
} from './format';

type Mode = 'actions' | 'hiding' | 'replying';

/** Joins ids for `aria-describedby`; none as undefined. */
function describedBy(...ids: (string | null | false)[]): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

/**
 * One review to look at: its product (a link to the product's page), stars, title and text,
 * reviewer, why it waits, dates and the store's reply; Publish, Hide and Reply. A form opened
 * takes the focus; Cancel, or a saved reply, gives it back to the button that opened it.
 */
export function ReviewCard({
  review,
  onRemoved,
  onUpdated,
  onRefused,
}: {
  review: QueuedReview;
  /** Published or hidden: it leaves the list; `said` is the message. */
  onRemoved: (said: string) => void;
  /** Changed in place (its reply). */
  onUpdated: (review: QueuedReview, said: string) => void;
  onRefused: (failure: unknown) => void;
}) {
  const id = useId();
  const [mode, setMode] = useState<Mode>('actions');
  const [busy, setBusy] = useState(false);
  const hideButton = useRef<HTMLButtonElement>(null);
  const replyButton = useRef<HTMLButtonElement>(null);
  const focusBack = useRef<'hide' | 'reply' | null>(null);
  const name = reviewName(review);
  const reasons = waitingReasons(review);
  const text = paragraphs(review.text);

  // Back to the button that opened the form, once it is there again.
  useEffect(() => {
    if (mode !== 'actions' || focusBack.current === null) return;
    (focusBack.current === 'hide' ? hideButton : replyButton).current?.focus();
    focusBack.current = null;
  }, [mode]);

  function close(from: 'hide' | 'reply') {
    focusBack.current = from;
    setMode('actions');
  }

  async function publish() {
    if (busy) return;
    setBusy(true);
    try {
      await publishReview(review.id);
      onRemoved(sentence(`Published ${name}`));
    } catch (failure) {
      setBusy(false);
      onRefused(failure);
    }
  }

  return (
    <article className="review-card" aria-label={cardLabel(review)}>
      <h3 className="review-card__product">
        <a href={productPath(review.product)}>{review.productName || review.product}</a>
      </h3>
      <p className="review-card__rating">
        <span aria-hidden="true" className="review-card__stars">
          {'★'.repeat(review.rating)}
          {'☆'.repeat(5 - review.rating)}
        </span>{' '}
        {ratingText(review.rating)}
      </p>
      {review.title && <p className="review-card__title">{review.title}</p>}
      {text.length > 0 && (
        <div className="review-card__text">
          {text.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      )}
      {!review.title && text.length === 0 && <p className="review-card__none">A rating without words.</p>}
      <dl className="review-card__facts">
        <div>
          <dt>Reviewer</dt>
          <dd>
            {review.reviewer || 'A customer'}
            {review.verified && (
              <>
                {' '}
                <span className="staff-badge review-card__verified">Verified purchase</span>
              </>
            )}
          </dd>
        </div>
        {reasons.length > 0 && (
          <div>
            <dt>Why it waits</dt>
            <dd>{reasons.join('; ')}</dd>
          </div>
        )}
        <div>
          <dt>Status</dt>
          <dd>{review.status}</dd>
        </div>
        {review.status === 'Hidden' && (
          <div>
            <dt>Reason for hiding</dt>
            <dd>{review.hiddenReason ?? 'None given'}</dd>
          </div>
        )}
        {review.moderatedBy && (
          <div>
            <dt>{review.status === 'Hidden' ? 'Hidden by' : 'Last moderated by'}</dt>
            <dd className="review-card__staff">{review.moderatedBy}</dd>
          </div>
        )}
        <div>
          <dt>Written</dt>
          <dd>{formatDate(review.writtenAt) || '—'}</dd>
        </div>
        {review.editedAt && (
          <div>
            <dt>Edited</dt>
            <dd>{formatDate(review.editedAt)}</dd>
          </div>
        )}
        <div>
          <dt>Helpful votes</dt>
          <dd>{review.helpful}</dd>
        </div>
      </dl>
      {review.reply && (
        <div className="review-card__reply">
          <p className="review-card__reply-label">The store’s reply</p>
          <p className="review-card__reply-text">{review.reply}</p>
        </div>
      )}
      {mode === 'actions' && (
        <div className="review-card__actions">
          {review.status !== 'Published' || review.reports > 0 ? (
            <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void publish()}>
              Publish <span className="visually-hidden">{name}</span>
            </button>
          ) : null}
          {review.status !== 'Hidden' && (
            <button
              ref={hideButton}
              type="button"
              className="button button--secondary"
              aria-disabled={busy || undefined}
              onClick={() => !busy && setMode('hiding')}
            >
              Hide <span className="visually-hidden">{name}</span>
            </button>
          )}
          <button
            ref={replyButton}
            type="button"
            className="button button--secondary"
            aria-disabled={busy || undefined}
            onClick={() => !busy && setMode('replying')}
          >
            {review.reply ? (
              <>
                Edit reply <span className="visually-hidden">to {name}</span>
              </>
            ) : (
              <>
                Reply <span className="visually-hidden">to {name}</span>
              </>
            )}
          </button>
        </div>
      )}
      {mode === 'hiding' && (
        <HideForm
          review={review}
          formId={`${id}-hide`}
          onHidden={() => onRemoved(sentence(`Hid ${name}`))}
          onRefused={onRefused}
          onCancel={() => close('hide')}
        />
      )}
      {mode === 'replying' && (
        <ReplyForm
          review={review}
          formId={`${id}-reply`}
          onReplied={(reply) => {
            onUpdated(
              { ...review, reply },
              sentence(reply ? `Saved the reply to ${name}` : `Removed the reply to ${name}`),
            );
            close('reply');
          }}
          onRefused={onRefused}
          onCancel={() => close('reply')}
        />
      )}
    </article>
  );
}

/** Why the review is hidden: optional, up to 200 characters, for staff only. */
function HideForm({
  review,
  formId,
  onHidden,
  onRefused,
  onCancel,
}: {
  review: QueuedReview;
  formId: string;
  onHidden: () => void;
  onRefused: (failure: unknown) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const name = reviewName(review);

  useEffect(() => {
    field.current?.focus();
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFieldError(null);
    setBusy(true);
    try {
      await hideReview(review.id, reason.trim());
      onHidden();
    } catch (failure) {
      setBusy(false);
      if (failure instanceof NetworkError && failure.status === 422 && failure.field === 'reason') {
        setFieldError(failure.serverMessage ?? `Must be ${HIDE_REASON_MAX} characters or less.`);
        field.current?.focus();
        return;
      }
      onRefused(failure);
    }
  }

  return (
    <form className="review-card__form" aria-label={`Hide ${name}`} onSubmit={(e) => void onSubmit(e)} noValidate>
      <label htmlFor={`${formId}-reason`} className="staff-field__label">
        Reason for hiding <span className="staff-field__required">(optional)</span>
      </label>
      <p id={`${formId}-hint`} className="staff-field__hint">
        Up to {HIDE_REASON_MAX} characters. Only staff see it.
      </p>
      <textarea
        ref={field}
        id={`${formId}-reason`}
        className="staff-textarea"
        rows={2}
        maxLength={HIDE_REASON_MAX}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={describedBy(`${formId}-hint`, fieldError && `${formId}-error`)}
      />
      {fieldError && (
        <p id={`${formId}-error`} className="staff-field__error">
          {fieldError}
        </p>
      )}
      <div className="review-card__actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          Hide review
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * The store's reply under the review: up to 2000 characters, with the counter ('12/2000', and
 * 'Exceeds 2000-character max by {m}' past it); emptied, it removes the reply there is.
 */
function ReplyForm({
  review,
  formId,
  onReplied,
  onRefused,
  onCancel,
}: {
  review: QueuedReview;
  formId: string;
  /** Saved: the reply now shown (null: none). */
  onReplied: (reply: string | null) => void;
  onRefused: (failure: unknown) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(review.reply ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const name = reviewName(review);
  const count = replyCount(text);

  useEffect(() => {
    field.current?.focus();
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const reply = text.trim();
    if (count.over) {
      // The counter says by how much.
      setFieldError(null);
      field.current?.focus();
      return;
    }
    if (reply === '' && !review.reply) {
      setFieldError(REPLY_REQUIRED_MESSAGE);
      field.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      await replyToReview(review.id, reply);
      onReplied(reply || null);
    } catch (failure) {
      setBusy(false);
      if (failure instanceof NetworkError && failure.status === 422 && failure.field === 'text') {
        // The counter's words are not repeated under the field.
        const said = failure.serverMessage ?? null;
        setFieldError(said === count.message ? null : said);
        field.current?.focus();
        return;
      }
      onRefused(failure);
    }
  }

  return (
    <form className="review-card__form" aria-label={`Reply to ${name}`} onSubmit={(e) => void onSubmit(e)} noValidate>
      <label htmlFor={`${formId}-text`} className="staff-field__label">
        The store’s reply
      </label>
      <p id={`${formId}-hint`} className="staff-field__hint">
        Shoppers see it under the review.{review.reply && ' Empty it to remove the reply.'}
      </p>
      <textarea
        ref={field}
        id={`${formId}-text`}
        className="staff-textarea review-card__reply-field"
        rows={4}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        aria-invalid={count.over || fieldError ? true : undefined}
        aria-describedby={describedBy(`${formId}-hint`, fieldError && `${formId}-error`, `${formId}-count`)}
      />
      <p
        id={`${formId}-count`}
        className={`review-card__counter${count.over ? ' review-card__counter--over' : ''}`}
        aria-live="polite"
      >
        <span>{count.text}</span>
        {count.message && <span className="review-card__counter-message"> {count.message}</span>}
      </p>
      {fieldError && (
        <p id={`${formId}-error`} className="staff-field__error">
          {fieldError}
        </p>
      )}
      <div className="review-card__actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          Save reply
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
