/**
 * The search index of the server that answers (the merchandiser role):
 *
 * | call                            | answer                                                  |
 * |---------------------------------|---------------------------------------------------------|
 * | GET  /api/staff/search/reindex  | `{running, done, total, indexed}`                       |
 * | POST /api/staff/search/reindex  | 202 `{success, running}`; 409 `Busy` while one runs     |
 *
 * `indexed` is what the live index holds; `done` of `total` is how far the running (or last)
 * reindex got. A reindex rebuilds the index of the one process that answered the POST;
 * searches keep answering from the live index meanwhile. Refusals reject with the client's
 * `NetworkError` (401, 403, 409 `Busy` with the server's sentence as `serverMessage`).
 */
import { apiGet, NetworkError } from '../../shared/api/client';
import { isObject, num } from '../../shared/api/json';
import type { Wire } from '../../shared/api/wire';
import { staffPost } from './staff';

export const REINDEX_URL = '/api/staff/search/reindex';

export type ReindexProgress = Wire<'ReindexProgress'>;
export type ReindexStarted = Wire<'ReindexStarted'>;

/** Whether a reindex runs, how far it (or the last one) got, and what the live index holds. */
export async function fetchReindexProgress(signal?: AbortSignal): Promise<ReindexProgress> {
  const body = await apiGet<unknown>(REINDEX_URL, signal);
  if (!isObject(body) || typeof body.running !== 'boolean') throw new NetworkError(200);
  const total = Math.max(0, num(body.total));
  return {
    running: body.running,
    done: Math.min(Math.max(0, num(body.done)), total),
    total,
    indexed: Math.max(0, num(body.indexed)),
  };
}

/** Starts a reindex of the answering server's index (a POST without a body); 409 `Busy` while one runs. */
export async function startReindex(): Promise<ReindexStarted> {
  const body = await staffPost<unknown>(REINDEX_URL, undefined, { okStatuses: [202] });
  if (!isObject(body) || body.running !== true) throw new NetworkError(200);
  return { success: true, running: true };
}
