import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session';
import { forgetAntiForgeryToken } from '../shared/api/antiforgery';
import { completeRegistrationWithoutRewards, usePendingRegistration } from './pendingRegistration';
import { json, routeFetch, TEST_TOKEN } from './signin/testing';
import { useSignInPanel } from './signInPanelStore';

const LOCAL_REQUEST = {
  firstName: 'Jane',
  lastName: 'Doe',
  emailAddress: 'jane@example.com',
  phoneNumber: '(555) 234-5678',
  password: 'Password1',
  saveLogin: true,
};

beforeEach(() => {
  usePendingRegistration.getState().set(null);
  useSignInPanel.getState().reset();
  useSession.getState().reset();
  forgetAntiForgeryToken();
});

describe('completeRegistrationWithoutRewards', () => {
  it('with nothing pending, is done at once', async () => {
    const server = routeFetch();
    await expect(completeRegistrationWithoutRewards()).resolves.toEqual({ ok: true });
    expect(server.calls).toHaveLength(0);
  });

  it('local: registers with skipConnectingRewards true, signs in and forgets the registration', async () => {
    const server = routeFetch({
      '/account/register': () => json({ success: true, reasonCode: null, errorMessage: null }),
      '/globalresource/header/': () => json({ loggedIn: true, customer: { firstName: 'Jane' } }),
    });
    usePendingRegistration.getState().set({ kind: 'local', request: LOCAL_REQUEST });

    await expect(completeRegistrationWithoutRewards()).resolves.toEqual({ ok: true, headerJson: null });

    const [call] = server.to('/account/register');
    expect(call!.body).toEqual({ ...LOCAL_REQUEST, skipConnectingRewards: true });
    expect(call!.headers.get('RequestVerificationToken')).toBe(TEST_TOKEN);
    expect(usePendingRegistration.getState().pending).toBeNull();
    await vi.waitFor(() => expect(useSession.getState().loggedIn).toBe(true));
  });

  it("oauth: the provider's auth call with createNewAccount true and the phone", async () => {
    const server = routeFetch({
      '/account/apple-auth': () => json({ success: true, linked: false, reason: null, reasonCode: null, errorMessage: null }),
    });
    usePendingRegistration.getState().set({
      kind: 'oauth',
      request: { loginMethod: 'Apple', credentialToken: '{"authorization":{}}', phoneNumber: '(555) 234-5678', skipCartMerge: true },
    });

    await expect(completeRegistrationWithoutRewards()).resolves.toEqual({ ok: true, headerJson: null });

    expect(server.bodies('/account/apple-auth')).toEqual([
      {
        signInResponse: '{"authorization":{}}',
        createNewAccount: true,
        phoneNumber: '(555) 234-5678',
        skipCartMerge: true,
      },
    ]);
    expect(usePendingRegistration.getState().pending).toBeNull();
    expect(server.to('/globalresource/header/')).toHaveLength(1);
  });

  it("takes the answer's headerJson as the header data, without fetching it", async () => {
    const header = { loggedIn: true, greeting: 'Hi, Jane', customer: { firstName: 'Jane' }, cartSummaryJson: { cartQty: 2 } };
    const server = routeFetch({
      '/account/register': () => json({ success: true, reasonCode: null, errorMessage: null, headerJson: header }),
    });
    usePendingRegistration.getState().set({ kind: 'local', request: LOCAL_REQUEST });

    await expect(completeRegistrationWithoutRewards()).resolves.toEqual({ ok: true, headerJson: header });

    expect(useSession.getState()).toMatchObject({ loggedIn: true, greeting: 'Hi, Jane', cartQty: 2 });
    expect(server.to('/globalresource/header/')).toHaveLength(0);
  });

  it("a refusal answers '{error} - {message}', is reported, and keeps the registration", async () => {
    const server = routeFetch({
      '/account/google-auth': () =>
        json({ success: false, linked: false, reason: 'EmailRequired', reasonCode: null, errorMessage: 'No address.' }),
      '/a/log/': () => new Response(null, { status: 204 }),
    });
    usePendingRegistration.getState().set({
      kind: 'oauth',
      request: { loginMethod: 'Google', credentialToken: 'jwt', phoneNumber: '(555) 234-5678' },
    });

    await expect(completeRegistrationWithoutRewards()).resolves.toEqual({ ok: false, message: 'EmailRequired - No address.' });
    expect(server.to('/a/log/')).toHaveLength(1);
    expect(usePendingRegistration.getState().pending).not.toBeNull();
  });

  it('a local refusal without words, and a failed call, answer the generic or network text', async () => {
    const answers = [json({ success: false, errorMessage: null }), new Response(null, { status: 500 })];
    routeFetch({
      '/account/register': () => answers.shift()!,
      '/a/log/': () => new Response(null, { status: 204 }),
    });
    usePendingRegistration.getState().set({ kind: 'local', request: LOCAL_REQUEST });

    await expect(completeRegistrationWithoutRewards()).resolves.toEqual({
      ok: false,
      message: 'Something went wrong. Please try again later.',
    });
    await expect(completeRegistrationWithoutRewards()).resolves.toEqual({
      ok: false,
      message: 'A network error has occurred',
    });
  });
});
