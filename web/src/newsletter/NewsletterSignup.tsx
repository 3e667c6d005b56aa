import { useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useHydrated } from '../shared/ui/useHydrated';
import { subscribeToNewsletter } from '../shared/api/newsletter';
import { MESSAGES } from '../shared/forms/messages';
import { isValidEmail } from '../shared/forms/validators';
import { trackEmailSubscribe } from '../shared/tracking/analytics';
import { Modal } from '../shared/ui/Modal';
import './NewsletterSignup.css';

export const NEWSLETTER_SUCCESS_TITLE = 'Thank you!';

type Status = 'idle' | 'invalid' | 'loading' | 'success';

/**
 * The footer's newsletter sign-up (spec §4): idle → invalid icon → loading →
 * a 'Thank you!' modal, the field cleared. An empty submit only focuses the
 * field; a failure stops loading without a message.
 */
export function NewsletterSignup() {
  const hydrated = useHydrated();
  const inputId = useId();
  const headingId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>('idle');

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'loading') return;
    const value = email.trim();
    if (!value) {
      input.current?.focus();
      return;
    }
    if (!isValidEmail(value)) {
      setStatus('invalid');
      input.current?.focus();
      return;
    }
    setStatus('loading');
    try {
      const ok = await subscribeToNewsletter(value);
      if (!ok) {
        setStatus('idle');
        return;
      }
      // Analytics: email_subscribe, method 'Footer' (spec §7).
      trackEmailSubscribe();
      setEmail('');
      setStatus('success');
    } catch {
      // Spec §8: loading stops, no message.
      setStatus('idle');
    }
  }

  const invalid = status === 'invalid';
  const loading = status === 'loading';

  return (
    <section className="newsletter" aria-labelledby={headingId}>
      <h2 id={headingId} className="newsletter__heading">
        Get deals in your inbox
      </h2>
      <p className="newsletter__intro">
        Sign up for emails about sales, new products, store events and special offers.
      </p>
      <form className="newsletter__form" noValidate onSubmit={handleSubmit} aria-busy={loading || undefined}>
        <label htmlFor={inputId} className="visually-hidden">
          Email address
        </label>
        <div className={`newsletter__field${invalid ? ' newsletter__field--invalid' : ''}`}>
          <input
            ref={input}
            id={inputId}
            className="newsletter__input"
            type="email"
            name="EmailAddress"
            autoComplete="email"
            placeholder="Email address"
            value={email}
            readOnly={loading}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
            onChange={(e) => {
              setEmail(e.target.value);
              if (status === 'invalid') setStatus('idle');
            }}
          />
          {invalid && (
            <svg
              className="newsletter__invalid-icon"
              data-testid="newsletter-invalid-icon"
              viewBox="0 0 24 24"
              width="20"
              height="20"
              aria-hidden="true"
              focusable="false"
            >
              <path
                fill="currentColor"
                d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm-1 5v7h2V7h-2Zm0 9v2h2v-2h-2Z"
              />
            </svg>
          )}
        </div>
        <button type="submit" className="newsletter__submit" aria-disabled={loading || undefined}>
          {loading && <span className="newsletter__spinner" aria-hidden="true" />}
          {loading ? 'Signing Up…' : 'Sign Up'}
        </button>
        <p id={errorId} className="newsletter__error" role="alert">
          {invalid ? MESSAGES.email : ''}
        </p>
      </form>
      {hydrated &&
        createPortal(
        <Modal
          open={status === 'success'}
          onClose={() => setStatus('idle')}
          title={NEWSLETTER_SUCCESS_TITLE}
          closeLabel="Continue Shopping"
        >
          <p>You’re signed up! Watch your inbox for our latest deals, new arrivals and store events.</p>
        </Modal>,
        document.body,
      )}
    </section>
  );
}
