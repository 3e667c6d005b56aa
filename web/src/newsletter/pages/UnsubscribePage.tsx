import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  INVALID_UNSUBSCRIBE_LINK_MESSAGE,
  InvalidUnsubscribeLinkError,
  unsubscribeFromNewsletter,
} from '../../shared/api/newsletter';
import '../unsubscribe.css';

export const UNSUBSCRIBE_TITLE = 'Unsubscribe from our emails';
export const UNSUBSCRIBED_MESSAGE = 'You have been unsubscribed.';
export const UNSUBSCRIBE_ERROR_MESSAGE = 'Something went wrong, so you are still subscribed. Please try again.';

type Status = 'idle' | 'loading' | 'success' | 'invalid' | 'error';

/**
 * The newsletter's unsubscribe page (/newsletter/unsubscribe?token=…), the
 * link of every newsletter mail. Nothing happens on load (mail scanners open
 * links): the visitor confirms with the button. A link without a token is
 * refused at once; a token the server refuses (400) shows its message; an
 * outage keeps the button for another try.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <article className="unsubscribe-page">
      <title>{`${UNSUBSCRIBE_TITLE} | Storefront`}</title>
      <h1>{UNSUBSCRIBE_TITLE}</h1>
      {/* A new token starts over. */}
      <Unsubscribe key={token} token={token} />
    </article>
  );
}

function Unsubscribe({ token }: { token: string }) {
  const missing = token.trim() === '';
  const [status, setStatus] = useState<Status>(missing ? 'invalid' : 'idle');
  const [invalidMessage, setInvalidMessage] = useState(INVALID_UNSUBSCRIBE_LINK_MESSAGE);
  const result = useRef<HTMLDivElement>(null);
  /** Set by a click: the outcome that replaces the button takes focus. */
  const focusResult = useRef(false);

  useEffect(() => {
    if (!focusResult.current || (status !== 'success' && status !== 'invalid')) return;
    focusResult.current = false;
    result.current?.focus();
  }, [status]);

  async function unsubscribe() {
    if (status === 'loading') return;
    setStatus('loading');
    try {
      // A fresh Idempotency-Key per click: the server's unsubscribe is idempotent.
      const ok = await unsubscribeFromNewsletter(token);
      focusResult.current = ok;
      setStatus(ok ? 'success' : 'error');
    } catch (error) {
      if (error instanceof InvalidUnsubscribeLinkError) {
        setInvalidMessage(error.message);
        focusResult.current = true;
        setStatus('invalid');
      } else {
        setStatus('error');
      }
    }
  }

  if (status === 'success') {
    return (
      <div ref={result} className="unsubscribe-page__result" role="status" tabIndex={-1}>
        <p className="unsubscribe-page__lead">{UNSUBSCRIBED_MESSAGE}</p>
        <p>Changed your mind? You can sign up again any time with the form at the bottom of this page.</p>
      </div>
    );
  }

  if (status === 'invalid') {
    return (
      <div ref={result} className="unsubscribe-page__result unsubscribe-page__result--invalid" role="alert" tabIndex={-1}>
        <p className="unsubscribe-page__lead">{invalidMessage}</p>
        <p>To unsubscribe, use the link in the latest email you received from us.</p>
      </div>
    );
  }

  const loading = status === 'loading';
  return (
    <div className="unsubscribe-page__confirm" aria-busy={loading || undefined}>
      <p>
        Select Unsubscribe to stop getting our emails about sales, new products, store events and special
        offers.
      </p>
      {status === 'error' && (
        <p className="unsubscribe-page__error" role="alert">
          {UNSUBSCRIBE_ERROR_MESSAGE}
        </p>
      )}
      <button
        type="button"
        className="button unsubscribe-page__submit"
        aria-disabled={loading || undefined}
        onClick={() => void unsubscribe()}
      >
        {loading && <span className="unsubscribe-page__spinner" aria-hidden="true" />}
        {loading ? 'Unsubscribing…' : 'Unsubscribe'}
      </button>
    </div>
  );
}
