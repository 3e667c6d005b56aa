/**
 * A merchandising change in words, from its audit entry (the event as recorded): 'Pinned
 * 100234 for “dog food”', 'Set the redirect of “store hours” to /store-finder/', 'Published
 * synonym rule “zapper → fence charger” (version 3)', 'Blocked “free gift card” from popular
 * searches'. An event this page does not know is said by its name and what it changed.
 *
 * A payload is the event as the server serialised it: an object with one key, the event's
 * name, holding its fields (`{"Pinned": {"itemId": "100234"}}`), or the bare name for an
 * event without fields (`"RedirectRemoved"`).
 */
import type { AuditEntry } from '../api/audit';
import { ruleText } from '../synonyms/diff';

/** Department names by id, to name a landing page's board ('lp:12'). */
export type DepartmentNames = ReadonlyMap<number, string>;

type Fields = Record<string, unknown>;

/** The event's fields: `payload[eventType]` (or the payload's one key), empty when it has none. */
export function eventFields(entry: Pick<AuditEntry, 'eventType' | 'payload'>): Fields {
  const { payload, eventType } = entry;
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return {};
  const record = payload as Fields;
  const values = Object.values(record);
  const inner = Object.hasOwn(record, eventType) ? record[eventType] : values.length === 1 ? values[0] : undefined;
  return typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? (inner as Fields) : {};
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : null;
}

function quoted(value: string): string {
  return `“${value}”`;
}

/**
 * The board a pin change is on, as the end of a sentence: 'for “dog food”' (a keyword's
 * board, `kw:dog food`), 'on the “Fencing” department page' (`lp:12`, named when known), 'on
 * department page 12'.
 */
export function boardPhrase(aggregateId: string, departments?: DepartmentNames): string {
  if (aggregateId.startsWith('kw:')) return `for ${quoted(aggregateId.slice(3))}`;
  if (aggregateId.startsWith('lp:')) {
    const id = aggregateId.slice(3);
    const name = /^\d+$/.test(id) ? departments?.get(Number(id)) : undefined;
    return name ? `on the ${quoted(name)} department page` : `on department page ${id}`;
  }
  return `on board ${aggregateId}`;
}

/** The keyword of a keyword's board ('kw:store hours' → 'store hours'), else the board's id. */
function keywordOf(aggregateId: string): string {
  return aggregateId.startsWith('kw:') ? aggregateId.slice(3) : aggregateId;
}

function describePin(entry: AuditEntry, fields: Fields, departments?: DepartmentNames): string | null {
  const board = boardPhrase(entry.aggregateId, departments);
  const item = text(fields.itemId);
  switch (entry.eventType) {
    case 'Pinned':
      return item ? `Pinned ${item} ${board}` : null;
    case 'Unpinned':
      return item ? `Unpinned ${item} ${board}` : null;
    case 'PinsReordered': {
      const items = Array.isArray(fields.items) ? fields.items.map(text).filter((i): i is string => i !== null) : null;
      if (items === null) return null;
      return items.length > 0 ? `Reordered the pins ${board}: ${items.join(', ')}` : `Reordered the pins ${board}`;
    }
    case 'RedirectSet': {
      const url = text(fields.url);
      return url ? `Set the redirect of ${quoted(keywordOf(entry.aggregateId))} to ${url}` : null;
    }
    case 'RedirectRemoved':
      return `Removed the redirect of ${quoted(keywordOf(entry.aggregateId))}`;
    default:
      return null;
  }
}

function describeBlock(entry: AuditEntry, fields: Fields): string | null {
  const value = text(fields.value);
  if (value === null) return null;
  const products = entry.aggregateId === 'products';
  const what = products ? `product ${value}` : quoted(value);
  const list = products ? 'popular products' : entry.aggregateId === 'searches' ? 'popular searches' : `the ${entry.aggregateId} list`;
  switch (entry.eventType) {
    case 'Blocked':
      return `Blocked ${what} from ${list}`;
    case 'Unblocked':
      return `Unblocked ${what}: back in ${list}`;
    default:
      return null;
  }
}

/** 'zapper → fence charger' from a recorded rule; null when it is not one. */
function ruleOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const rule = value as Fields;
  const words = text(rule.words);
  const replacement = text(rule.replacement);
  return words && replacement ? ruleText({ words, replacement }) : null;
}

function rulesCount(value: unknown): string {
  const n = Array.isArray(value) ? value.length : 0;
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'rule' : 'rules'}`;
}

function describeSynonyms(entry: AuditEntry, fields: Fields): string | null {
  const version = text(fields.version);
  const ruleId = text(fields.ruleId);
  const rule = ruleOf(fields.rule);
  const named = rule ? quoted(rule) : ruleId;
  switch (entry.eventType) {
    case 'SynonymsSeeded':
      return `Started the synonyms with ${rulesCount(fields.rules)}${version ? ` (version ${version})` : ''}`;
    case 'SynonymDrafted':
      return rule ? `Drafted synonym rule ${quoted(rule)}` : null;
    case 'SynonymRemovalDrafted':
      return ruleId ? `Drafted the removal of synonym rule ${ruleId}` : null;
    case 'SynonymDraftDiscarded':
      return ruleId ? `Discarded the draft of synonym rule ${ruleId}` : null;
    case 'SynonymPublished': {
      const at = version ? ` (version ${version})` : '';
      if (fields.rule === null && ruleId) return `Published the removal of synonym rule ${ruleId}${at}`;
      return named ? `Published synonym rule ${named}${at}` : null;
    }
    case 'SynonymsRolledBack': {
      const to = text(fields.toVersion);
      return to ? `Rolled the synonyms back to version ${to}` : null;
    }
    default:
      return null;
  }
}

/** What an event this page does not know changed: 'Archived (PinBoard kw:rope)'. */
function fallback(entry: AuditEntry): string {
  return `${entry.eventType} (${entry.aggregateType} ${entry.aggregateId})`;
}

/** The change an audit entry records, in words. */
export function describeAuditEntry(entry: AuditEntry, departments?: DepartmentNames): string {
  const fields = eventFields(entry);
  let said: string | null = null;
  switch (entry.aggregateType) {
    case 'PinBoard':
      said = describePin(entry, fields, departments);
      break;
    case 'PopularBlocklist':
      said = describeBlock(entry, fields);
      break;
    case 'SynonymSet':
      said = describeSynonyms(entry, fields);
      break;
  }
  return said ?? fallback(entry);
}

/** What part of the search an entry is about: 'Pins', 'Redirects', 'Popular lists', 'Synonyms'. */
export function auditArea(entry: Pick<AuditEntry, 'aggregateType' | 'eventType'>): string {
  switch (entry.aggregateType) {
    case 'PinBoard':
      return entry.eventType.startsWith('Redirect') ? 'Redirects' : 'Pins';
    case 'PopularBlocklist':
      return 'Popular lists';
    case 'SynonymSet':
      return 'Synonyms';
    default:
      return entry.aggregateType;
  }
}
