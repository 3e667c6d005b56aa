import { describe, expect, it } from 'vitest';
import type { SynonymRule, SynonymVersion } from '../api/synonyms';
import {
  diffRules,
  draftChanges,
  formatSchedule,
  fromDateTimeLocal,
  isEmptyDiff,
  normalizeSide,
  ruleInput,
  ruleProblems,
  sameInstant,
  toDateTimeLocal,
  versionChangeText,
  versionNaming,
} from './diff';

function rule(id: string, words: string, replacement: string, startsAt: string | null = null, endsAt: string | null = null): SynonymRule {
  return { id, words, replacement, startsAt, endsAt };
}

function version(extra: Partial<SynonymVersion>): SynonymVersion {
  return {
    version: 2,
    change: 'published',
    ruleId: null,
    toVersion: null,
    staffId: 'cu_1',
    publishedAt: '2026-11-28T10:00:00Z',
    ruleCount: 3,
    ...extra,
  };
}

const UTC = { timeZone: 'UTC', now: new Date('2026-06-01T00:00:00Z') };

describe('diffRules', () => {
  it('finds the rules added, removed and changed by id, and leaves the unchanged ones out', () => {
    const before = [rule('s1', 'tyre', 'tire'), rule('s2', 'lp', 'propane'), rule('s3', 'kitty', 'cat')];
    const after = [rule('s1', 'tyre', 'tire'), rule('s3', 'kitty', 'kitten'), rule('r9', 'zapper', 'fence charger')];
    const diff = diffRules(before, after);
    expect(diff.added).toEqual([rule('r9', 'zapper', 'fence charger')]);
    expect(diff.removed).toEqual([rule('s2', 'lp', 'propane')]);
    expect(diff.changed).toEqual([
      { before: rule('s3', 'kitty', 'cat'), after: rule('s3', 'kitty', 'kitten'), parts: ['replacement'] },
    ]);
    expect(isEmptyDiff(diff)).toBe(false);
  });

  it('a rule whose words changed keeps its id: a change, not a removal and an addition', () => {
    const diff = diffRules([rule('s1', 'tyre', 'tire')], [rule('s1', 'tyres', 'tire')]);
    expect(diff.added).toEqual([]);
    expect(diff.removed).toEqual([]);
    expect(diff.changed.map((c) => c.parts)).toEqual([['words']]);
  });

  it('a schedule change counts; the same moment written otherwise does not', () => {
    const always = rule('s1', 'xmas', 'christmas');
    const december = rule('s1', 'xmas', 'christmas', '2026-12-01T00:00:00Z', '2026-12-26T00:00:00Z');
    expect(diffRules([always], [december]).changed.map((c) => c.parts)).toEqual([['schedule']]);
    const sameDecember = rule('s1', 'xmas', 'christmas', '2026-12-01T00:00:00.000+00:00', '2026-12-26T00:00:00Z');
    expect(isEmptyDiff(diffRules([december], [sameDecember]))).toBe(true);
    const later = rule('s1', 'xmas', 'christmas', '2026-12-01T00:00:00Z', '2026-12-27T00:00:00Z');
    expect(diffRules([december], [later]).changed).toHaveLength(1);
  });

  it('two equal lists have no difference, whatever their order', () => {
    const rules = [rule('s1', 'tyre', 'tire'), rule('s2', 'lp', 'propane')];
    expect(isEmptyDiff(diffRules(rules, [...rules].reverse()))).toBe(true);
    expect(isEmptyDiff(diffRules([], []))).toBe(true);
  });
});

describe('draftChanges', () => {
  const published = [rule('s1', 'tyre', 'tire'), rule('s2', 'lp', 'propane')];

  it('says what each draft does to the published rules, in the drafts’ order', () => {
    const changes = draftChanges(published, [
      { ruleId: 'r9', rule: rule('r9', 'zapper', 'fence charger'), staffId: 'cu_1', draftedAt: '2026-11-28T10:00:00Z' },
      { ruleId: 's1', rule: rule('s1', 'tyre', 'tires', '2026-12-01T00:00:00Z'), staffId: null, draftedAt: null },
      { ruleId: 's2', rule: null, staffId: 'cu_2', draftedAt: null },
      { ruleId: 's9', rule: null, staffId: null, draftedAt: null },
    ]);
    expect(changes.map((c) => [c.ruleId, c.kind])).toEqual([
      ['r9', 'new'],
      ['s1', 'changed'],
      ['s2', 'removal'],
      ['s9', 'removal'],
    ]);
    expect(changes[0]).toMatchObject({ before: null, after: rule('r9', 'zapper', 'fence charger'), staffId: 'cu_1' });
    expect(changes[1]).toMatchObject({ before: published[0], parts: ['replacement', 'schedule'] });
    expect(changes[2]).toMatchObject({ before: published[1], after: null, staffId: 'cu_2' });
    expect(changes[3]!.before).toBeNull();
  });

  it('a draft the same as its published rule changes nothing', () => {
    const [change] = draftChanges(published, [{ ruleId: 's2', rule: rule('s2', 'lp', 'propane'), staffId: null, draftedAt: null }]);
    expect(change).toMatchObject({ kind: 'unchanged', parts: [] });
  });
});

