import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_REWARDS_URL,
  DELETE_ACCOUNT_URL,
  deleteAccount,
  END_SESSION_URL,
  endDeviceSession,
  fetchAccountRewards,
  fetchDeviceSessions,
  fetchLinkedSignIns,
  fetchPasskeys,
  finishPasskeyRegistration,
  isNotSignedIn,
  PASSKEY_REGISTER_FINISH_URL,
  PASSKEY_REGISTER_START_URL,
  PASSKEY_REMOVE_URL,
  PASSKEYS_URL,
  removePasskey,
  resetPassword,
  SESSIONS_URL,
  SIGN_IN_UNLINK_URL,
  SIGN_INS_URL,
  startPasskeyRegistration,
  unlinkSignIn,
  UPDATE_PASSWORD_URL,
  updatePassword,
  verifyPassword,
} from './accountPages';
import { forgetAntiForgeryToken, TOKEN_HEADER } from './antiforgery';
import { NetworkError } from './client';
import { fetchDouble } from './fetchDouble';

vi.mock('../tracking/hawk', () => ({ trackEvent: vi.fn() }));

const { fetch: fetchMock, answer, calls: recorded } = fetchDouble();

/** The calls made, without the token fetch and error reports. */
function calls() {
  return recorded().map(({ url, method, body, headers }) => ({ url, method, body, token: headers.get(TOKEN_HEADER) }));
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  forgetAntiForgeryToken();
});

describe('GETs', () => {
  it('lists the devices signed in, leaving out rows without an id', async () => {
    answer({
      sessions: [
        { id: 'ss_1', device: 'Chrome on Windows', current: true, lastSeen: '2025-03-04T15:07:00Z', startedAt: 'a', expiresAt: 'b' },
        { device: 'No id' },
        { id: 'ss_2', device: 'Safari on iPhone', current: false, lastSeen: '2025-03-01T10:00:00Z' },
      ],
    });

    const sessions = await fetchDeviceSessions();

    expect(calls()).toEqual([{ url: SESSIONS_URL, method: 'GET', body: undefined, token: null }]);
    expect(sessions.map((s) => [s.id, s.device, s.current])).toEqual([
      ['ss_1', 'Chrome on Windows', true],
      ['ss_2', 'Safari on iPhone', false],
    ]);
    expect(sessions[1]).toMatchObject({ startedAt: '', expiresAt: '' });
  });

  it('lists the passkeys', async () => {
    answer({ passkeys: [{ id: 'cred1', name: 'Chrome on Linux', created: '2025-01-01T00:00:00Z', lastUsed: null }] });

    await expect(fetchPasskeys()).resolves.toEqual([
      { id: 'cred1', name: 'Chrome on Linux', created: '2025-01-01T00:00:00Z', lastUsed: null },
    ]);
    expect(calls()[0]).toMatchObject({ url: PASSKEYS_URL, method: 'GET' });
  });

  it('lists the linked sign-ins, leaving out rows without an id or a provider', async () => {
    answer({
      signIns: [
        { id: 'pi_2', provider: 'Apple', linked: '2026-11-28T12:00:00Z' },
        { provider: 'Google', linked: '2026-11-01T12:00:00Z' },
        { id: 'pi_3', provider: null, linked: '2026-10-01T12:00:00Z' },
        { id: 'pi_1', provider: 'Google' },
      ],
    });

    await expect(fetchLinkedSignIns()).resolves.toEqual([
      { id: 'pi_2', provider: 'Apple', linked: '2026-11-28T12:00:00Z' },
      { id: 'pi_1', provider: 'Google', linked: '' },
    ]);
    expect(calls()).toEqual([{ url: SIGN_INS_URL, method: 'GET', body: undefined, token: null }]);
  });

  it('no list is no linked sign-ins; a 401 is a guest', async () => {
    answer({});
    await expect(fetchLinkedSignIns()).resolves.toEqual([]);

    answer({ error: 'NotSignedIn', message: 'Please sign in.' }, 401);
    expect(isNotSignedIn(await fetchLinkedSignIns().catch((e: unknown) => e))).toBe(true);
  });

  it('reads the rewards account with defaults for missing fields', async () => {
    answer({ member: true, rewardsNumber: '1234567890123', available: 300, history: [{ kind: 'earned', points: 20 }] });

    const rewards = await fetchAccountRewards();

    expect(calls()[0]).toMatchObject({ url: ACCOUNT_REWARDS_URL, method: 'GET' });
    expect(rewards).toMatchObject({
      member: true,
      rewardsNumber: '1234567890123',
      available: 300,
      pending: 0,
      pointsPerGiftCard: 2500,
      giftCards: [],
    });
    expect(rewards.history[0]).toEqual({ at: '', kind: 'earned', points: 20, reference: '', state: null, availableOn: null });
  });

  it('a 401 is a guest', async () => {
    answer({ success: false, code: 'NotSignedIn', message: 'Please sign in.' }, 401);

    const error = await fetchDeviceSessions().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(NetworkError);
    expect(isNotSignedIn(error)).toBe(true);
    expect(isNotSignedIn(new NetworkError(500))).toBe(false);
    expect(isNotSignedIn(new Error('x'))).toBe(false);
  });
});

