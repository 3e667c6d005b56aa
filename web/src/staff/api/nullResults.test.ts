import { describe, expect, it } from 'vitest';
import { mockStaffApi, refusal, TEST_TOKEN } from '../testing';
import { fetchNullResults, NULL_RESULTS_URL, SET_REDIRECT_URL, setKeywordRedirect } from './nullResults';

describe('the null-result queue', () => {
  it('reads the rows of a range, defensively', async () => {
    const { calls } = mockStaffApi({
      [`GET ${NULL_RESULTS_URL}`]: {
        since: '2026-11-22',
        until: '2026-11-28',
        rows: [
          { keyword: 'xyzzy', nullResults: 5, searches: 6, lastSeen: '2026-11-28T16:00:00Z', redirect: null },
          { keyword: 'store hours', nullResults: 2, searches: 2, redirect: '/store-finder/' },
          { keyword: '', nullResults: 1 },
          'junk',
        ],
      },
    });
    expect(await fetchNullResults({ since: '2026-11-22', until: '2026-11-28' })).toEqual({
      since: '2026-11-22',
      until: '2026-11-28',
      rows: [
        { keyword: 'xyzzy', nullResults: 5, searches: 6, lastSeen: '2026-11-28T16:00:00Z', redirect: null },
        { keyword: 'store hours', nullResults: 2, searches: 2, lastSeen: null, redirect: '/store-finder/' },
      ],
    });
    await fetchNullResults({});
    expect(calls.map((c) => c.path)).toEqual([
      '/api/staff/merch/null-results?since=2026-11-22&until=2026-11-28',
      '/api/staff/merch/null-results',
    ]);
  });

  it('an answer without rows is a failure', async () => {
    mockStaffApi({ [`GET ${NULL_RESULTS_URL}`]: { since: '2026-11-22' } });
    expect(await fetchNullResults({}).catch((e: unknown) => e)).toMatchObject({ status: 200 });
  });

  it('sets a keyword’s redirect with the session’s anti-forgery token; answers the redirect kept', async () => {
    const { calls } = mockStaffApi({
      [`POST ${SET_REDIRECT_URL}`]: { success: true, pins: [], redirect: '/store-finder/' },
    });
    expect(await setKeywordRedirect('store hours', '/store-finder/')).toBe('/store-finder/');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/staff/merch/SetKeywordRedirect',
        body: { keyword: 'store hours', url: '/store-finder/' },
        token: TEST_TOKEN,
        authorization: null,
      },
    ]);
  });

  it('a URL that is not a page of the store is refused with the server’s words', async () => {
    mockStaffApi({
      [`POST ${SET_REDIRECT_URL}`]: () => refusal(400, 'InvalidUrl', 'That is not a page of this store.'),
    });
    expect(await setKeywordRedirect('x', '/nowhere/').catch((e: unknown) => e)).toMatchObject({
      status: 400,
      serverMessage: 'That is not a page of this store.',
    });
  });
});
