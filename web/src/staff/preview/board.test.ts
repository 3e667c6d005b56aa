import { describe, expect, it } from 'vitest';
import {
  boardFromLocation,
  boardKey,
  boardLabel,
  boardRequest,
  hawkIds,
  pageSearchQuery,
  previewParams,
  withParam,
} from './board';

describe('the board from the page’s address', () => {
  it('the search page: the keyword’s board, else the landing page’s (an id or a URL)', () => {
    expect(boardFromLocation('/s/', '?keyword=dog%20food&lp=12', true)).toEqual({ kind: 'keyword', keyword: 'dog food' });
    expect(boardFromLocation('/s', '?lp=12', true)).toEqual({ kind: 'landing', lp: '12' });
    expect(boardFromLocation('/s/', '?lp=%2Ffarm%2Ffencing%2F', true)).toEqual({ kind: 'landingUrl', url: '/farm/fencing/' });
    expect(boardFromLocation('/s/', '?keyword=%20%20&sort=newest', true)).toBeNull();
    expect(boardFromLocation('/s/', '', false)).toBeNull();
  });

  it('a department page is the landing page of its own path; a page without results has no board', () => {
    expect(boardFromLocation('/farm/fencing/', '?sort=price', true)).toEqual({ kind: 'landingUrl', url: '/farm/fencing/' });
    expect(boardFromLocation('/', '', false)).toBeNull();
    expect(boardFromLocation('/cart/', '', false)).toBeNull();
  });

  it('as a pin request’s fields, a key and words', () => {
    expect(boardRequest({ kind: 'keyword', keyword: 'rope' })).toEqual({ keyword: 'rope', lp: null });
    expect(boardRequest({ kind: 'landing', lp: '12' })).toEqual({ keyword: null, lp: '12' });
    expect(boardRequest({ kind: 'landingUrl', url: '/farm/fencing/' })).toEqual({ keyword: null, lp: null, lpurl: '/farm/fencing/' });
    expect(boardKey({ kind: 'keyword', keyword: ' Dog   Food ' })).toBe('kw:dog food');
    expect(boardKey({ kind: 'landing', lp: '12' })).toBe('lp:12');
    expect(boardKey({ kind: 'landingUrl', url: 'Farm/Fencing' })).toBe('lpurl:/farm/fencing/');
    expect(boardLabel({ kind: 'keyword', keyword: 'dog food' }, 'Results for "dog food"')).toBe('“dog food”');
    expect(boardLabel({ kind: 'landingUrl', url: '/farm/fencing/' }, 'Fencing')).toBe('the “Fencing” department page');
    expect(boardLabel({ kind: 'landingUrl', url: '/farm/fencing/' }, null)).toBe('the department page /farm/fencing/');
    expect(boardLabel({ kind: 'landing', lp: '12' }, null)).toBe('department page 12');
  });

  it('the hawk ids a pin carries', () => {
    expect(hawkIds('?keyword=rope&hawkb=B&hawkp=2')).toEqual({ hawkb: 'B', hawkaid: null, hawkp: '2' });
  });
});

describe('the page’s search, for Explain', () => {
  it('the search page’s own query string, without the compare list; a department page’s with its path', () => {
    expect(pageSearchQuery('/s/', '?keyword=dog%20food&brand=Acme&items=1,2&prv=draft')).toBe(
      'keyword=dog%20food&brand=Acme&prv=draft',
    );
    expect(pageSearchQuery('/farm/fencing/', '?sort=price&cref=12')).toBe('lp=%2Ffarm%2Ffencing%2F&sort=price');
    expect(pageSearchQuery('/farm/fencing/', '')).toBe('lp=%2Ffarm%2Ffencing%2F');
  });
});

describe('the preview’s parameters', () => {
  it('sets, replaces and removes a parameter, the others as written', () => {
    expect(withParam('?keyword=dog+food&pg=2', 'prv', 'draft')).toBe('?keyword=dog+food&pg=2&prv=draft');
    expect(withParam('?keyword=rope&prv=draft&pg=2', 'prv', null)).toBe('?keyword=rope&pg=2');
    expect(withParam('?prv=3&keyword=rope', 'prv', 'draft')).toBe('?prv=draft&keyword=rope');
    expect(withParam('?HawkDate=2026-12-24', 'HawkDate', null)).toBe('');
    expect(withParam('', 'HawkDate', '2026-12-24')).toBe('?HawkDate=2026-12-24');
  });

  it('reads the drafts, a version and the day', () => {
    expect(previewParams('?keyword=rope&prv=draft&HawkDate=2026-12-24')).toEqual({
      drafts: true,
      version: null,
      day: '2026-12-24',
    });
    expect(previewParams('?prv=3&HawkDate=tomorrow')).toEqual({ drafts: false, version: '3', day: null });
    expect(previewParams('')).toEqual({ drafts: false, version: null, day: null });
  });
});
