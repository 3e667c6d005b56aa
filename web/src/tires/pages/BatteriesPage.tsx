import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { searchBatteries, TIRE_SORTS, type ListingResults, type ListingType, type TireSort } from '../../shared/api/tires';
import { Markdown } from '../../content/markdown';
import batteriesMarkdown from '../../content/pages/batteries.md?raw';
import { reportError } from '../../shared/ui/errors';
import { ProductCard } from '../components/ProductCard';
import { readPage, readSort, SORT_LABELS } from '../sizeState';
import '../../content/content.css';
import '../tires.css';

/** The batteries page's Markdown (src/content/pages/batteries.md) without its title: intro, then the rest. */
const [INTRO = '', ...REST] = batteriesMarkdown.replace(/^#\s[^\n]*\n+/, '').split(/\n\s*\n/);
const ABOUT = REST.join('\n\n');

const ERROR_MESSAGE = 'Something went wrong. Please try again later.';
const DETAILS = ['Group Size', 'Cold Cranking Amps', 'Voltage', 'Amperage', 'Warranty'] as const;

/** The kinds of battery (the department's sub-departments with counts), asked once per page load. */
let typesPromise: Promise<ListingType[]> | null = null;
function batteryTypes(): Promise<ListingType[]> {
  typesPromise ??= searchBatteries({}).then(
    (r) => r.types.filter((t) => !t.selected),
    (error) => {
      typesPromise = null;
      throw error;
    },
  );
  return typesPromise;
}

/** Forgets the kinds (tests). */
export function resetBatteryTypes(): void {
  typesPromise = null;
}

function detailText(name: (typeof DETAILS)[number], value: string): string {
  switch (name) {
    case 'Group Size':
      return `Group ${value}`;
    case 'Cold Cranking Amps':
      return `${value} CCA`;
    case 'Warranty':
      return `${value} warranty`;
    default:
      return value;
  }
}

/** '?type=140201&sort=price-asc' (page 1 and the default sort left out). */
function query(type: string | null, sort: TireSort, pg = 1): string {
  const p = new URLSearchParams();
  if (type) p.set('type', type);
  if (sort !== 'relevance') p.set('sort', sort);
  if (pg > 1) p.set('pg', String(pg));
  const s = p.toString();
  return s ? `?${s}` : '?';
}

type State =
  | { status: 'loading'; key: string }
  | { status: 'error'; key: string }
  | { status: 'success'; key: string; results: ListingResults };

/**
 * /batteries/: the batteries department as a listing, narrowed by kind
 * (automotive, marine & RV, …) and sorted, all in the query string; the
 * page's content (testing, installation, choosing) below.
 */
export function BatteriesPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const type = /^\d{1,9}$/.test(params.get('type') ?? '') ? params.get('type') : null;
  const sort = readSort(params);
  const pg = readPage(params);
  const key = `${type}|${sort}|${pg}`;

  const [types, setTypes] = useState<ListingType[]>([]);
  const [state, setState] = useState<State>({ status: 'loading', key });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    batteryTypes().then(
      (t) => live && setTypes(t),
      (error) => reportError(error),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading', key });
    searchBatteries({ type, sort, pg }, controller.signal).then(
      (results) => setState({ status: 'success', key, results }),
      (error) => {
        if (controller.signal.aborted) return;
        reportError(error);
        setState({ status: 'error', key });
      },
    );
    return () => controller.abort();
  }, [key, type, sort, pg, attempt]);

  const current: State = state.key === key ? state : { status: 'loading', key };
  const chosen = types.find((t) => t.id === type);
  const heading = chosen ? chosen.label : 'All batteries';
  const total = types.reduce((n, t) => n + t.count, 0);

  return (
    <article className="tires-page batteries-page">
      <title>{chosen ? `${chosen.label} | Batteries | Storefront` : 'Batteries | Storefront'}</title>
      <h1>Batteries</h1>
      <div className="tires-page__intro">
        <Markdown source={INTRO} />
      </div>

      {types.length > 0 && (
        <nav className="battery-types" aria-label="Kinds of battery">
          <ul>
            <li>
              <Link to={query(null, sort)} aria-current={type === null ? 'page' : undefined}>
                All batteries{total > 0 ? ` (${total})` : ''}
              </Link>
            </li>
            {types.map((t) => (
              <li key={t.id}>
                <Link to={query(t.id, sort)} aria-current={t.id === type ? 'page' : undefined}>
                  {t.label} ({t.count})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <section className="tire-results" aria-labelledby={`${id}-heading`} aria-busy={current.status === 'loading' || undefined}>
        <div className="tire-results__bar">
          <h2 id={`${id}-heading`}>{heading}</h2>
          <div className="tire-results__sort">
            <label htmlFor={`${id}-sort`}>Sort by</label>
            <select
              id={`${id}-sort`}
              value={sort}
              onChange={(e) => setParams(query(type, e.target.value as TireSort), { preventScrollReset: true })}
            >
              {TIRE_SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="tire-results__status" role="status" data-testid="battery-results-status">
          {current.status === 'loading'
            ? 'Loading batteries…'
            : current.status === 'error'
              ? ERROR_MESSAGE
              : `${current.results.total} ${current.results.total === 1 ? 'product' : 'products'}`}
        </p>
        {current.status === 'error' && (
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        )}
        {current.status === 'success' && current.results.items.length > 0 && (
          <>
            <ul className="auto-grid" data-testid="battery-results">
              {current.results.items.map((p) => (
                <ProductCard key={p.blainNumber} product={p}>
                  <p className="auto-card__detail">
                    {DETAILS.filter((d) => p.attributes[d])
                      .map((d) => detailText(d, p.attributes[d]!))
                      .join(' · ')}
                  </p>
                </ProductCard>
              ))}
            </ul>
            {current.results.pageCount > 1 && (
              <nav className="auto-pages" aria-label="Pages">
                {pg > 1 ? (
                  <Link className="button button--secondary" to={query(type, sort, pg - 1)}>
                    Previous page
                  </Link>
                ) : null}
                <span>
                  Page {current.results.pg} of {current.results.pageCount}
                </span>
                {pg < current.results.pageCount ? (
                  <Link className="button button--secondary" to={query(type, sort, pg + 1)}>
                    Next page
                  </Link>
                ) : null}
              </nav>
            )}
          </>
        )}
      </section>

      <section className="content-page tires-page__about" aria-label="About batteries">
        <Markdown source={ABOUT} />
      </section>
    </article>
  );
}
