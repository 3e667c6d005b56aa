import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';
import { loginHref } from '../../account/signInLinks';

/**
 * What a guest gets for 'Write a review': Sign In and Create Account, back to this page after.
 * The links are the app's sign-in page (`/account/login/?refUrl=<this page>`, `&create=1` to
 * create an account), which the page-wide sign-in links open in the sign-in panel; a signed-in
 * session then shows the form in place of this. Takes focus when shown.
 */
export function SignInPrompt({ message }: { message?: string | null }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <section className="reviews-sign-in" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="review-form__title">
        Sign in to write a review
      </h3>
      <p>{message || 'Reviews come from our customers. Sign in, or create an account, to share yours.'}</p>
      <p className="reviews-sign-in__links">
        <a className="button" href={loginHref(here)}>
          Sign In
        </a>
        <a className="button button--secondary" href={loginHref(here, true)}>
          Create Account
        </a>
      </p>
    </section>
  );
}
