/**
 * The merchandising audit (the merchandiser role): who changed pins and redirects, the popular
 * lists' blocklists and the synonym rules, newest first, read from the events themselves.
 *
 * | call                                              | answer                               |
 * |---------------------------------------------------|--------------------------------------|
 * | GET /api/staff/merch/audit?limit=50&before=<time>  | `MerchAuditEntry[]`, newest first    |
 *
 * `before` (RFC 3339) asks for the entries recorded before that time: the next page after an
 * entry is asked with its `at`.
 */
import { apiGet, NetworkError } from '../../shared/api/client';
import { isObject, str, strOrNull } from '../../shared/api/json';
import type { Wire } from '../../shared/api/wire';
import { MERCH_URL } from './merch';

export const AUDIT_URL = `${MERCH_URL}/audit`;
/** Entries a page asks for. */
export const AUDIT_PAGE_SIZE = 50;

/** An entry as the normaliser gives it: `staffId` always there (null when not recorded). */
export type AuditEntry = Omit<Wire<'MerchAuditEntry'>, 'staffId'> & { staffId: string | null };

/** 'limit=50&before=2026-11-28T12%3A00%3A00Z' */
export function auditQueryString(before: string | null, limit = AUDIT_PAGE_SIZE): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (before) params.set('before', before);
  return params.toString();
}

/** One page of the audit: the newest entries, or those recorded before `before`. */
export async function fetchAudit(before: string | null, signal?: AbortSignal, limit = AUDIT_PAGE_SIZE): Promise<AuditEntry[]> {
  const body = await apiGet<unknown>(`${AUDIT_URL}?${auditQueryString(before, limit)}`, signal);
  if (body === undefined) return [];
  if (!Array.isArray(body)) throw new NetworkError(200);
  return body
    .filter(isObject)
    .filter((row) => typeof row.at === 'string' && typeof row.eventType === 'string')
    .map((row) => ({
      at: str(row.at),
      staffId: strOrNull(row.staffId),
      aggregateType: str(row.aggregateType),
      aggregateId: str(row.aggregateId),
      eventType: str(row.eventType),
      payload: row.payload ?? null,
    }));
}
