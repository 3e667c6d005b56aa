import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductSummary } from '../../shared/api/productSummary';
import { fetchExplain, fetchSimilar, type ItemExplain, type SearchItem } from '../../shared/api/search';
import { GENERIC_ERROR_MESSAGE } from '../../shared/ui/errors';
import { Dialog } from './Dialog';
import { PriceText, ProductImage } from './ProductCard';

type Loadable<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error' };

function useLoad<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Loadable<T> {
  const [state, setState] = useState<Loadable<T>>({ status: 'loading' });
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    loader.current(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ status: 'ready', data }),
      () => !controller.signal.aborted && setState({ status: 'error' }),
    );
    return () => controller.abort();
  }, [key]);
  return state;
}

/** More Like This: products like the chosen one. */
export function MoreLikeThisDialog({
  item,
  onClose,
  onOpen,
}: {
  item: SearchItem | null;
  onClose: () => void;
  onOpen: (product: ProductSummary, index: number, event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const load = useLoad(item?.blainNumber ?? null, (signal) => fetchSimilar(item!.blainNumber, signal));
  return (
    <Dialog open={item !== null} onClose={onClose} title={item ? `More like ${item.name}` : 'More Like This'} wide>
      {load.status === 'loading' && <p role="status">Loading similar products…</p>}
      {load.status === 'error' && (
        <p role="alert" className="listing-error">
          {GENERIC_ERROR_MESSAGE}
        </p>
      )}
      {load.status === 'ready' &&
        (load.data.length === 0 ? (
          <p>No similar products found.</p>
        ) : (
          <ul className="mini-grid" aria-label="Similar products">
            {load.data.map((p, i) => (
              <li key={p.blainNumber} className="mini-card">
                <Link
                  to={p.url}
                  onClick={(event) => {
                    onOpen(p, i + 1, event);
                    onClose();
                  }}
                >
                  <ProductImage product={p} size={120} />
                  <span className="mini-card__name">{p.name}</span>
                </Link>
                {p.vendorBrand && <p className="mini-card__brand">{p.vendorBrand}</p>}
                <PriceText product={p} />
              </li>
            ))}
          </ul>
        ))}
    </Dialog>
  );
}

const FIELD_LABELS: Record<string, string> = {
  name: 'name',
  brand: 'brand',
  keywords: 'department',
  attributes: 'attributes',
  description: 'description',
  number: 'product number',
};

const FILTER_LABELS: Record<string, string> = {
  lp: 'this department',
  department: 'the department filter',
  brand: 'the brand filter',
  price: 'the price range',
  availability: 'the availability filter',
};

/** Item details (explain): the product's searchable fields and why it matches the search. */
export function ExplainDialog({
  item,
  request,
  onClose,
}: {
  item: SearchItem | null;
  /** The search's query (as sent to /api/search). */
  request: string | null;
  onClose: () => void;
}) {
  const key = item ? `${request ?? ''}|${item.blainNumber}` : null;
  const load = useLoad<ItemExplain>(key, (signal) => fetchExplain(request ?? '', item!.blainNumber, signal));
  return (
    <Dialog open={item !== null} onClose={onClose} title="Item details" wide>
      {load.status === 'loading' && <p role="status">Loading item details…</p>}
      {load.status === 'error' && (
        <p role="alert" className="listing-error">
          {GENERIC_ERROR_MESSAGE}
        </p>
      )}
      {load.status === 'ready' && <ExplainBody explain={load.data} />}
    </Dialog>
  );
}

function ExplainBody({ explain }: { explain: ItemExplain }) {
  const f = explain.fields;
  return (
    <div className="explain">
      <p className="explain__summary">
        {explain.matched
          ? 'This item is among the results of this search.'
          : explain.inIndex
            ? 'This item is not among the results of this search.'
            : 'This item is not searchable yet.'}
        {explain.numberMatched && ' The keyword is its product number.'}
      </p>
      {explain.failedFilters.length > 0 && (
        <p>
          Left out by {explain.failedFilters.map((name) => FILTER_LABELS[name] ?? `the ${name} filter`).join(', ')}.
        </p>
      )}
      {explain.words.length > 0 && (
        <table className="explain__words">
          <caption>Keyword words</caption>
          <thead>
            <tr>
              <th scope="col">Word</th>
              <th scope="col">Found in</th>
            </tr>
          </thead>
          <tbody>
            {explain.words.map((w) => (
              <tr key={w.word}>
                <th scope="row">
                  {w.word}
                  {w.synonymOf && <span className="explain__note"> (synonym of {w.synonymOf})</span>}
                </th>
                <td>
                  {w.matched
                    ? [
                        ...w.fields.map((x) => FIELD_LABELS[x] ?? x),
                        ...w.typos.map((t) => `${FIELD_LABELS[t.field] ?? t.field} as “${t.word}” (typo forgiven)`),
                      ].join(', ') || 'matched'
                    : 'not found'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="explain__fields">
        <Field term="Product number">{f.number}</Field>
        <Field term="Name">{f.name}</Field>
        {f.brand && <Field term="Brand">{f.brand}</Field>}
        {f.keywords.length > 0 && <Field term="Departments">{f.keywords.join(' › ')}</Field>}
        {f.attributes.map((a) => (
          <Field key={a.name} term={a.name}>
            {a.value}
          </Field>
        ))}
        {f.description && <Field term="Description">{f.description}</Field>}
      </dl>
    </div>
  );
}

function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="explain__field">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
