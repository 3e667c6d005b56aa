import { useEffect, useId, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Department } from '../../shared/api/types';
import type { ProductSummary } from '../../shared/api/productSummary';
import { SORT_OPTIONS, type SearchItem } from '../../shared/api/search';
import { GENERIC_ERROR_MESSAGE } from '../../shared/ui/errors';
import { compareProblem, toggleCompare } from '../../search/compare';
import { rangeText } from '../../search/pagination';
import {
  clearRefinements,
  compareItems,
  getParam,
  hasRefinements,
  PAGE_SIZES,
  removeRange,
  toggleFacetValue,
  withCompareItems,
  withPage,
  withPageSize,
  withSearchWithin,
  withSort,
} from '../../search/state';
import { trackResultClick } from '../../search/tracking';
import type { Listing } from '../useListing';
import { BackToTop } from './BackToTop';
import { CompareBar, CompareDialog } from './Compare';
import { ExplainDialog, MoreLikeThisDialog } from './Dialogs';
import { FacetPanel } from './FacetPanel';
import { Pagination } from './Pagination';
import { ProductCard } from './ProductCard';

export interface ListingViewProps {
  listing: Listing;
  /** The page heading (h1). */
  title: string;
  /** Above the heading (a landing page's breadcrumb). */
  breadcrumb?: ReactNode;
  /** Between the heading and the results ('did you mean'). */
  notice?: ReactNode;
  /** Shown instead of results when nothing matches and nothing is filtered. */
  empty: ReactNode;
  /** Shown when there is nothing to search for (the search page without a keyword). */
  idle?: ReactNode;
  /** After the results (recent searches). */
  aside?: ReactNode;
  tree: readonly Department[];
  landingTrail?: readonly Department[];
}

/** A result list page: heading, facets, toolbar, product grid, pagination, compare, dialogs. */
export function ListingView({
  listing,
  title,
  breadcrumb,
  notice,
  empty,
  idle,
  aside,
  tree,
  landingTrail = [],
}: ListingViewProps) {
  const headingId = useId();
  const filtersId = useId();
  const filtersHeadingId = useId();
  const resultsHeadingId = useId();
  const { state, answer, status } = listing;
  // The compare list is in the URL; a box changes at once, the URL follows.
  const urlItems = compareItems(state);
  const urlKey = urlItems.join(',');
  const [pendingItems, setPendingItems] = useState<string[] | null>(null);
  useEffect(() => setPendingItems(null), [urlKey]);
  const items = pendingItems ?? urlItems;
  const [compareMessage, setCompareMessage] = useState<string | null>(null);
  const [comparing, setComparing] = useState(false);
  const [similarTo, setSimilarTo] = useState<SearchItem | null>(null);
  const [detailsOf, setDetailsOf] = useState<SearchItem | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);

  function setCompare(next: string[]) {
    setPendingItems(next);
    listing.go(withCompareItems(state, next), { replace: true });
  }

  function onCompareChange(id: string, checked: boolean) {
    const change = toggleCompare(items, id, checked);
    setCompareMessage(change.message);
    if (change.items.join(',') !== items.join(',')) setCompare(change.items);
  }

  function onCompare() {
    const problem = compareProblem(items);
    setCompareMessage(problem);
    if (!problem) setComparing(true);
  }

  function onOpen(product: ProductSummary, position: number, event: MouseEvent<HTMLAnchorElement>, mlt = false) {
    trackResultClick(
      {
        blainNumber: product.blainNumber,
        url: product.url,
        queryId: listing.queryId,
        index: position,
        keyword: listing.answerState?.keyword ?? null,
        moreLikeThis: mlt,
      },
      event,
    );
  }

  const refined = hasRefinements(state);
  const appliedCount = (answer?.applied.length ?? 0) + (getParam(state, 'searchWithin') ? 1 : 0);
  const offset = answer ? (answer.pg - 1) * answer.mpp : 0;

  return (
    <div className="listing">
      {breadcrumb}
      <div className="listing__head">
        <h1 id={headingId} className="listing__title" tabIndex={-1}>
          {title}
        </h1>
        <p className="listing__count" role="status">
          {answer && status !== 'notfound' ? rangeText(answer.pg, answer.mpp, answer.total) : ''}
        </p>
      </div>

      {listing.urlError && (
        <p role="alert" className="listing-error">
          {listing.urlError} <Link to={listing.href({ ...state, pg: 1 })}>Start over</Link>
        </p>
      )}
      {notice}
      {status === 'idle' && idle}
      {status === 'error' && (
        <div role="alert" className="listing-error">
          <p>{GENERIC_ERROR_MESSAGE}</p>
          <button type="button" className="button button--secondary" onClick={listing.retry}>
            Try again
          </button>
        </div>
      )}
      {!answer && status === 'loading' && (
        <p role="status" className="page-loading">
          Loading products…
        </p>
      )}

      {answer && status !== 'idle' && (
        <div className="listing__body">
          <button
            type="button"
            className="button button--secondary listing__filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((o) => !o)}
          >
            Filters{appliedCount > 0 ? ` (${appliedCount})` : ''}
          </button>
          <aside
            id={filtersId}
            className="listing__facets"
            data-open={filtersOpen}
            aria-labelledby={filtersHeadingId}
          >
            <h2 id={filtersHeadingId} className="listing__facets-title">
              Filters
            </h2>
            <FacetPanel
              kind={listing.kind}
              facets={answer.facets}
              state={state}
              go={listing.go}
              tree={tree}
              landingTrail={landingTrail}
            />
          </aside>

          <section
            className={`listing__results${listing.loading ? ' listing__results--loading' : ''}`}
            aria-labelledby={resultsHeadingId}
            aria-busy={listing.loading || undefined}
          >
            <h2 id={resultsHeadingId} className="visually-hidden">
              Results
            </h2>
            <Toolbar listing={listing} />
            <AppliedFilters listing={listing} />
            {answer.total === 0 ? (
              refined ? (
                <div className="listing-empty">
                  <p>No products match these filters.</p>
                  <button type="button" className="button" onClick={() => listing.go(clearRefinements(state))}>
                    Clear all filters
                  </button>
                </div>
              ) : (
                <div className="listing-empty">{empty}</div>
              )
            ) : answer.items.length === 0 ? (
              <div className="listing-empty">
                <p>There are no more results.</p>
                <Link to={listing.href(withPage(state, 1))}>Go to the first page</Link>
              </div>
            ) : (
              <ul className="listing__grid" aria-labelledby={resultsHeadingId}>
                {answer.items.map((item, i) => (
                  <ProductCard
                    key={item.blainNumber}
                    item={item}
                    index={offset + i + 1}
                    eagerImage={i < 4}
                    compared={items.includes(item.blainNumber)}
                    onCompareChange={onCompareChange}
                    onOpen={(p, position, event) => onOpen(p, position, event)}
                    onMoreLikeThis={setSimilarTo}
                    onDetails={setDetailsOf}
                  />
                ))}
              </ul>
            )}
            <Pagination
              pg={answer.pg}
              pageCount={answer.pageCount}
              hrefFor={(pg) => listing.href(withPage(state, pg))}
              onPage={(pg) => listing.go(withPage(state, pg), { scroll: true })}
            />
          </section>
        </div>
      )}

      {aside}

      <CompareBar
        items={items}
        message={compareMessage}
        onRemove={(id) => onCompareChange(id, false)}
        onClear={() => {
          setCompareMessage(null);
          setCompare([]);
        }}
        onCompare={onCompare}
      />
      <CompareDialog
        items={items}
        open={comparing}
        onClose={() => setComparing(false)}
        onRemove={(id) => onCompareChange(id, false)}
      />
      <MoreLikeThisDialog
        item={similarTo}
        onClose={() => setSimilarTo(null)}
        onOpen={(p, position, event) => onOpen(p, position, event, true)}
      />
      <ExplainDialog item={detailsOf} request={listing.request} onClose={() => setDetailsOf(null)} />
      <BackToTop focusTargetId={headingId} />
    </div>
  );
}

