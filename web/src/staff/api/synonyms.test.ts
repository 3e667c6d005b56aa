import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../shared/api/client';
import { fetchPreview, fetchSynonymVersions, previewQueryString, toSynonymSet } from './synonyms';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

describe('the synonym calls', () => {
  it('reads a set: rules without a schedule, drafted removals, unknown who and when', () => {
    expect(
      toSynonymSet({
        success: true,
        version: 3,
        rules: [{ id: 's1', words: 'tyre', replacement: 'tire' }, { words: 'no id' }],
        drafts: [{ ruleId: 's1', rule: null }, { ruleId: 'r2', rule: { id: 'r2', words: 'a', replacement: 'b', endsAt: '2027-01-01T00:00:00Z' } }],
      }),
    ).toEqual({
      version: 3,
      rules: [{ id: 's1', words: 'tyre', replacement: 'tire', startsAt: null, endsAt: null }],
      drafts: [
        { ruleId: 's1', rule: null, staffId: null, draftedAt: null },
        {
          ruleId: 'r2',
          rule: { id: 'r2', words: 'a', replacement: 'b', startsAt: null, endsAt: '2027-01-01T00:00:00Z' },
          staffId: null,
          draftedAt: null,
        },
      ],
    });
    expect(() => toSynonymSet({ rules: [] })).toThrow(NetworkError);
  });

  it('versions come newest first', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json([
        { version: 1, change: 'seeded', staffId: 'storefront migrate', publishedAt: '2026-11-20T00:00:00Z', ruleCount: 21 },
        { version: 2, change: 'published', ruleId: 'r1', staffId: 'cu_1', publishedAt: '2026-11-21T00:00:00Z', ruleCount: 22 },
      ]),
    );
    const versions = await fetchSynonymVersions();
    expect(versions.map((v) => [v.version, v.change, v.ruleId, v.toVersion])).toEqual([
      [2, 'published', 'r1', null],
      [1, 'seeded', null, null],
    ]);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/staff/merch/synonyms/versions');
  });

  it('a preview’s query: the keyword, prv, HawkDate and ten products; its answer’s preview', async () => {
    expect(previewQueryString({ keyword: 'fence charger', rules: 'now', day: null })).toBe('keyword=fence%20charger&mpp=10');
    expect(previewQueryString({ keyword: 'zapper', rules: 'draft', day: '2026-12-24' })).toBe(
      'keyword=zapper&prv=draft&HawkDate=2026-12-24&mpp=10',
    );
    expect(previewQueryString({ keyword: 'zapper', rules: 3, day: null })).toBe('keyword=zapper&prv=3&mpp=10');

    fetchMock.mockResolvedValueOnce(
      Response.json({ keyword: 'zapper', total: 0, items: [], preview: { synonymsVersion: 4, drafts: true, at: null } }),
    );
    const read = await fetchPreview({ keyword: 'zapper', rules: 'draft', day: null });
    expect(read.preview).toEqual({ synonymsVersion: 4, drafts: true, at: null });
    expect(read.answer?.total).toBe(0);
    fetchMock.mockResolvedValueOnce(Response.json({ keyword: 'zapper', total: 0, items: [] }));
    expect((await fetchPreview({ keyword: 'zapper', rules: 'now', day: null })).preview).toBeNull();
  });
});
