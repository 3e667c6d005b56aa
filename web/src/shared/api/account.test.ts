import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hawkRequests, recordHawkRequests } from '../tracking/testing';
import { resetTracking } from '../tracking/hawk';
import {
  ACCOUNT_URLS,
  authenticate,
  createOauthWithPhone,
  fetchCaptcha,
  fetchOauthNonce,
  fetchSignInOptions,
  finishPasskeySignIn,
  forgetSignInOptions,
  NO_SIGN_IN_OPTIONS,
  providerAuth,
  providerVerify,
  recoverPassword,
  register,
  resetPassword,
  startPasskeySignIn,
  verifyPassword,
} from './account';
import { forgetAntiForgeryToken, TOKEN_HEADER } from './antiforgery';
import { NetworkError } from './client';

const TOKEN = 'tok-42';
const fetchMock = vi.fn<typeof fetch>();

function answer(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(value), { status });
}

/** Answers the token call with TOKEN and every other call with `respond(path)`. */
function serve(respond: (path: string, init?: RequestInit) => Response) {
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/account/getantiforgerytoken') {
      return new Response(`<input type="hidden" name="__RequestVerificationToken" value="${TOKEN}">`);
    }
    return respond(path, init);
  });
}

function callsTo(path: string) {
  return fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === path);
}

function headerOf(path: string, index = 0): string | null {
  return new Headers(callsTo(path)[index]?.[1]?.headers).get(TOKEN_HEADER);
}

function bodyOf(path: string, index = 0): unknown {
  return JSON.parse(String(callsTo(path)[index]?.[1]?.body));
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  forgetAntiForgeryToken();
  forgetSignInOptions();
  resetTracking();
});

