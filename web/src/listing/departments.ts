/** Finding departments in the catalog tree (GET /api/catalog/departments). */
import type { Department } from '../shared/api/types';

/** Lower-cased with one leading and one trailing slash: '/Farm-Ranch' → '/farm-ranch/'. */
export function normalizeDepartmentUrl(url: string): string {
  const trimmed = url.trim().replace(/^\/+|\/+$/g, '').toLowerCase();
  return trimmed ? `/${trimmed}/` : '/';
}

/** A path that may be a department page: lower-case words with dashes, slash-separated. */
export function looksLikeDepartmentPath(pathname: string): boolean {
  return /^\/(?:[a-z0-9][a-z0-9-]*\/)*[a-z0-9][a-z0-9-]*\/?$/i.test(pathname);
}

/** The departments from the top down to the first one `match` accepts; [] when none does. */
export function departmentTrail(
  tree: readonly Department[],
  match: (d: Department) => boolean,
): Department[] {
  for (const d of tree) {
    if (match(d)) return [d];
    const below = departmentTrail(d.children, match);
    if (below.length) return [d, ...below];
  }
  return [];
}

export function trailByUrl(tree: readonly Department[], url: string): Department[] {
  const wanted = normalizeDepartmentUrl(url);
  return departmentTrail(tree, (d) => normalizeDepartmentUrl(d.url) === wanted);
}

export function trailById(tree: readonly Department[], id: number | string): Department[] {
  const n = Number(id);
  return departmentTrail(tree, (d) => d.id === n);
}