describe('token header calls', () => {
  it('ends a device session by id', async () => {
    answer({ success: true });

    await expect(endDeviceSession('ss_2')).resolves.toBe(true);

    expect(calls()).toEqual([{ url: END_SESSION_URL, method: 'POST', body: { id: 'ss_2' }, token: 'tok' }]);
  });

  it('an unknown device session answers false', async () => {
    answer({ success: false });
    await expect(endDeviceSession('ss_9')).resolves.toBe(false);
  });

  it('starts and finishes adding a passkey', async () => {
    answer({ publicKey: { challenge: 'AAEC', user: { id: 'AQ' } } });
    await expect(startPasskeyRegistration()).resolves.toEqual({ publicKey: { challenge: 'AAEC', user: { id: 'AQ' } } });
    expect(calls()[0]).toMatchObject({ url: PASSKEY_REGISTER_START_URL, method: 'POST', body: undefined, token: 'tok' });

    fetchMock.mockClear();
    answer({ success: false, errorMessage: 'We could not add this passkey. Please try again.' });
    await expect(finishPasskeyRegistration({ id: 'x' })).resolves.toEqual({
      success: false,
      errorMessage: 'We could not add this passkey. Please try again.',
    });
    expect(calls()[0]).toMatchObject({ url: PASSKEY_REGISTER_FINISH_URL, body: { credential: { id: 'x' } }, token: 'tok' });
  });

  it('start without options rejects', async () => {
    answer({ success: false });
    await expect(startPasskeyRegistration()).rejects.toBeInstanceOf(NetworkError);
  });

  it('removes a passkey', async () => {
    answer({ success: true, errorMessage: null });
    await expect(removePasskey('cred1')).resolves.toEqual({ success: true, errorMessage: null });
    expect(calls()[0]).toMatchObject({ url: PASSKEY_REMOVE_URL, body: { id: 'cred1' }, token: 'tok' });
  });

  it('unlinks a sign-in by id; a refusal answers the server message', async () => {
    answer({ success: true, errorMessage: null });
    await expect(unlinkSignIn('pi_1')).resolves.toEqual({ success: true, errorMessage: null });
    expect(calls()).toEqual([{ url: SIGN_IN_UNLINK_URL, method: 'POST', body: { id: 'pi_1' }, token: 'tok' }]);

    fetchMock.mockClear();
    answer({ success: false, errorMessage: 'This sign-in is not connected to your account.' });
    await expect(unlinkSignIn('pi_9')).resolves.toEqual({
      success: false,
      errorMessage: 'This sign-in is not connected to your account.',
    });
  });

  it('verifies the password, then deletes the account', async () => {
    answer({ success: false, errorMessage: 'That password is not right. Please try again.' });
    await expect(verifyPassword('nope')).resolves.toMatchObject({
      success: false,
      errorMessage: 'That password is not right. Please try again.',
    });
    expect(calls()[0]).toMatchObject({ url: '/account/verifyPassword', body: { password: 'nope' }, token: 'tok' });

    fetchMock.mockClear();
    answer({ success: false, errorMessage: 'Please enter your password again to delete your account.', reasonCode: 13, redirectUrl: null });
    await expect(deleteAccount()).resolves.toEqual({
      success: false,
      errorMessage: 'Please enter your password again to delete your account.',
      reasonCode: 13,
      redirectUrl: null,
    });
    expect(calls()[0]).toMatchObject({ url: DELETE_ACCOUNT_URL, method: 'POST', body: undefined, token: 'tok' });
  });

  it('resets a password with the link', async () => {
    answer({ success: true, redirectUrl: '/account/' });
    await expect(resetPassword({ bid: 'cu_1', at: 'tok1', newPassword: 'Password1', rememberMe: true })).resolves.toMatchObject({
      success: true,
      redirectUrl: '/account/',
    });
    expect(calls()[0]).toMatchObject({
      url: '/account/reset',
      body: { bid: 'cu_1', at: 'tok1', newPassword: 'Password1', rememberMe: true },
      token: 'tok',
    });
  });

  it('updates the password with the refUrl', async () => {
    answer({ success: true, errorMessage: null, redirectUrl: '/cart/' });
    await expect(updatePassword({ newPassword: 'Password1', refUrl: '/cart/' })).resolves.toMatchObject({
      success: true,
      redirectUrl: '/cart/',
    });
    expect(calls()[0]).toMatchObject({
      url: UPDATE_PASSWORD_URL,
      body: { newPassword: 'Password1', refUrl: '/cart/' },
      token: 'tok',
    });
  });

  it('a 403 rejects with the cookie message', async () => {
    answer({ success: false, code: 'AntiForgeryTokenInvalid', message: 'x' }, 403);
    await expect(endDeviceSession('ss_1')).rejects.toMatchObject({ status: 403, serverMessage: expect.stringContaining('cookies') });
  });
});
