import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Department } from '../../shared/api/types';
import type { Facet, FacetValue } from '../../shared/api/search';
import { FACET_FILTER_BOX_FROM, FACET_LIST_MAX_ROWS, filterFacetValues } from '../../search/facets';
import {
  facetValues,
  getRange,
  setFacetValues,
  setRange,
  toggleFacetValue,
} from '../../search/state';
import type { SearchState } from '../../search/url';
import type { GoOptions, ListingKind } from '../useListing';
import { trailById } from '../departments';
import { RangeFacet } from './RangeFacet';

export interface FacetPanelProps {
  kind: ListingKind;
  facets: readonly Facet[];
  state: SearchState;
  go: (next: SearchState, options?: GoOptions) => void;
  /** The catalog tree (for the department facet's trail), when loaded. */
  tree: readonly Department[];
  /** A landing page's trail, from the top department to the landing. */
  landingTrail: readonly Department[];
}

/** The facets of a result list. Every change is a new URL (page 1, scroll kept). */
export function FacetPanel({ kind, facets, state, go, tree, landingTrail }: FacetPanelProps) {
  const shown = facets.filter((f) =>
    f.kind === 'range'
      ? f.min !== undefined && f.max !== undefined && f.max > f.min
      : f.values.length > 0 || (f.kind === 'hierarchy' && facetValues(state, f.name).length > 0),
  );
  if (shown.length === 0) return <p className="facets__none">No filters for these results.</p>;
  return (
    <div className="facets">
      {shown.map((facet) => (
        <FacetSection key={facet.name} facet={facet}>
          {facet.kind === 'hierarchy' ? (
            <DepartmentFacet
              kind={kind}
              facet={facet}
              state={state}
              go={go}
              tree={tree}
              landingTrail={landingTrail}
            />
          ) : facet.kind === 'range' ? (
            <RangeFacet
              facet={facet}
              chosen={getRange(state, facet.name)}
              onChange={(from, to) =>
                go(setRange(state, facet.name, from, to, [facet.min ?? from, facet.max ?? to]))
              }
            />
          ) : (
            <ListFacet facet={facet} state={state} go={go} />
          )}
        </FacetSection>
      ))}
    </div>
  );
}