/** Search within, sort and page size. */
function Toolbar({ listing }: { listing: Listing }) {
  const { state } = listing;
  const withinId = useId();
  const sortId = useId();
  const sizeId = useId();
  const within = getParam(state, 'searchWithin') ?? '';
  const [text, setText] = useState(within);
  useEffect(() => setText(within), [within]);
  const sort = getParam(state, 'sort') ?? 'relevance';
  const sizes = PAGE_SIZES.includes(state.mpp) ? PAGE_SIZES : [...PAGE_SIZES, state.mpp].sort((a, b) => a - b);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    listing.go(withSearchWithin(state, text));
  }

  return (
    <div className="listing-toolbar">
      <form className="listing-toolbar__within" role="search" aria-label="Search within results" onSubmit={onSubmit}>
        <label htmlFor={withinId}>Search within results</label>
        <div className="listing-toolbar__within-row">
          <input
            id={withinId}
            type="search"
            name="searchWithin"
            value={text}
            maxLength={150}
            onChange={(e) => setText(e.currentTarget.value)}
            autoComplete="off"
          />
          <button type="submit" className="button button--secondary">
            Go<span className="visually-hidden">: search within results</span>
          </button>
        </div>
      </form>
      <div className="listing-toolbar__select">
        <label htmlFor={sortId}>Sort by</label>
        <select id={sortId} value={sort} onChange={(e) => listing.go(withSort(state, e.currentTarget.value))}>
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
          {!SORT_OPTIONS.some((o) => o.value === sort) && <option value={sort}>{sort}</option>}
        </select>
      </div>
      <div className="listing-toolbar__select">
        <label htmlFor={sizeId}>Items per page</label>
        <select
          id={sizeId}
          value={state.mpp}
          onChange={(e) => listing.go(withPageSize(state, Number(e.currentTarget.value)))}
        >
          {sizes.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** The filters applied, each removable, and 'Clear all'. */
function AppliedFilters({ listing }: { listing: Listing }) {
  const { state, answer } = listing;
  const within = getParam(state, 'searchWithin');
  const applied = answer?.applied ?? [];
  if (applied.length === 0 && !within) return null;
  return (
    <div className="applied-filters">
      <h3 className="visually-hidden">Filters applied</h3>
      <ul className="applied-filters__list">
        {within && (
          <li>
            <button type="button" className="chip" onClick={() => listing.go(withSearchWithin(state, null))}>
              <span>Within: {within}</span>
              <span aria-hidden="true"> ×</span>
              {' '}<span className="visually-hidden">(remove)</span>
            </button>
          </li>
        )}
        {applied.map((a) => (
          <li key={`${a.name}=${a.value}`}>
            <button
              type="button"
              className="chip"
              onClick={() =>
                listing.go(
                  a.name === 'price' || !state.facets.some((f) => f.name === a.name)
                    ? removeRange(state, a.name)
                    : toggleFacetValue(state, a.name, a.value, false),
                )
              }
            >
              <span>
                {a.label}: {a.valueLabel}
              </span>
              <span aria-hidden="true"> ×</span>
              {' '}<span className="visually-hidden">(remove)</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="link-button applied-filters__clear" onClick={() => listing.go(clearRefinements(state))}>
        Clear all
      </button>
    </div>
  );
}
