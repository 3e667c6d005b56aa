import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAntiForgeryToken } from '../shared/api/antiforgery';
import { resetTracking } from '../shared/tracking/hawk';
import {
  assertionToJson,
  base64UrlToBuffer,
  bufferToBase64Url,
  passkeysSupported,
  requestOptionsFromJson,
  signInWithPasskey,
} from './passkey';
import { json, routeFetch, TEST_TOKEN } from './signin/testing';

function bytes(...values: number[]): ArrayBuffer {
  return new Uint8Array(values).buffer;
}

function fakeAssertion(): PublicKeyCredential {
  return {
    id: 'cred-1',
    rawId: bytes(1, 2, 3),
    type: 'public-key',
    getClientExtensionResults: () => ({}),
    response: {
      clientDataJSON: bytes(123, 125),
      authenticatorData: bytes(0xfb, 0xff),
      signature: bytes(9),
      userHandle: bytes(7, 7),
    },
  } as unknown as PublicKeyCredential;
}

beforeEach(() => {
  forgetAntiForgeryToken();
  resetTracking();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('base64url', () => {
  it('round-trips bytes without padding', () => {
    expect(bufferToBase64Url(bytes(0xfb, 0xff, 0xbf))).toBe('-_-_');
    expect(bufferToBase64Url(bytes(1))).toBe('AQ');
    expect(new Uint8Array(base64UrlToBuffer('AQ'))).toEqual(new Uint8Array([1]));
    expect(new Uint8Array(base64UrlToBuffer('-_-_'))).toEqual(new Uint8Array([0xfb, 0xff, 0xbf]));
  });

  it('turns the options into bytes and the assertion into text', () => {
    const options = requestOptionsFromJson({
      challenge: 'AQID',
      rpId: 'localhost',
      userVerification: 'required',
      allowCredentials: [{ type: 'public-key', id: 'BAU' }],
    });
    expect(new Uint8Array(options.challenge as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 3]));
    expect(options.rpId).toBe('localhost');
    expect(new Uint8Array(options.allowCredentials![0]!.id as ArrayBuffer)).toEqual(new Uint8Array([4, 5]));

    expect(assertionToJson(fakeAssertion())).toEqual({
      id: 'cred-1',
      rawId: 'AQID',
      type: 'public-key',
      extensions: {},
      response: { clientDataJSON: 'e30', authenticatorData: '-_8', signature: 'CQ', userHandle: 'Bwc' },
    });
  });
});

describe('signInWithPasskey', () => {
  it('is offered only where the browser has WebAuthn', () => {
    expect(passkeysSupported()).toBe(false);
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get: vi.fn() } });
    expect(passkeysSupported()).toBe(true);
  });

  it('runs the ceremony: start, the browser, finish', async () => {
    const get = vi.fn(async () => fakeAssertion());
    Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get } });
    const server = routeFetch({
      '/account/passkey/start': () => json({ publicKey: { challenge: 'AQID', allowCredentials: [] }, mediation: 'conditional' }),
      '/account/passkey/finish': () => json({ success: true, passwordChangeRequired: false }),
    });

    const answer = await signInWithPasskey(true);

    expect(answer?.success).toBe(true);
    const options = (get.mock.calls[0] as unknown as [CredentialRequestOptions])[0];
    expect(options.mediation).toBeUndefined();
    expect(new Uint8Array(options.publicKey!.challenge as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 3]));
    const finish = server.to('/account/passkey/finish')[0]!;
    expect(finish.headers.get('RequestVerificationToken')).toBe(TEST_TOKEN);
    expect(finish.body).toMatchObject({ saveLogin: true, credential: { id: 'cred-1', rawId: 'AQID' } });
  });

  it('answers null when the visitor cancels', async () => {
    Object.defineProperty(navigator, 'credentials', {
      configurable: true,
      value: { get: vi.fn(async () => Promise.reject(new DOMException('no', 'NotAllowedError'))) },
    });
    const server = routeFetch({ '/account/passkey/start': () => json({ publicKey: { challenge: 'AQID' } }) });
    await expect(signInWithPasskey()).resolves.toBeNull();
    expect(server.to('/account/passkey/finish')).toHaveLength(0);
  });
});
