import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { addRecentSearch, clearRecentSearches, readRecentSearches, type RecentSearch } from '../../search/recent';
import { hasRefinements } from '../../search/state';
import { searchUrl } from '../../shell/components/SearchForm';
import { useHydrated } from '../../shared/ui/useHydrated';
import { ListingView } from '../components/ListingView';
import { RecentSearches } from '../components/RecentSearches';
import { useDepartmentTree } from '../useDepartmentTree';
import { useListing } from '../useListing';
import '../listing.css';

/**
 * The heading of the search page: 'Results for "rope"'; without a keyword, 'All products'
 * when the page lists them (a sort or filter was chosen), else 'Search'.
 */
export function searchTitle(keyword: string | null, listsAll = false): string {
  if (keyword) return `Results for "${keyword}"`;
  return listsAll ? 'All products' : 'Search';
}

const NO_SEARCHES: RecentSearch[] = [];

/**
 * /s/?keyword=… — site search results (accounts-rewards-search spec §2.4): the header's box
 * shows the keyword; facets, sort, page size, search-within and pages live in the URL.
 */
export function SearchPage() {
  const listing = useListing({ kind: 'search' });
  const { state, answer, status } = listing;
  const keyword = state.keyword;
  const title = searchTitle(keyword, listing.searchable);
  const tree = useDepartmentTree(answer !== null);
  const [recent, setRecent] = useState(() => readRecentSearches());
  // The browser's cookie: not there when the page is rendered on the server.
  const hydrated = useHydrated();

  // A search (not a refinement of it) goes to the recent searches, with its count; once
  // per answer.
  const recorded = useRef<unknown>(null);
  const answerState = listing.answerState;
  useEffect(() => {
    if (status !== 'ready' || !answer?.keyword || recorded.current === answer) return;
    recorded.current = answer;
    if (!hasRefinements(answerState ?? state)) setRecent(addRecentSearch(answer.keyword, answer.total));
  }, [status, answer, answerState, state]);

  const recentList = (
    <RecentSearches
      searches={hydrated ? recent : NO_SEARCHES}
      current={keyword}
      onClear={() => {
        clearRecentSearches();
        setRecent([]);
      }}
    />
  );

  const didYouMean = answer?.didYouMean;
  return (
    <>
      <title>{`${title} | Storefront`}</title>
      <ListingView
        listing={listing}
        title={title}
        tree={tree}
        notice={
          didYouMean && status !== 'loading' ? (
            <p className="did-you-mean">
              Did you mean <Link to={searchUrl(didYouMean)}>{didYouMean}</Link>?
            </p>
          ) : null
        }
        empty={
          <>
            <p className="listing-empty__lead">
              We couldn’t find any results for <strong>“{keyword}”</strong>.
            </p>
            <ul className="listing-empty__tips">
              <li>Check the spelling, or try fewer or more general words.</li>
              <li>Search by product number or brand.</li>
            </ul>
            <p>
              <Link to="/" className="button">
                Shop by department
              </Link>
            </p>
          </>
        }
        idle={
          <div className="listing-empty">
            <p>Enter a search term above to find products.</p>
            <p>
              <Link to="/" className="button">
                Shop by department
              </Link>
            </p>
          </div>
        }
        aside={recentList}
      />
    </>
  );
}