describe('formatSchedule', () => {
  it('always, both ends, one end', () => {
    expect(formatSchedule(null, null, UTC)).toBe('always');
    expect(formatSchedule('2026-12-01T00:00:00Z', '2026-12-26T00:00:00Z', UTC)).toBe('Dec 1 – Dec 26');
    expect(formatSchedule('2026-12-01T00:00:00Z', null, UTC)).toBe('from Dec 1');
    expect(formatSchedule(null, '2026-12-26T00:00:00Z', UTC)).toBe('until Dec 26');
  });

  it('the year when it is not this year’s or the ends’ years differ; the time when not midnight', () => {
    expect(formatSchedule('2026-12-20T00:00:00Z', '2027-01-02T00:00:00Z', UTC)).toBe('Dec 20, 2026 – Jan 2, 2027');
    expect(formatSchedule('2027-03-01T00:00:00Z', null, UTC)).toBe('from Mar 1, 2027');
    expect(formatSchedule('2026-12-01T09:30:00Z', null, UTC)).toMatch(/^from Dec 1, 9:30\sAM$/);
  });

  it('in the time zone asked for', () => {
    // Midnight in New York is 05:00 UTC.
    expect(formatSchedule('2026-12-01T05:00:00Z', '2026-12-26T05:00:00Z', { ...UTC, timeZone: 'America/New_York' })).toBe(
      'Dec 1 – Dec 26',
    );
  });

  it('what is no date is written as sent', () => {
    expect(formatSchedule('soon', null, UTC)).toBe('from soon');
  });
});

describe('versions', () => {
  const zapper = rule('r9', 'zapper', 'fence charger');

  it('what made each version', () => {
    expect(versionChangeText(version({ version: 1, change: 'seeded', staffId: 'storefront migrate' }), null)).toBe(
      'Starter list',
    );
    expect(versionChangeText(version({ ruleId: 'r9' }), zapper)).toBe('Published rule “zapper → fence charger”');
    expect(versionChangeText(version({ ruleId: 'r9' }), null)).toBe('Published rule r9');
    expect(versionChangeText(version({ change: 'removed', ruleId: 'r9' }), zapper)).toBe(
      'Removed rule “zapper → fence charger”',
    );
    expect(versionChangeText(version({ change: 'rolled-back', toVersion: 2 }), null)).toBe('Rolled back to version 2');
    expect(versionChangeText(version({ change: 'renamed' }), null)).toBe('renamed');
  });

  it('the version whose rules name the rule: its own for a publish, the one before for a removal', () => {
    expect(versionNaming(version({ version: 5, ruleId: 'r9' }))).toBe(5);
    expect(versionNaming(version({ version: 5, change: 'removed', ruleId: 'r9' }))).toBe(4);
    expect(versionNaming(version({ version: 5, change: 'rolled-back', toVersion: 2 }))).toBeNull();
    expect(versionNaming(version({ version: 1, change: 'seeded' }))).toBeNull();
  });
});

describe('the rule form', () => {
  const ok = { words: 'zapper', replacement: 'fence charger', startsAt: '', endsAt: '' };

  it('sides as the server keeps them', () => {
    expect(normalizeSide('  Fence   CHARGER ')).toBe('fence charger');
    expect(sameInstant(null, null)).toBe(true);
    expect(sameInstant('2026-12-01T00:00:00Z', null)).toBe(false);
  });

  it('says what is wrong, field by field', () => {
    expect(ruleProblems(ok)).toEqual({});
    expect(ruleProblems({ ...ok, words: '  ', replacement: '' })).toEqual({
      words: 'Please give the words shoppers search.',
      replacement: 'Please give what the words also mean.',
    });
    expect(ruleProblems({ ...ok, replacement: ' ZAPPER ' })).toEqual({
      replacement: 'The words and their replacement must differ.',
    });
    expect(ruleProblems({ ...ok, words: 'a b c d e f g h i' })).toEqual({ words: 'At most 100 characters and 8 words.' });
    expect(ruleProblems({ ...ok, replacement: 'x'.repeat(101) })).toEqual({
      replacement: 'At most 100 characters and 8 words.',
    });
    expect(ruleProblems({ ...ok, startsAt: '2026-12-26T00:00', endsAt: '2026-12-01T00:00' })).toEqual({
      endsAt: 'A rule must start before it ends.',
    });
    expect(ruleProblems({ ...ok, startsAt: 'tomorrow' })).toEqual({ startsAt: 'Enter a date and time.' });
  });

  it('date and time fields to RFC 3339 and back, in this browser’s time zone', () => {
    expect(fromDateTimeLocal('')).toBeNull();
    expect(fromDateTimeLocal('2026-12-01')).toBeNull();
    const iso = fromDateTimeLocal('2026-12-01T09:30')!;
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/);
    expect(new Date(iso).getTime()).toBe(new Date(2026, 11, 1, 9, 30).getTime());
    expect(toDateTimeLocal(iso)).toBe('2026-12-01T09:30');
    expect(toDateTimeLocal(null)).toBe('');
    expect(ruleInput(rule('s1', 'tyre', 'tire', iso))).toEqual({
      words: 'tyre',
      replacement: 'tire',
      startsAt: '2026-12-01T09:30',
      endsAt: '',
    });
  });
});
