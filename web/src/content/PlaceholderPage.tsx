import { Link, useLoaderData, useSearchParams } from 'react-router';
import { CUSTOMER_SERVICE_PHONE, type PlaceholderPageDef } from './siteLinks';
import './content.css';

/** A page of a later issue: the right title, a short description and ways on. */
export function PlaceholderPage() {
  const page = useLoaderData() as PlaceholderPageDef;
  const { title } = page;
  return (
    <article className="content-page content-page--placeholder">
      <title>{`${title} | Storefront`}</title>
      <h1>{title}</h1>
      <p>{page.description}</p>
      <p className="content-page__notice">This page is coming soon.</p>
      <p>
        Need help now? Call customer service at{' '}
        <a href={`tel:+1${CUSTOMER_SERVICE_PHONE.replace(/\D/g, '').slice(1)}`}>{CUSTOMER_SERVICE_PHONE}</a>.
      </p>
      <p>
        <Link to="/" className="button">
          Continue shopping
        </Link>
      </p>
    </article>
  );
}

/** /s/?keyword=…: 'Results for "{keyword}"'. */
export function SearchResultsPage() {
  const [params] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim();
  const title = keyword ? `Results for "${keyword}"` : 'Search';
  return (
    <article className="content-page content-page--placeholder">
      <title>{`${title} | Storefront`}</title>
      <h1>{title}</h1>
      {keyword ? (
        <p className="content-page__notice">Search results are coming soon.</p>
      ) : (
        <p>Enter a search term above to find products.</p>
      )}
      <p>
        <Link to="/" className="button">
          Shop by department
        </Link>
      </p>
    </article>
  );
}
