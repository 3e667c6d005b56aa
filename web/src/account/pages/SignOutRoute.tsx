/**
 * /account/logout/ is the server's (a GET that ends the session and answers 303): a Sign Out
 * link must load it as a document. This route only catches a client-side navigation there
 * (a router `<Link>`) and turns it into that document load; no page of the app renders
 * instead of the server's answer.
 */
import type { LoaderFunctionArgs } from 'react-router';
import { AccountPageHead } from './common';
import { loadPage } from './navigation';

export const SIGN_OUT_TITLE = 'Sign Out';

export function loader({ request }: LoaderFunctionArgs): Promise<null> | null {
  // The document is already this URL (the first load, a server that did not answer it):
  // loading it again would never end, so the page below shows instead.
  if (request.url === window.location.href) return null;
  loadPage(request.url);
  // The browser leaves: the navigation stays pending until it does.
  return new Promise<null>(() => {});
}

export function Component() {
  return (
    <article className="account-page account-page--narrow">
      <AccountPageHead title={SIGN_OUT_TITLE} />
      <h1 className="account-page__title">{SIGN_OUT_TITLE}</h1>
      <p>We could not sign you out just now. Please try again in a moment.</p>
      <p>
        <a href="/" className="button">
          Continue shopping
        </a>
      </p>
    </article>
  );
}
