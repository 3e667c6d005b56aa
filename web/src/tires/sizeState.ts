/**
 * The tire size in the page URL: /tires/?width=225&ratio=65&rim=17 (plus
 * `sort` and `pg` for the results). Each step counts only when the steps
 * before it are chosen; changing one step clears the later ones.
 */
import { TIRE_SORTS, type TireSize, type TireSort } from '../shared/api/tires';

export type TireField = 'width' | 'ratio' | 'rim';
export const TIRE_FIELDS: readonly TireField[] = ['width', 'ratio', 'rim'];

export interface TireSelection {
  width: number | null;
  ratio: number | null;
  rim: number | null;
}

export const NO_SELECTION: TireSelection = { width: null, ratio: null, rim: null };

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,4}$/.test(value.trim())) return null;
  const n = Number.parseInt(value, 10);
  return n > 0 ? n : null;
}

/** The selection the URL holds; a step without its predecessors is dropped. */
export function readSelection(params: URLSearchParams): TireSelection {
  const width = positiveInt(params.get('width'));
  const ratio = width === null ? null : positiveInt(params.get('ratio'));
  const rim = ratio === null ? null : positiveInt(params.get('rim'));
  return { width, ratio, rim };
}

/** The complete size, or null while a step is missing. */
export function completeSize(s: TireSelection): TireSize | null {
  return s.width !== null && s.ratio !== null && s.rim !== null
    ? { width: s.width, ratio: s.ratio, rim: s.rim }
    : null;
}

/** Sets one step; every later step is cleared (a new width has other ratios and rims). */
export function changeSelection(s: TireSelection, field: TireField, value: number | null): TireSelection {
  switch (field) {
    case 'width':
      return { width: value, ratio: null, rim: null };
    case 'ratio':
      return s.width === null ? NO_SELECTION : { width: s.width, ratio: value, rim: null };
    case 'rim':
      return s.width === null || s.ratio === null ? { ...s, rim: null } : { ...s, rim: value };
  }
}

/**
 * The URL's query for a selection: the steps in order, then the sort when
 * not the default. Paging starts over with every change, so `pg` is only kept
 * when given.
 */
export function selectionParams(s: TireSelection, options: { sort?: TireSort; pg?: number } = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (s.width !== null) params.set('width', String(s.width));
  if (s.width !== null && s.ratio !== null) params.set('ratio', String(s.ratio));
  if (s.width !== null && s.ratio !== null && s.rim !== null) params.set('rim', String(s.rim));
  if (options.sort && options.sort !== 'relevance') params.set('sort', options.sort);
  if (options.pg && options.pg > 1) params.set('pg', String(options.pg));
  return params;
}

export function readSort(params: URLSearchParams): TireSort {
  const sort = params.get('sort');
  return TIRE_SORTS.includes(sort as TireSort) ? (sort as TireSort) : 'relevance';
}

export function readPage(params: URLSearchParams): number {
  const pg = positiveInt(params.get('pg'));
  return pg ?? 1;
}

export const SORT_LABELS: Record<TireSort, string> = {
  relevance: 'Best match',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name',
  brand: 'Brand',
  rating: 'Top rated',
  newest: 'Newest',
};
