import { beforeEach, describe, expect, it } from 'vitest';
import { NetworkError } from '../../shared/api/client';
import { mockStaffApi, refusal, TEST_TOKEN } from '../testing';
import { updatePins } from './merch';
import { fetchPickupQueue, markReady } from './pickup';
import { fetchStaffMe, staffErrorMessage, staffPost } from './staff';

beforeEach(() => {
  mockStaffApi({});
});

describe('the staff calls', () => {
  it('reads who is signed in, keeping only the roles it knows', async () => {
    mockStaffApi({ 'GET /api/staff/me': { staffId: 'cu_1', roles: ['associate', 'wizard', 'analyst'] } });
    expect(await fetchStaffMe()).toEqual({ staffId: 'cu_1', firstName: null, roles: ['associate', 'analyst'] });
    mockStaffApi({ 'GET /api/staff/me': { staffId: 'cu_1', firstName: ' Amy ', roles: ['associate'] } });
    expect(await fetchStaffMe()).toEqual({ staffId: 'cu_1', firstName: 'Amy', roles: ['associate'] });
    mockStaffApi({ 'GET /api/staff/me': () => refusal(401, 'Unauthorized', 'Please sign in as staff.') });
    const error = await fetchStaffMe().catch((e: unknown) => e);
    expect((error as NetworkError).status).toBe(401);
  });

  it('a POST carries the anti-forgery token and a fresh Idempotency-Key', async () => {
    const { fetchMock, calls } = mockStaffApi({ 'POST /api/staff/orders/ready': { success: true, orderNo: '1', status: 'ReadyForPickup' } });
    expect(await markReady('1')).toEqual({ success: true, orderNo: '1', status: 'ReadyForPickup' });
    expect(calls).toEqual([
      { method: 'POST', path: '/api/staff/orders/ready', body: { orderNo: '1' }, token: TEST_TOKEN, authorization: null },
    ]);
    const init = fetchMock.mock.calls.find(([url]) => String(url) === '/api/staff/orders/ready')![1]!;
    expect(new Headers(init.headers).get('Idempotency-Key')).toBeTruthy();
  });

  it('a stale token (403) is fetched anew for the next POST', async () => {
    let first = true;
    const { fetchMock } = mockStaffApi({
      'POST /api/x': () => {
        if (!first) return { ok: true };
        first = false;
        return refusal(403, 'AntiForgeryTokenInvalid', 'This page has expired. Please refresh the page and try again.');
      },
    });
    const error = await staffPost('/api/x', {}).catch((e: unknown) => e);
    expect(staffErrorMessage(error)).toBe('This page has expired. Please refresh the page and try again.');
    expect(await staffPost('/api/x', {})).toEqual({ ok: true });
    const tokenFetches = fetchMock.mock.calls.filter(([url]) => String(url) === '/account/getantiforgerytoken');
    expect(tokenFetches).toHaveLength(2);
  });

  it('words a failure: the server’s sentence for a refusal, the sign-in for a 401, else the generic one', () => {
    expect(staffErrorMessage(new NetworkError(409, { code: 'NotNow', serverMessage: 'Not now.' }))).toBe('Not now.');
    expect(staffErrorMessage(new NetworkError(404, { serverMessage: 'No such order.' }))).toBe('No such order.');
    expect(staffErrorMessage(new NetworkError(401, { serverMessage: 'x' }))).toBe('Please sign in as staff.');
    expect(staffErrorMessage(new NetworkError(403))).toBe('Your staff role does not allow this.');
    expect(staffErrorMessage(new NetworkError(500, { serverMessage: 'boom' }))).toBe(
      'Something went wrong. Please try again later.',
    );
    expect(staffErrorMessage(new Error('x'))).toBe('Something went wrong. Please try again later.');
  });

  it('reads a queue defensively', async () => {
    mockStaffApi({
      'GET /api/staff/orders/pickup-queue': { orders: [{ orderNo: '7', placedAt: 'x', status: 'Placed', itemCount: 3 }, { nope: 1 }] },
    });
    expect(await fetchPickupQueue(5)).toEqual([{ orderNo: '7', placedAt: 'x', status: 'Placed', itemCount: 3 }]);
  });

  it('pins with the session when there is no token: the token header, no Authorization', async () => {
    const { calls } = mockStaffApi({ 'POST /api/staff/merch/UnpinItem': { success: true, pins: [] } });
    expect(await updatePins('UnpinItem', { keyword: 'rope', lp: null }, null, { itemId: '1' })).toEqual([]);
    expect(calls[0]).toMatchObject({ token: TEST_TOKEN, authorization: null });
  });
});
