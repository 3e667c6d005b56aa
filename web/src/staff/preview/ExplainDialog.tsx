import { useEffect, useState } from 'react';
import { fetchStaffExplain, type ScoreNode, type StaffExplain } from '../api/explain';
import { staffErrorMessage } from '../api/staff';
import type { PreviewCard } from './dom';
import { PreviewDialog, Term } from './PreviewDialog';

type Loadable = { status: 'loading' } | { status: 'ready'; explain: StaffExplain } | { status: 'error'; message: string };

const FIELD_LABELS: Record<string, string> = {
  name: 'name',
  brand: 'brand',
  keywords: 'department names',
  attributes: 'attribute values',
  description: 'description',
  number: 'product number',
};

const FILTER_LABELS: Record<string, string> = {
  lp: 'the landing page',
  department: 'the department filter',
  brand: 'the brand filter',
  price: 'the price range',
  availability: 'the availability filter',
};

const SCORE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

function score(value: number | null): string {
  return value === null ? '—' : SCORE.format(value);
}

/**
 * Explain: why a result is where it is on this search (`GET /api/staff/search/explain` with the
 * page's own query string): whether it matches, each word of the keyword and where the product
 * holds it, its score and the score's parts, its pin, the in-store boost and the rules that
 * applied. A modal dialog (the browser's own: the page behind is inert, Escape closes it); the
 * focus goes back to the Explain button when it closes.
 */
export function ExplainDialog({ card, query, onClose }: { card: PreviewCard; query: string; onClose: () => void }) {
  const [load, setLoad] = useState<Loadable>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchStaffExplain(query, card.blainNumber, controller.signal).then(
      (explain) => !controller.signal.aborted && setLoad({ status: 'ready', explain }),
      (failure: unknown) => !controller.signal.aborted && setLoad({ status: 'error', message: staffErrorMessage(failure) }),
    );
    return () => controller.abort();
  }, [query, card.blainNumber]);

  return (
    <PreviewDialog title={`Explain: ${card.name}`} onClose={onClose}>
      {load.status === 'loading' && <p role="status">Loading the explanation…</p>}
      {load.status === 'error' && (
        <p role="alert" className="staff-preview-error">
          {load.message}
        </p>
      )}
      {load.status === 'ready' && <ExplainBody explain={load.explain} />}
    </PreviewDialog>
  );
}

function verdict(e: StaffExplain): string {
  if (!e.inIndex) return 'Not in the search index yet.';
  if (e.matched) return 'Matches this search: it is among the results.';
  if (e.failedFilters.length > 0) {
    const filters = e.failedFilters.map((f) => FILTER_LABELS[f] ?? `the ${f} filter`).join(', ');
    return `Does not match this search: left out by ${filters}.`;
  }
  return 'Does not match this search.';
}

function ExplainBody({ explain }: { explain: StaffExplain }) {
  const s = explain.scores;
  const f = explain.fields;
  return (
    <div className="staff-preview-explain">
      <p className="staff-preview-explain__verdict">
        {verdict(explain)}
        {explain.keywordMatched === false && explain.inIndex && ' The keyword alone does not match it.'}
        {explain.numberMatched && ' The keyword is its product number.'}
      </p>
      {s && (
        <dl className="staff-preview-explain__scores">
          <Term term="Score">
            {score(s.score)} {s.rankedByScore ? '(the score orders these results)' : '(a sort orders these results, not the score)'}
          </Term>
          <Term term="Pin">
            {s.pin === null
              ? 'Not pinned on this board.'
              : `Pin ${s.pin.position} on the board; ${
                  s.pin.slot === null ? 'it does not hold its place here.' : `shown at place ${s.pin.slot}.`
                }`}
          </Term>
          <Term term="In-store boost">
            {score(s.storeBoost)}, {s.storeBoostApplied ? 'added to this product’s score' : 'not added to this product’s score'}
          </Term>
          {explain.board && <Term term="Board">{explain.board}</Term>}
          <Term term="Rules that applied">
            {s.rules.length === 0 ? (
              'None.'
            ) : (
              <ul className="staff-preview-explain__rules">
                {s.rules.map((rule) => (
                  <li key={rule}>{rule}</li>
                ))}
              </ul>
            )}
          </Term>
        </dl>
      )}
      {explain.words.length > 0 && (
        <table className="staff-preview-explain__words">
          <caption>The keyword’s words</caption>
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
                  {w.synonymOf && ` (synonym of ${w.synonymOf})`}
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
      {s?.explanation && (
        <details className="staff-preview-explain__tree">
          <summary>How the score is made up</summary>
          <ul>
            <ScoreTree node={s.explanation} />
          </ul>
        </details>
      )}
      <details className="staff-preview-explain__fields">
        <summary>What the search reads of the product</summary>
        <dl>
          <Term term="Product number">{f.number}</Term>
          <Term term="Name">{f.name}</Term>
          {f.brand && <Term term="Brand">{f.brand}</Term>}
          {f.keywords.length > 0 && <Term term="Departments">{f.keywords.join(' › ')}</Term>}
          {f.attributes.map((a) => (
            <Term key={`${a.name}:${a.value}`} term={a.name}>
              {a.value}
            </Term>
          ))}
          {f.description && <Term term="Description">{f.description}</Term>}
        </dl>
      </details>
    </div>
  );
}

function ScoreTree({ node }: { node: ScoreNode }) {
  return (
    <li>
      <span className="staff-preview-explain__value">{score(node.value)}</span> {node.description}
      {node.context.length > 0 && <span className="staff-preview-explain__context"> ({node.context.join('; ')})</span>}
      {node.details.length > 0 && (
        <ul>
          {node.details.map((d, i) => (
            <ScoreTree key={i} node={d} />
          ))}
        </ul>
      )}
    </li>
  );
}
