import { Link } from 'react-router';

/** Route module for any path the app doesn't know. */
export function NotFoundPage() {
  return (
    <section className="not-found" aria-labelledby="not-found-heading">
      <title>Page not found | Storefront</title>
      <h1 id="not-found-heading">Page not found</h1>
      <p>Sorry, we couldn’t find the page you were looking for.</p>
      <p>Try searching above, or start again from the home page.</p>
      <p>
        <Link to="/" className="button">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
