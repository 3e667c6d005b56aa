import { describe, expect, it } from 'vitest';
import {
  addProblem,
  boardDiffSummary,
  boardNow,
  diffBoards,
  EMPTY_BOARD,
  formatWindow,
  isEmptyBoardDiff,
  keywordPage,
  redirectChangeText,
  scheduledRule,
  storeLink,
  windowOf,
  windowProblems,
} from './board';

const UTC = { timeZone: 'UTC', now: new Date('2026-06-01T00:00:00Z') };

describe('a draft against the published board', () => {
  it('lists the items added, removed and moved, and the redirect changed', () => {
    const diff = diffBoards(
      { pins: ['1', '2', '3'], redirect: '/a/' },
      { pins: ['3', '1', '4'], redirect: null },
    );
    expect(diff.added).toEqual([{ item: '4', place: 3 }]);
    expect(diff.removed).toEqual([{ item: '2', place: 2 }]);
    // 3 and 1 swapped places: the fewest moves that explain it is one.
    expect(diff.moved).toEqual([{ item: '1', from: 1, to: 2 }]);
    expect(diff.redirect).toEqual({ before: '/a/', after: null });
    expect(boardDiffSummary(diff)).toBe('1 added, 1 removed, 1 moved; the redirect changed');
  });

  it('an item added above the others moves none; one taken to the top moves alone', () => {
    expect(diffBoards({ pins: ['1', '2'], redirect: null }, { pins: ['9', '1', '2'], redirect: null }).moved).toEqual([]);
    expect(diffBoards({ pins: ['1', '2', '3'], redirect: null }, { pins: ['3', '1', '2'], redirect: null }).moved).toEqual([
      { item: '3', from: 3, to: 1 },
    ]);
  });

  it('the same board, an empty redirect as none, says so', () => {
    const diff = diffBoards({ pins: ['1'], redirect: null }, { pins: ['1'], redirect: '  ' });
    expect(isEmptyBoardDiff(diff)).toBe(true);
    expect(boardDiffSummary(diff)).toBe('the same pins and redirect');
  });

  it('writes the redirect’s change', () => {
    expect(redirectChangeText({ before: null, after: '/x/' })).toBe('Set to /x/');
    expect(redirectChangeText({ before: '/x/', after: null })).toBe('Removed (was /x/)');
    expect(redirectChangeText({ before: '/x/', after: '/y/' })).toBe('/x/ → /y/');
  });

  it('checks an item added as the server does', () => {
    expect(addProblem(['1'], '')).toBe('Enter a product number.');
    expect(addProblem(['1'], '1')).toBe('An item can be pinned only once.');
    expect(addProblem(Array.from({ length: 60 }, (_, i) => String(i + 100)), '1')).toBe(
      'At most 60 items can be pinned here.',
    );
    expect(addProblem(['1'], '2')).toBeNull();
  });

  it('the board now is the newest version, or an empty board', () => {
    expect(boardNow([])).toEqual(EMPTY_BOARD);
    const newest = {
      version: 2,
      eventType: 'DraftSaved',
      at: '2026-11-28T16:00:00Z',
      pins: ['1'],
      redirect: null,
      draft: { pins: ['2'], redirect: null },
      schedules: {},
    };
    expect(boardNow([newest, { ...newest, version: 1, pins: [] }])).toEqual({
      pins: ['1'],
      redirect: null,
      draft: { pins: ['2'], redirect: null },
      schedules: {},
    });
  });
});

describe('schedules', () => {
  it('writes a window: always, from, until, both; a time when not midnight, a year when not this one', () => {
    expect(formatWindow(undefined, UTC)).toBe('always');
    expect(formatWindow({}, UTC)).toBe('always');
    expect(formatWindow({ startsAt: '2026-12-20T09:00:00Z', endsAt: '2026-12-27T00:00:00Z' }, UTC)).toBe(
      'from Dec 20, 9:00 AM until Dec 27',
    );
    expect(formatWindow({ startsAt: '2026-12-20T00:00:00Z' }, UTC)).toBe('from Dec 20');
    expect(formatWindow({ endsAt: '2027-01-02T00:00:00Z' }, UTC)).toBe('until Jan 2, 2027');
    expect(formatWindow({ startsAt: '2026-12-31T00:00:00Z', endsAt: '2027-01-02T00:00:00Z' }, UTC)).toBe(
      'from Dec 31, 2026 until Jan 2, 2027',
    );
    expect(
      formatWindow({ startsAt: '2026-12-20T14:00:00Z' }, { ...UTC, timeZone: 'America/New_York' }),
    ).toBe('from Dec 20, 9:00 AM');
  });

  it('sends the form’s local times as UTC; an end before the start is refused', () => {
    expect(windowOf({ startsAt: '2026-12-20T09:00', endsAt: '' })).toEqual({
      startsAt: new Date(2026, 11, 20, 9, 0).toISOString().replace('.000Z', 'Z'),
    });
    expect(windowOf({ startsAt: '', endsAt: '' })).toEqual({});
    expect(windowProblems({ startsAt: '2026-12-27T00:00', endsAt: '2026-12-20T00:00' })).toEqual({
      endsAt: 'A rule must start before it ends.',
    });
    expect(windowProblems({ startsAt: 'soon', endsAt: '' })).toEqual({ startsAt: 'Enter a date and time.' });
    expect(windowProblems({ startsAt: '', endsAt: '' })).toEqual({});
  });

  it('finds the rule a version scheduled against the one before', () => {
    const before = { schedules: { 'pin:1': { startsAt: '2026-12-01T00:00:00Z' } } };
    const after = { schedules: { ...before.schedules, redirect: { endsAt: '2026-12-27T00:00:00Z' } } };
    expect(scheduledRule(after, before)).toEqual({ rule: 'redirect', window: { endsAt: '2026-12-27T00:00:00Z' } });
    expect(scheduledRule(before, after)).toEqual({ rule: 'redirect', window: undefined });
    // The same moment written otherwise is no change.
    expect(scheduledRule({ schedules: { 'pin:1': { startsAt: '2026-12-01T00:00:00+00:00' } } }, before)).toBeNull();
    expect(scheduledRule(before, null)).toEqual({ rule: 'pin:1', window: { startsAt: '2026-12-01T00:00:00Z' } });
    expect(scheduledRule(after, null)).toBeNull();
  });
});

describe('the store’s addresses', () => {
  it('adds the preview’s parameters to a keyword’s search or a landing page', () => {
    expect(storeLink(keywordPage('dog food'), { prv: 'draft' })).toBe('/s/?keyword=dog+food&prv=draft');
    expect(storeLink('/s/?keyword=dog%20food', { prv: 'pins-4' })).toBe('/s/?keyword=dog+food&prv=pins-4');
    expect(storeLink('/hardware/', { HawkDate: '2026-12-24' })).toBe('/hardware/?HawkDate=2026-12-24');
  });
});
