import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetTracking } from '../shared/tracking/hawk';
import { hawkRequests, recordHawkRequests, type RecordingImage } from '../shared/tracking/testing';
import { queryIdFor, searchTypeFor, trackResultClick, trackSearch } from './tracking';

let images: RecordingImage[];

beforeEach(() => {
  resetTracking();
  images = recordHawkRequests();
});
afterEach(() => resetTracking());

describe('search tracking', () => {
  it('a new keyword is a search, the same one again a refinement', () => {
    expect(searchTypeFor(null, 'a')).toBe(1);
    expect(searchTypeFor('a', 'a')).toBe(2);
    expect(searchTypeFor('a', 'b')).toBe(1);
  });

  it('uses the server’s query id, else a fresh UUID', () => {
    expect(queryIdFor('739e3738')).toBe('739e3738');
    const a = queryIdFor('');
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(queryIdFor(null)).not.toBe(a);
  });

  it('sends a Search event (et 2) with keyword, type, query id, total and items', () => {
    trackSearch({ keyword: 'rope', typeId: 1, queryId: 'q1', total: 9, items: ['1', '2'] });
    const [req] = hawkRequests(images);
    expect(req!.et).toBe(2);
    expect(req!.event).toMatchObject({
      event: 'Search',
      keyword: 'rope',
      type_id: 1,
      query_id: 'q1',
      total: 9,
      item_list: ['1', '2'],
    });
  });

  it('a null result sends total 0', () => {
    trackSearch({ keyword: 'xyzzy', typeId: 1, queryId: 'q2', total: 0, items: [] });
    expect(hawkRequests(images)[0]!.event).toMatchObject({ total: 0, item_list: [] });
  });

  it('sends a Click event (et 3) with the item, query id and url', () => {
    trackResultClick({ blainNumber: '42', url: '/product/42/x/', queryId: 'q1', index: 3, keyword: 'rope' });
    const [req] = hawkRequests(images);
    expect(req!.et).toBe(3);
    expect(req!.event).toMatchObject({
      event: 'Click',
      unique_id: '42',
      query_id: 'q1',
      url: '/product/42/x/',
      item_index: 3,
      keyword: 'rope',
    });
    expect(req!.event).not.toHaveProperty('mlt');
  });
});