function FacetSection({ facet, children }: { facet: Facet; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  return (
    <section className="facet" data-facet={facet.name}>
      <h3 className="facet__title">
        <button
          type="button"
          className="facet__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
        >
          {facet.label}
          <svg className="facet__chevron" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6z" />
          </svg>
        </button>
      </h3>
      <div id={bodyId} className="facet__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}

function Count({ n }: { n: number }) {
  return (
    <span className="facet__count">
      <span aria-hidden="true">({n.toLocaleString('en-US')})</span>
      <span className="visually-hidden">, {n.toLocaleString('en-US')} {n === 1 ? 'product' : 'products'}</span>
    </span>
  );
}

/** A multi-select list with counts; with many values, a box narrows the list (20 rows at most). */
export function ListFacet({
  facet,
  state,
  go,
}: {
  facet: Facet;
  state: SearchState;
  go: (next: SearchState, options?: GoOptions) => void;
}) {
  const [text, setText] = useState('');
  const boxId = useId();
  const withBox = facet.values.length > FACET_FILTER_BOX_FROM;
  const chosen = facetValues(state, facet.name);
  const { rows, matching } = filterFacetValues(facet.values, text, FACET_LIST_MAX_ROWS);
  return (
    <div className="list-facet">
      {withBox && (
        <div className="list-facet__filter">
          <label htmlFor={boxId} className="visually-hidden">
            Filter {facet.label.toLowerCase()} options
          </label>
          <input
            id={boxId}
            type="search"
            value={text}
            placeholder={`Find a ${facet.label.toLowerCase()}`}
            onChange={(e) => setText(e.currentTarget.value)}
            autoComplete="off"
          />
        </div>
      )}
      {rows.length === 0 ? (
        <p className="list-facet__empty">No {facet.label.toLowerCase()} matches “{text}”.</p>
      ) : (
        <ul className="list-facet__values" aria-label={`${facet.label} options`}>
          {rows.map((v) => (
            <FacetCheckbox
              key={v.value}
              value={v}
              selected={chosen.includes(v.value)}
              onChange={(checked) => go(toggleFacetValue(state, facet.name, v.value, checked))}
            />
          ))}
        </ul>
      )}
      {matching > rows.length && (
        <p className="list-facet__more">
          Showing {rows.length} of {matching}. Type in the box to find more.
        </p>
      )}
    </div>
  );
}

/**
 * A facet value's checkbox. `selected` comes from the URL; the box changes at once (the
 * URL and the results follow).
 */
function FacetCheckbox({
  value,
  selected,
  onChange,
}: {
  value: FacetValue;
  selected: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const [checked, setChecked] = useState(selected);
  useEffect(() => setChecked(selected), [selected]);
  return (
    <li className="facet-value">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={value.count === 0 && !selected}
        onChange={(e) => {
          const next = e.currentTarget.checked;
          setChecked(next);
          onChange(next);
        }}
      />
      <label htmlFor={id}>
        <span className="facet-value__label">{value.label}</span> <Count n={value.count} />
      </label>
    </li>
  );
}

/**
 * The hierarchical department facet. On a landing page its values are the landing's
 * sub-departments, links to their own pages. On the search page: a trail from 'All
 * departments' down to the one chosen department, and checkboxes for the values (checking a
 * sub-department of the chosen one narrows to it; siblings add up).
 */
export function DepartmentFacet({
  kind,
  facet,
  state,
  go,
  tree,
  landingTrail,
}: {
  kind: ListingKind;
  facet: Facet;
  state: SearchState;
  go: (next: SearchState, options?: GoOptions) => void;
  tree: readonly Department[];
  landingTrail: readonly Department[];
}) {
  const selected = facetValues(state, facet.name);
  if (kind === 'landing' && selected.length === 0) {
    const parent = landingTrail.length > 1 ? landingTrail[landingTrail.length - 2] : null;
    const current = landingTrail[landingTrail.length - 1];
    return (
      <div className="department-facet">
        <ul className="department-facet__trail">
          {parent && (
            <li>
              <Link to={parent.url}>
                <span aria-hidden="true">‹ </span>
                {parent.name}
              </Link>
            </li>
          )}
          {current && (
            <li>
              <span className="department-facet__current" aria-current="page">
                {current.name}
              </span>
            </li>
          )}
        </ul>
        <ul className="department-facet__values" aria-label="Sub-departments">
          {facet.values.map((v) => (
            <li key={v.value} className="facet-value">
              {v.url ? (
                <Link to={v.url}>
                  {v.label} <Count n={v.count} />
                </Link>
              ) : (
                <span>
                  {v.label} <Count n={v.count} />
                </span>
              )}
            </li>
          ))}
        </ul>
      </div>
    );
  }

  const single = selected.length === 1 ? selected[0]! : null;
  const trail = single ? trailById(tree, single) : [];
  const values = facet.values.filter((v) => !(single && v.value === single));
  const parentOfValues = single && values.some((v) => !v.selected) ? single : null;

  function choose(v: FacetValue, checked: boolean) {
    if (checked && parentOfValues) {
      // Narrow to the sub-department.
      go(setFacetValues(state, facet.name, [v.value]));
    } else {
      go(toggleFacetValue(state, facet.name, v.value, checked));
    }
  }

  return (
    <div className="department-facet">
      {selected.length > 0 && (
        <ul className="department-facet__trail">
          <li>
            <button type="button" className="link-button" onClick={() => go(setFacetValues(state, facet.name, []))}>
              <span aria-hidden="true">‹ </span>All departments
            </button>
          </li>
          {trail.slice(0, -1).map((d) => (
            <li key={d.id}>
              <button
                type="button"
                className="link-button"
                onClick={() => go(setFacetValues(state, facet.name, [String(d.id)]))}
              >
                {d.name}
              </button>
            </li>
          ))}
          {single && (
            <li>
              <span className="department-facet__current" aria-current="true">
                {trail[trail.length - 1]?.name ?? facet.values.find((v) => v.value === single)?.label ?? single}
              </span>
            </li>
          )}
        </ul>
      )}
      {values.length > 0 && (
        <ul className="department-facet__values" aria-label={`${facet.label} options`}>
          {values.map((v) => (
            <FacetCheckbox
              key={v.value}
              value={v}
              selected={selected.includes(v.value)}
              onChange={(checked) => choose(v, checked)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