describe('token-header calls', () => {
  it.each([
    ['authenticate', ACCOUNT_URLS.authenticate, () => authenticate({ userName: 'a@example.com', password: 'x' })],
    [
      'register',
      ACCOUNT_URLS.register,
      () =>
        register({
          firstName: 'A',
          lastName: 'B',
          emailAddress: 'a@example.com',
          password: 'Password1',
          phoneNumber: '(555) 234-5678',
        }),
    ],
    ['recover', ACCOUNT_URLS.recover, () => recoverPassword('a@example.com')],
    ['reset', ACCOUNT_URLS.reset, () => resetPassword({ bid: 'cu_1', at: 'at', newPassword: 'Password1' })],
    ['verifyPassword', ACCOUNT_URLS.verifyPassword, () => verifyPassword('Password1')],
    [
      'createoauthwithphone',
      ACCOUNT_URLS.createOauthWithPhone,
      () => createOauthWithPhone({ loginMethod: 'Google', credentialToken: 'jwt', phoneNumber: '(555) 234-5678' }),
    ],
    ['passkey finish', ACCOUNT_URLS.passkeyFinish, () => finishPasskeySignIn({ id: 'c' })],
  ])('%s carries RequestVerificationToken', async (_name, path, call) => {
    serve(() => answer({ success: false, errorMessage: 'No.' }));
    await call();
    expect(callsTo(path)).toHaveLength(1);
    expect(callsTo(path)[0]![1]?.method).toBe('POST');
    expect(headerOf(path)).toBe(TOKEN);
  });

  it('the third-party auth and verify calls go without the token', async () => {
    serve(() => answer({ success: false, reason: 'InvalidCredential', errorMessage: 'No.', linked: false }));
    await providerAuth('Google', 'jwt');
    await providerVerify('Apple', '{"authorization":{}}');
    expect(headerOf(ACCOUNT_URLS.googleAuth)).toBeNull();
    expect(headerOf(ACCOUNT_URLS.appleVerify)).toBeNull();
    expect(callsTo('/account/getantiforgerytoken')).toHaveLength(0);
  });

  it('a 4xx rejects with the network error', async () => {
    serve(() => new Response('{}', { status: 422 }));
    await expect(authenticate({ userName: 'a@example.com', password: 'x' })).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('after a sign-in', () => {
  it('sends the Login event (code 9) and fetches a new token for the next call', async () => {
    const images = recordHawkRequests();
    serve(() =>
      answer({ success: true, passwordChangeRequired: false, redirectUrl: null, captchaFailed: false, captchaRequired: false, errorMessage: null }),
    );

    const result = await authenticate({ userName: 'a@example.com', password: 'Password1' });
    expect(result.success).toBe(true);

    const events = hawkRequests(images);
    expect(events).toHaveLength(1);
    expect(events[0]!.et).toBe(9);
    expect(events[0]!.event.event).toBe('Login');
    expect(JSON.parse(events[0]!.cd!)).toEqual({ method: 'Local' });

    await recoverPassword('a@example.com');
    expect(callsTo('/account/getantiforgerytoken')).toHaveLength(2);
  });

  it('a refused sign-in sends nothing and keeps the token', async () => {
    const images = recordHawkRequests();
    serve(() => answer({ success: false, errorMessage: 'Invalid Login — Please try again.', captchaRequired: true }));

    const result = await authenticate({ userName: 'a@example.com', password: 'bad' });
    expect(result).toMatchObject({ success: false, captchaRequired: true, captchaFailed: false });
    expect(hawkRequests(images)).toHaveLength(0);

    await authenticate({ userName: 'a@example.com', password: 'bad' });
    expect(callsTo('/account/getantiforgerytoken')).toHaveLength(1);
  });

  it.each([
    ['register', () => register({ firstName: 'A', lastName: 'B', emailAddress: 'a@example.com', password: 'Password1', phoneNumber: '5552345678' }), 'Local'],
    ['a provider', () => providerAuth('Facebook', '{"accessToken":"t","userID":"u"}'), 'Facebook'],
    ['createoauthwithphone', () => createOauthWithPhone({ loginMethod: 'Apple', credentialToken: '{}', phoneNumber: '5552345678' }), 'Apple'],
    ['a passkey', () => finishPasskeySignIn({ id: 'c' }), 'Passkey'],
  ])('%s success sends the Login event', async (_name, call, method) => {
    const images = recordHawkRequests();
    serve(() => answer({ success: true, linked: false }));
    await call();
    const events = hawkRequests(images);
    expect(events.map((e) => e.et)).toEqual([9]);
    expect(JSON.parse(events[0]!.cd!)).toEqual({ method });
  });

  it('a provider linked to the signed-in customer is no new sign-in', async () => {
    const images = recordHawkRequests();
    serve(() => answer({ success: true, linked: true }));
    await providerAuth('Google', 'jwt');
    expect(hawkRequests(images)).toHaveLength(0);
  });
});

describe('bodies and answers', () => {
  it('names each provider credential as its call does', async () => {
    serve(() => answer({ success: false }));
    await providerAuth('Google', 'jwt', { skipCartMerge: true });
    await providerAuth('Facebook', 'fb', { createNewAccount: true, phoneNumber: '(555) 234-5678' });
    await providerAuth('Apple', 'apple');
    expect(bodyOf(ACCOUNT_URLS.googleAuth)).toEqual({ credential: 'jwt', skipCartMerge: true, createNewAccount: false });
    expect(bodyOf(ACCOUNT_URLS.facebookAuth)).toEqual({
      authResponse: 'fb',
      skipCartMerge: false,
      createNewAccount: true,
      phoneNumber: '(555) 234-5678',
    });
    expect(bodyOf(ACCOUNT_URLS.appleAuth)).toEqual({ signInResponse: 'apple', skipCartMerge: false, createNewAccount: false });
  });

  it('reads the rewards fields of a registration answer', async () => {
    serve(() =>
      answer({
        success: false,
        reasonCode: 12,
        errorMessage: null,
        email: 'j***@example.com',
        phone: '(***) ***-1234',
        redactedData: 'both',
        secondEmail: 'k***@example.com',
        secondPhone: '(***) ***-9876',
        secondRedactedData: 'bogus',
      }),
    );
    const result = await register({ firstName: 'A', lastName: 'B', emailAddress: 'a@example.com', password: 'P', phoneNumber: '1' });
    expect(result).toMatchObject({
      success: false,
      reasonCode: 12,
      email: 'j***@example.com',
      phone: '(***) ***-1234',
      redactedData: 'both',
      secondEmail: 'k***@example.com',
      secondPhone: '(***) ***-9876',
      secondRedactedData: null,
    });
  });

  it('recover answers the message to show', async () => {
    serve(() => answer({ success: true, message: 'Check your mail.' }));
    await expect(recoverPassword('a@example.com')).resolves.toMatchObject({ success: true, message: 'Check your mail.' });
    expect(bodyOf(ACCOUNT_URLS.recover)).toEqual({ emailAddress: 'a@example.com' });
  });

  it('reads the captcha challenge of either kind', async () => {
    serve(() => answer({ kind: 'proofOfWork', challenge: 'abc.def', difficulty: 18 }));
    await expect(fetchCaptcha()).resolves.toEqual({ kind: 'proofOfWork', challenge: 'abc.def', difficulty: 18 });
    serve(() => answer({ kind: 'recaptcha', siteKey: 'site-1' }));
    await expect(fetchCaptcha()).resolves.toEqual({ kind: 'recaptcha', siteKey: 'site-1' });
    serve(() => answer({ kind: 'other' }));
    await expect(fetchCaptcha()).rejects.toThrow();
  });

  it('reads the nonce and the passkey options', async () => {
    serve((path) =>
      path === ACCOUNT_URLS.oauthNonce ? answer({ nonce: 'n-1' }) : answer({ publicKey: { challenge: 'AQID' }, mediation: 'conditional' }),
    );
    await expect(fetchOauthNonce()).resolves.toBe('n-1');
    await expect(startPasskeySignIn()).resolves.toEqual({ publicKey: { challenge: 'AQID' }, mediation: 'conditional' });
    expect(headerOf(ACCOUNT_URLS.passkeyStart)).toBe(TOKEN);
  });
});

describe('sign-in options', () => {
  it('answers the configured client ids, asked once', async () => {
    serve(() => answer({ google: 'g-id', apple: null, facebook: 'fb-id' }));
    await expect(fetchSignInOptions()).resolves.toEqual({ google: 'g-id', apple: null, facebook: 'fb-id' });
    await fetchSignInOptions();
    expect(callsTo(ACCOUNT_URLS.signInOptions)).toHaveLength(1);
  });

  it('counts a failure as nothing configured, and asks again later', async () => {
    serve(() => new Response(null, { status: 404 }));
    await expect(fetchSignInOptions()).resolves.toEqual(NO_SIGN_IN_OPTIONS);
    await fetchSignInOptions();
    expect(callsTo(ACCOUNT_URLS.signInOptions)).toHaveLength(2);
  });
});
