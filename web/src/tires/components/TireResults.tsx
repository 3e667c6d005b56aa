import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { formatTireSize, searchTires, TIRE_SORTS, type TireResults as Results, type TireSize, type TireSort } from '../../shared/api/tires';
import { reportError } from '../../shared/ui/errors';
import { SORT_LABELS } from '../sizeState';
import { TireCard } from './TireCard';

export const RESULTS_ERROR_MESSAGE = 'Something went wrong. Please try again later.';

interface Props {
  size: TireSize;
  sort: TireSort;
  pg: number;
  onSort: (sort: TireSort) => void;
  onPage: (pg: number) => void;
}

type State =
  | { status: 'loading'; key: string }
  | { status: 'error'; key: string }
  | { status: 'success'; key: string; results: Results };

/** '3 tires', '1 tire' */
export function tireCount(n: number): string {
  return `${n} ${n === 1 ? 'tire' : 'tires'}`;
}

/** The tires of one size: count, sort, cards and paging. */
export function TireResults({ size, sort, pg, onSort, onPage }: Props) {
  const id = useId();
  const key = `${formatTireSize(size)}|${sort}|${pg}`;
  const { width, ratio, rim } = size;
  const [state, setState] = useState<State>({ status: 'loading', key });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading', key });
    searchTires({ width, ratio, rim }, { sort, pg }, controller.signal).then(
      (results) => setState({ status: 'success', key, results }),
      (error) => {
        if (controller.signal.aborted) return;
        reportError(error);
        setState({ status: 'error', key });
      },
    );
    return () => controller.abort();
  }, [key, width, ratio, rim, sort, pg, attempt]);

  const current = state.key === key ? state : ({ status: 'loading', key } as State);
  const label = formatTireSize(size);
  const status =
    current.status === 'loading'
      ? `Finding ${label} tires…`
      : current.status === 'error'
        ? RESULTS_ERROR_MESSAGE
        : `${tireCount(current.results.total)} found in size ${label}.`;

  return (
    <section className="tire-results" aria-labelledby={`${id}-heading`} aria-busy={current.status === 'loading' || undefined}>
      <div className="tire-results__bar">
        <h2 id={`${id}-heading`}>{label} tires</h2>
        <div className="tire-results__sort">
          <label htmlFor={`${id}-sort`}>Sort by</label>
          <select id={`${id}-sort`} value={sort} onChange={(e) => onSort(e.target.value as TireSort)}>
            {TIRE_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="tire-results__status" role="status" data-testid="tire-results-status">
        {status}
      </p>
      {current.status === 'error' && (
        <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      )}
      {current.status === 'success' && current.results.items.length === 0 && (
        <p>
          We don't carry tires in size {label} online right now. Try another size, or ask your{' '}
          <Link to="/store-finder/">local auto center</Link>.
        </p>
      )}
      {current.status === 'success' && current.results.items.length > 0 && (
        <>
          <ul className="auto-grid" data-testid="tire-results">
            {current.results.items.map((p) => (
              <TireCard key={p.blainNumber} product={p} />
            ))}
          </ul>
          {current.results.pageCount > 1 && (
            <nav className="auto-pages" aria-label="Pages">
              <button
                type="button"
                className="button button--secondary"
                disabled={pg <= 1}
                onClick={() => onPage(pg - 1)}
              >
                Previous page
              </button>
              <span>
                Page {current.results.pg} of {current.results.pageCount}
              </span>
              <button
                type="button"
                className="button button--secondary"
                disabled={pg >= current.results.pageCount}
                onClick={() => onPage(pg + 1)}
              >
                Next page
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
