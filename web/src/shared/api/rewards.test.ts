import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ANTI_FORGERY_URL, forgetAntiForgeryToken, TOKEN_HEADER } from './antiforgery';
import { NETWORK_ERROR_MESSAGE, NetworkError } from './client';
import {
  CONFIRM_CODE_URL,
  confirmLinkAccount,
  FIND_REWARDS_URL,
  findRewardsToLink,
  getRewardsData,
  JOIN_REWARDS_URL,
  joinRewards,
  LINK_REWARDS_NUMBER_URL,
  linkUserWithRewardsNumber,
  REWARDS_DATA_URL,
  REWARDS_REASON_CODES,
  SEND_CODE_URL,
  sendVerificationCode,
} from './rewards';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  forgetAntiForgeryToken();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    if (String(input) === ANTI_FORGERY_URL) {
      return new Response('<input name="__RequestVerificationToken" type="hidden" value="tok-1" />');
    }
    return Response.json({ success: true });
  });
  vi.stubGlobal('fetch', fetchMock);
});

/** The calls other than the token's: url, method, token header and JSON body. */
function apiCalls() {
  return fetchMock.mock.calls
    .filter(([input]) => String(input) !== ANTI_FORGERY_URL)
    .map(([input, init]) => ({
      url: String(input),
      method: init?.method,
      token: new Headers(init?.headers).get(TOKEN_HEADER),
      body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
    }));
}

describe('reason codes', () => {
  it('are the spec numbers by the spec names', () => {
    expect(REWARDS_REASON_CODES).toEqual({
      CUSTOMER_NOT_LOGGED_IN: 0,
      REWARDS_ACCOUNT_NOT_FOUND: 1,
      REWARDS_ACCOUNT_ALREADY_LINKED: 2,
      REWARDS_ACCOUNT_ALREADY_EXISTS: 3,
      VERIFICATION_REQUIRED: 4,
      SESSION_M_ERROR: 5,
      INVALID_INPUT_DATA: 6,
      UNKNOWN_ERROR: 7,
      CUSTOMER_HAS_REWARDS: 8,
      NO_MATCH: 9,
      PHONE_MULTI_MATCH: 10,
      REWARDS_ACCOUNT_ALREADY_EXISTS_SHOW_ERROR: 11,
      PHONE_AND_EMAIL_SEPARATE_MATCH: 12,
    });
  });
});

describe('getRewardsData', () => {
  it('posts without a body and without the token header', async () => {
    const data = { success: true, customerHasRewards: false, emailAlreadyLinked: false, sessionMFound: false, email: 'jane@example.com' };
    fetchMock.mockResolvedValueOnce(Response.json(data));
    await expect(getRewardsData()).resolves.toEqual(data);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(apiCalls()).toEqual([{ url: REWARDS_DATA_URL, method: 'POST', token: null, body: undefined }]);
  });

  it('rejects a 204 and a fault with the network error', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(getRewardsData()).rejects.toBeInstanceOf(NetworkError);
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 429 }));
    await expect(getRewardsData()).rejects.toThrow(NETWORK_ERROR_MESSAGE);
  });
});

describe('the token-header calls', () => {
  it('send their payloads with the anti-forgery token', async () => {
    await joinRewards('(608) 555-1234');
    await findRewardsToLink({ email: 'jane@example.com' });
    await sendVerificationCode({ phoneNumber: '(608) 555-1234', email: null, rewardsNumber: null, verificationMethod: 'phone' });
    await confirmLinkAccount({ code: 123456, rewardsSessionId: 'rs_1', createAccountRequest: null, createOauthAccountRequest: null });
    await linkUserWithRewardsNumber({
      accountInfo: { phoneNumber: null, email: 'jane@example.com', rewardsNumber: '1234567890123', verificationMethod: 'rewardsNumber' },
      createAccountRequest: null,
      createOauthAccountRequest: { loginMethod: 'Google', credentialToken: 'cred', skipCartMerge: false },
    });

    expect(apiCalls()).toEqual([
      { url: JOIN_REWARDS_URL, method: 'POST', token: 'tok-1', body: { phoneNumber: '(608) 555-1234' } },
      { url: FIND_REWARDS_URL, method: 'POST', token: 'tok-1', body: { email: 'jane@example.com' } },
      {
        url: SEND_CODE_URL,
        method: 'POST',
        token: 'tok-1',
        body: { phoneNumber: '(608) 555-1234', email: null, rewardsNumber: null, verificationMethod: 'phone' },
      },
      {
        url: CONFIRM_CODE_URL,
        method: 'POST',
        token: 'tok-1',
        body: { code: 123456, rewardsSessionId: 'rs_1', createAccountRequest: null, createOauthAccountRequest: null },
      },
      {
        url: LINK_REWARDS_NUMBER_URL,
        method: 'POST',
        token: 'tok-1',
        body: {
          accountInfo: { phoneNumber: null, email: 'jane@example.com', rewardsNumber: '1234567890123', verificationMethod: 'rewardsNumber' },
          createAccountRequest: null,
          createOauthAccountRequest: { loginMethod: 'Google', credentialToken: 'cred', skipCartMerge: false },
        },
      },
    ]);
    // One token for them all.
    expect(fetchMock.mock.calls.filter(([u]) => String(u) === ANTI_FORGERY_URL)).toHaveLength(1);
  });

  it('answer the business outcome as sent', async () => {
    const answer = { success: false, reasonCode: 3, errorMessage: 'Looks like…', email: 'j***@example.com', phone: '(608) 555-1234', redactedData: 'email' };
    fetchMock.mockImplementation(async (input) =>
      String(input) === ANTI_FORGERY_URL ? new Response('<input type="hidden" value="t" />') : Response.json(answer),
    );
    await expect(joinRewards('6085551234')).resolves.toEqual(answer);
  });

  it('reject a 403 with the cookie message', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === ANTI_FORGERY_URL ? new Response('<input type="hidden" value="t" />') : new Response('{}', { status: 403 }),
    );
    const error = await findRewardsToLink({ phoneNumber: '6085551234' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).serverMessage).toMatch(/Customer Service at 1-800-210-2370/);
  });
});

