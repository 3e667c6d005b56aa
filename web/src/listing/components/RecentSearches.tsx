import { Link } from 'react-router';
import type { RecentSearch } from '../../search/recent';
import { searchUrl } from '../../shell/components/SearchForm';

/** Links to the shopper's recent searches (the cookie), the current keyword left out. */
export function RecentSearches({
  searches,
  current,
  onClear,
}: {
  searches: readonly RecentSearch[];
  current?: string | null;
  onClear?: () => void;
}) {
  const shown = searches.filter((s) => s.keyword.toLowerCase() !== (current ?? '').trim().toLowerCase());
  if (shown.length === 0) return null;
  return (
    <section className="recent-searches" aria-labelledby="recent-searches-heading">
      <h2 id="recent-searches-heading" className="recent-searches__title">
        Recent searches
      </h2>
      <ul className="recent-searches__list">
        {shown.map((s) => (
          <li key={s.keyword}>
            <Link to={searchUrl(s.keyword)}>{s.keyword}</Link>
          </li>
        ))}
      </ul>
      {onClear && (
        <button type="button" className="link-button recent-searches__clear" onClick={onClear}>
          Clear recent searches
        </button>
      )}
    </section>
  );
}
