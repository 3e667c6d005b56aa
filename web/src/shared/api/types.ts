import type { Wire } from './wire';

/**
 * A catalog department, as returned by `GET /api/catalog/departments` (a tree of the
 * document's `MenuItem`). The normaliser keeps these fields only (no banners) and checks
 * every child.
 */
export type Department = Pick<Wire<'MenuItem'>, 'id' | 'name' | 'url'> & { children: Department[] };
