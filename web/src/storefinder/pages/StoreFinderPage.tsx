import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { fetchAllStores, type Store } from '../../shared/api/stores';
import { storeHref } from '../../content/siteLinks';
import { loadHeaderData, useCurrentStoreNum } from '../../session/headerData';
import { StoreResults } from '../components/StoreResults';
import { StoreSearchForm } from '../components/StoreSearchForm';
import { CurrentHours } from '../components/CurrentHours';
import { stateName, storeTitle, telHref } from '../format';
import { STORE_MESSAGES } from '../messages';
import { useStoreSearch } from '../useStoreSearch';
import '../storefinder.css';

type ListState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'success'; stores: Store[] };

function groupByState(stores: Store[]): Array<[string, Store[]]> {
  const groups = new Map<string, Store[]>();
  for (const store of stores) {
    const list = groups.get(store.state) ?? [];
    list.push(store);
    groups.set(store.state, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => stateName(a).localeCompare(stateName(b)))
    .map(([state, list]) => [state, list.sort((a, b) => a.city.localeCompare(b.city))]);
}

/** /store-finder/: search by ZIP or location, and every store by state. */
export function StoreFinderPage() {
  const currentStoreNum = useCurrentStoreNum();
  const search = useStoreSearch({ currentStoreNum: null });
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    void loadHeaderData();
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    setList({ status: 'loading' });
    fetchAllStores(controller.signal)
      .then((stores) => setList({ status: 'success', stores }))
      .catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setList({ status: 'error' });
      });
    return () => controller.abort();
  }, [attempt]);

  const groups = useMemo(() => (list.status === 'success' ? groupByState(list.stores) : []), [list]);
  const searched = search.state.status !== 'idle';
  const busy = search.state.status === 'loading' || search.state.status === 'locating';

  return (
    <div className="store-finder">
      <title>Store Finder | Storefront</title>
      <h1>Store Finder</h1>
      <p className="store-finder__intro">
        Find a store near you for in-store shopping, free store pickup, same-day local delivery and
        automotive service.
      </p>

      <section className="store-finder__search" aria-labelledby="store-finder-search-heading">
        <h2 id="store-finder-search-heading">Find stores near you</h2>
        <StoreSearchForm
          onZip={(zip) => void search.searchZip(zip)}
          onMyLocation={() => void search.searchMyLocation()}
          serverZipError={search.state.zipError}
          busy={busy}
        />
        {searched && (
          <StoreResults
            state={search.state}
            currentStoreNum={currentStoreNum}
            label="Stores near you"
          />
        )}
      </section>

      <section className="store-finder__all" aria-labelledby="store-finder-all-heading">
        <h2 id="store-finder-all-heading">All stores</h2>
        {list.status === 'loading' && (
          <p role="status" className="store-results__loading">
            Loading stores…
          </p>
        )}
        {list.status === 'error' && (
          <div role="alert" className="store-finder__error">
            <p>{STORE_MESSAGES.generic}</p>
            <button type="button" className="button button--secondary" onClick={() => setAttempt((a) => a + 1)}>
              Try again
            </button>
          </div>
        )}
        {list.status === 'success' && (
          <>
            <p className="store-finder__count">
              {list.stores.length} stores in {groups.length} states
            </p>
            <nav aria-label="States" className="store-finder__states">
              <ul>
                {groups.map(([state]) => (
                  <li key={state}>
                    <a href={`#state-${state}`}>{stateName(state)}</a>
                  </li>
                ))}
              </ul>
            </nav>
            {groups.map(([state, stores]) => (
              <section key={state} className="store-finder__state" aria-labelledby={`state-${state}`}>
                <h3 id={`state-${state}`} tabIndex={-1}>
                  {stateName(state)} <span className="store-finder__state-count">({stores.length})</span>
                </h3>
                <ul className="store-finder__grid">
                  {stores.map((store) => (
                    <li key={store.storeNum} className="store-finder__store">
                      <Link to={storeHref(store.urlAlias)} className="store-finder__store-name">
                        {storeTitle(store)}
                      </Link>
                      {store.storeNum === currentStoreNum && <span className="store-card__badge">My Store</span>}
                      <address>
                        {store.address1}
                        <br />
                        {store.city}, {store.state} {store.zip}
                      </address>
                      <a href={telHref(store.phone)}>{store.phone}</a>
                      <CurrentHours store={store} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </>
        )}
      </section>
    </div>
  );
}
