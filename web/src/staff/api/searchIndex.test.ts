import { describe, expect, it } from 'vitest';
import type { NetworkError } from '../../shared/api/client';
import { mockStaffApi, refusal, TEST_TOKEN } from '../testing';
import { fetchReindexProgress, REINDEX_URL, startReindex } from './searchIndex';
import { staffErrorMessage } from './staff';

const BUSY = 'A reindex is running already. Please wait for it to finish.';

describe('the search index calls', () => {
  it('reads the progress', async () => {
    const { calls } = mockStaffApi({
      [`GET ${REINDEX_URL}`]: { running: true, done: 12345, total: 20000, indexed: 19990 },
    });
    expect(await fetchReindexProgress()).toEqual({ running: true, done: 12345, total: 20000, indexed: 19990 });
    expect(calls).toMatchObject([{ method: 'GET', path: '/api/staff/search/reindex' }]);
  });

  it('reads the progress defensively: missing or odd counts as 0, done within total', async () => {
    mockStaffApi({ [`GET ${REINDEX_URL}`]: { running: false, done: 'x', total: 10, indexed: -3 } });
    expect(await fetchReindexProgress()).toEqual({ running: false, done: 0, total: 10, indexed: 0 });
    mockStaffApi({ [`GET ${REINDEX_URL}`]: { running: true, done: 12, total: 10 } });
    expect(await fetchReindexProgress()).toEqual({ running: true, done: 10, total: 10, indexed: 0 });
  });

  it('an answer without `running` is a failure', async () => {
    mockStaffApi({ [`GET ${REINDEX_URL}`]: { done: 1, total: 2 } });
    const error = await fetchReindexProgress().catch((e: unknown) => e);
    expect((error as NetworkError).status).toBe(200);
  });

  it('starts a reindex: a POST without a body, with the anti-forgery token; 202 is started', async () => {
    const { calls } = mockStaffApi({
      [`POST ${REINDEX_URL}`]: () => Response.json({ success: true, running: true }, { status: 202 }),
    });
    expect(await startReindex()).toEqual({ success: true, running: true });
    expect(calls).toEqual([
      { method: 'POST', path: '/api/staff/search/reindex', body: undefined, token: TEST_TOKEN, authorization: null },
    ]);
  });

  it('a running reindex refuses another (409 Busy, the server’s words); 401 and 403 reject', async () => {
    mockStaffApi({ [`POST ${REINDEX_URL}`]: () => refusal(409, 'Busy', BUSY) });
    const busy = (await startReindex().catch((e: unknown) => e)) as NetworkError;
    expect(busy).toMatchObject({ status: 409, code: 'Busy' });
    expect(staffErrorMessage(busy)).toBe(BUSY);

    mockStaffApi({ [`POST ${REINDEX_URL}`]: () => refusal(401, 'Unauthorized', 'Please sign in as staff.') });
    expect(await startReindex().catch((e: unknown) => e)).toMatchObject({ status: 401 });
    mockStaffApi({ [`GET ${REINDEX_URL}`]: () => refusal(403, 'Forbidden', 'Your staff role does not allow this.') });
    expect(await fetchReindexProgress().catch((e: unknown) => e)).toMatchObject({ status: 403 });
  });
});
