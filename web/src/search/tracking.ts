/**
 * Search tracking (accounts-rewards-search spec §3 "Tracking events"; docs/events.md):
 *
 * - a Search event (et 2) each time a result set loads: `keyword`, `type_id` (1 a new
 *   search, 2 a refinement: the same keyword and landing page with other facets, sort,
 *   page size or page), `query_id` (a fresh id per result set: the server's `queryId`, a
 *   UUID, or one made here), `total` (the number of results; 0 = a null result) and
 *   `item_list` (the product numbers shown);
 * - a Click event (et 3) when a result is clicked: `unique_id`, `query_id`, `url`, with the
 *   result's position (`item_index`, from 1) and `keyword`, and `mlt` for More Like This.
 */
import { newIdempotencyKey } from '../shared/api/client';
import { SEARCH_TYPES, trackEvent } from '../shared/tracking';
import type { ClickLike } from '../shared/tracking/clickDetails';

export type SearchTypeId = (typeof SEARCH_TYPES)[keyof typeof SEARCH_TYPES];

/** 1 (Search) for a new keyword or landing page, 2 (Refinement) for the same one again. */
export function searchTypeFor(previousIdentity: string | null, identity: string): SearchTypeId {
  return previousIdentity === identity ? SEARCH_TYPES.Refinement : SEARCH_TYPES.Search;
}

/** The query id of a result set: the server's, else a fresh UUID. */
export function queryIdFor(serverId: string | null | undefined): string {
  return serverId && serverId.trim() ? serverId : newIdempotencyKey();
}

export interface SearchTracking {
  keyword: string | null;
  typeId: SearchTypeId;
  queryId: string;
  total: number;
  items: readonly string[];
}

export function trackSearch({ keyword, typeId, queryId, total, items }: SearchTracking): void {
  try {
    trackEvent('Search', {
      keyword: keyword ?? undefined,
      type_id: typeId,
      query_id: queryId,
      total,
      item_list: [...items],
    });
  } catch {
    // Tracking never breaks the page.
  }
}

export interface ResultClick {
  blainNumber: string;
  url: string;
  queryId: string | null;
  /** Position in the list, from 1. */
  index?: number;
  keyword?: string | null;
  moreLikeThis?: boolean;
}

export function trackResultClick(click: ResultClick, event?: ClickLike | null): void {
  try {
    trackEvent(
      'Click',
      {
        unique_id: click.blainNumber,
        query_id: click.queryId ?? undefined,
        url: click.url,
        item_index: click.index,
        keyword: click.keyword ?? undefined,
        mlt: click.moreLikeThis ? true : undefined,
      },
      event,
    );
  } catch {
    // ignore
  }
}
