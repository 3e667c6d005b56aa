import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../api/audit';
import { auditArea, boardPhrase, describeAuditEntry, eventFields } from './describe';

function entry(aggregateType: string, aggregateId: string, eventType: string, payload: unknown): AuditEntry {
  return { at: '2026-11-28T12:00:00Z', staffId: 'cu_1', aggregateType, aggregateId, eventType, payload };
}

const pin = (id: string, type: string, fields?: unknown) =>
  entry('PinBoard', id, type, fields === undefined ? type : { [type]: fields });
const block = (list: string, type: string, value: string) => entry('PopularBlocklist', list, type, { [type]: { value } });
const synonyms = (type: string, fields: unknown) => entry('SynonymSet', 'search', type, { [type]: fields });

const ZAPPER = { id: 'r1', words: 'zapper', replacement: 'fence charger' };

describe('describeAuditEntry', () => {
  it('pins, on a keyword’s board and on a landing page’s', () => {
    expect(describeAuditEntry(pin('kw:dog food', 'Pinned', { itemId: '100234' }))).toBe('Pinned 100234 for “dog food”');
    expect(describeAuditEntry(pin('kw:dog food', 'Unpinned', { itemId: '100234' }))).toBe(
      'Unpinned 100234 for “dog food”',
    );
    expect(describeAuditEntry(pin('kw:rope', 'PinsReordered', { items: ['2', '1'] }))).toBe(
      'Reordered the pins for “rope”: 2, 1',
    );
    expect(describeAuditEntry(pin('lp:12', 'Pinned', { itemId: '7' }))).toBe('Pinned 7 on department page 12');
    expect(describeAuditEntry(pin('lp:12', 'Pinned', { itemId: '7' }), new Map([[12, 'Fencing']]))).toBe(
      'Pinned 7 on the “Fencing” department page',
    );
  });

  it('redirects, with and without fields', () => {
    expect(describeAuditEntry(pin('kw:store hours', 'RedirectSet', { url: '/store-finder/' }))).toBe(
      'Set the redirect of “store hours” to /store-finder/',
    );
    // An event without fields is recorded as its bare name.
    expect(describeAuditEntry(pin('kw:store hours', 'RedirectRemoved'))).toBe('Removed the redirect of “store hours”');
  });

  it('the popular lists’ blocklists', () => {
    expect(describeAuditEntry(block('searches', 'Blocked', 'free gift card'))).toBe(
      'Blocked “free gift card” from popular searches',
    );
    expect(describeAuditEntry(block('searches', 'Unblocked', 'free gift card'))).toBe(
      'Unblocked “free gift card”: back in popular searches',
    );
    expect(describeAuditEntry(block('products', 'Blocked', '100234'))).toBe('Blocked product 100234 from popular products');
  });

  it('the synonym rules', () => {
    expect(describeAuditEntry(synonyms('SynonymPublished', { version: 3, ruleId: 'r1', rule: ZAPPER }))).toBe(
      'Published synonym rule “zapper → fence charger” (version 3)',
    );
    expect(describeAuditEntry(synonyms('SynonymPublished', { version: 4, ruleId: 'r1', rule: null }))).toBe(
      'Published the removal of synonym rule r1 (version 4)',
    );
    expect(describeAuditEntry(synonyms('SynonymsRolledBack', { version: 5, toVersion: 1, rules: [] }))).toBe(
      'Rolled the synonyms back to version 1',
    );
    expect(describeAuditEntry(synonyms('SynonymDrafted', { rule: ZAPPER }))).toBe(
      'Drafted synonym rule “zapper → fence charger”',
    );
    expect(describeAuditEntry(synonyms('SynonymRemovalDrafted', { ruleId: 'r1' }))).toBe(
      'Drafted the removal of synonym rule r1',
    );
    expect(describeAuditEntry(synonyms('SynonymDraftDiscarded', { ruleId: 'r1' }))).toBe(
      'Discarded the draft of synonym rule r1',
    );
    expect(describeAuditEntry(synonyms('SynonymsSeeded', { version: 1, rules: [ZAPPER, ZAPPER] }))).toBe(
      'Started the synonyms with 2 rules (version 1)',
    );
  });

  it('an event it does not know, or one without its fields, by its name and aggregate', () => {
    expect(describeAuditEntry(pin('kw:rope', 'Archived', {}))).toBe('Archived (PinBoard kw:rope)');
    expect(describeAuditEntry(pin('kw:rope', 'Pinned', {}))).toBe('Pinned (PinBoard kw:rope)');
    expect(describeAuditEntry(entry('Cart', 'c1', 'LineAdded', null))).toBe('LineAdded (Cart c1)');
  });
});

describe('eventFields', () => {
  it('reads the fields under the event’s name; none for a bare name or another shape', () => {
    expect(eventFields({ eventType: 'Pinned', payload: { Pinned: { itemId: '1' } } })).toEqual({ itemId: '1' });
    expect(eventFields({ eventType: 'RedirectRemoved', payload: 'RedirectRemoved' })).toEqual({});
    expect(eventFields({ eventType: 'Pinned', payload: [1] })).toEqual({});
    expect(eventFields({ eventType: 'Pinned', payload: null })).toEqual({});
  });
});

describe('boardPhrase and auditArea', () => {
  it('names boards and areas', () => {
    expect(boardPhrase('kw:rope')).toBe('for “rope”');
    expect(boardPhrase('other')).toBe('on board other');
    expect(auditArea({ aggregateType: 'PinBoard', eventType: 'Pinned' })).toBe('Pins');
    expect(auditArea({ aggregateType: 'PinBoard', eventType: 'RedirectSet' })).toBe('Redirects');
    expect(auditArea({ aggregateType: 'PopularBlocklist', eventType: 'Blocked' })).toBe('Popular lists');
    expect(auditArea({ aggregateType: 'SynonymSet', eventType: 'SynonymPublished' })).toBe('Synonyms');
  });
});
