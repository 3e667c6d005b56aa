import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { GENERIC_ERROR_MESSAGE } from '../../shared/ui/errors';

/**
 * Rendered inside the shell when a route fails: a thrown error, or a route
 * module that can't be fetched (e.g. an old tab after a new deploy).
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  if (notFound) {
    return (
      <section aria-labelledby="route-error-heading">
        <title>Page not found | Storefront</title>
        <h1 id="route-error-heading">Page not found</h1>
        <p>
          <Link to="/">Go to the home page</Link>
        </p>
      </section>
    );
  }

  return (
    <section aria-labelledby="route-error-heading">
      <title>Error | Storefront</title>
      <h1 id="route-error-heading">Sorry</h1>
      <p role="alert">{GENERIC_ERROR_MESSAGE}</p>
      <p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload page
        </button>
      </p>
    </section>
  );
}
