/**
 * Facet helpers: the filter list of a facet with many values (at most 20 rows, narrowed by
 * a box; spec §9 "Nested facet filter list: at most 20 rows").
 */
import type { FacetValue } from '../shared/api/search';

export const FACET_LIST_MAX_ROWS = 20;
/** A facet with more values than this gets the box to narrow its list. */
export const FACET_FILTER_BOX_FROM = 8;

export interface FilteredValues {
  /** The rows to show (at most `limit`; selected values first when cut). */
  rows: FacetValue[];
  /** Values matching the box. */
  matching: number;
}

/** The values whose label contains `text` (case and accents ignored), cut to `limit` rows. */
export function filterFacetValues(
  values: readonly FacetValue[],
  text: string,
  limit: number = FACET_LIST_MAX_ROWS,
): FilteredValues {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const wanted = fold(text.trim());
  const matching = wanted ? values.filter((v) => fold(v.label).includes(wanted)) : [...values];
  if (matching.length <= limit) return { rows: matching, matching: matching.length };
  const selected = matching.filter((v) => v.selected);
  const others = matching.filter((v) => !v.selected);
  const rows = [...selected, ...others].slice(0, Math.max(limit, selected.length));
  // Keep the server's order among the rows shown.
  rows.sort((a, b) => matching.indexOf(a) - matching.indexOf(b));
  return { rows, matching: matching.length };
}
