import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAntiForgeryToken, TOKEN_HEADER } from './antiforgery';
import {
  ACCOUNT_CERTIFICATE_URL,
  APPLY_CERTIFICATE_URL,
  ALREADY_APPROVED_MESSAGE,
  applyForTaxExemption,
  applyRefusal,
  CHECK_APPLICATION_MESSAGE,
  fetchTaxExemption,
  isSignInNeeded,
  TAX_EXEMPTION_FIELD_MESSAGES,
  toTaxExemptionView,
} from './certificate';
import { IDEMPOTENCY_KEY_HEADER, NetworkError } from './client';
import { fetchDouble } from './fetchDouble';

vi.mock('../tracking/hawk', () => ({ trackEvent: vi.fn() }));

const { fetch: fetchMock, answer, calls: recorded } = fetchDouble();

/** The calls made, without the token fetch and error reports. */
function calls() {
  return recorded().map(({ url, method, body, headers }) => ({
    url,
    method,
    body,
    token: headers.get(TOKEN_HEADER),
    idempotencyKey: headers.get(IDEMPOTENCY_KEY_HEADER),
    contentType: headers.get('Content-Type'),
  }));
}

const notSignedIn = { success: false, code: 'NotSignedIn', message: 'Please sign in.' };

const PENDING = {
  status: 'Pending',
  kind: 'Farm',
  state: 'WI',
  businessName: 'Miller Family Farm',
  certificateLast4: '4821',
  appliedAt: '2026-03-02T15:00:00Z',
  decidedAt: null,
  reason: null,
};

const REQUEST = {
  kind: 'Farm',
  state: 'WI',
  businessName: 'Miller Family Farm',
  certificateNumber: 'S211-004821',
} as const;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  forgetAntiForgeryToken();
});

describe('reading the exemption', () => {
  it('GETs the customer’s exemption and keeps what is sent', async () => {
    answer(PENDING);
    const view = await fetchTaxExemption();
    expect(calls()).toEqual([
      {
        url: ACCOUNT_CERTIFICATE_URL,
        method: 'GET',
        body: undefined,
        token: null,
        idempotencyKey: null,
        contentType: null,
      },
    ]);
    expect(view).toEqual(PENDING);
  });

  it('answers null for a guest (401)', async () => {
    answer(notSignedIn, 401);
    expect(await fetchTaxExemption()).toBeNull();
  });

  it('rejects other failures and a 200 that is not an exemption', async () => {
    answer(new Response('oops', { status: 503 }));
    const failed = await fetchTaxExemption().catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(NetworkError);
    expect((failed as NetworkError).status).toBe(503);

    answer(['not', 'an', 'object']);
    const junk = await fetchTaxExemption().catch((e: unknown) => e);
    expect(junk).toBeInstanceOf(NetworkError);
    expect((junk as NetworkError).status).toBe(200);
  });
});

describe('toTaxExemptionView', () => {
  it('defaults what is missing or of the wrong type', () => {
    expect(toTaxExemptionView({})).toEqual({
      status: 'None',
      kind: null,
      state: null,
      businessName: null,
      certificateLast4: null,
      appliedAt: null,
      decidedAt: null,
      reason: null,
    });
    expect(
      toTaxExemptionView({
        status: 'Suspended',
        kind: 'Church',
        state: 'Wisconsin',
        businessName: '   ',
        certificateLast4: 4821,
        appliedAt: 17,
        reason: '',
      }),
    ).toMatchObject({ status: 'None', kind: null, state: null, businessName: null, certificateLast4: null, appliedAt: null, reason: null });
  });

  it('tidies what is sent: the state’s code in capitals, names and reasons trimmed, four last characters', () => {
    expect(
      toTaxExemptionView({
        status: 'Rejected',
        kind: 'Resale',
        state: ' il ',
        businessName: ' Corner Feed & Seed ',
        certificateLast4: 'CRT-61-1234',
        appliedAt: '2026-03-02T15:00:00Z',
        decidedAt: '2026-03-03T15:00:00Z',
        reason: ' The certificate has expired. ',
      }),
    ).toEqual({
      status: 'Rejected',
      kind: 'Resale',
      state: 'IL',
      businessName: 'Corner Feed & Seed',
      certificateLast4: '1234',
      appliedAt: '2026-03-02T15:00:00Z',
      decidedAt: '2026-03-03T15:00:00Z',
      reason: 'The certificate has expired.',
    });
  });

  it('is null for an answer that is not an object', () => {
    expect(toTaxExemptionView(null)).toBeNull();
    expect(toTaxExemptionView('Pending')).toBeNull();
    expect(toTaxExemptionView([PENDING])).toBeNull();
  });
});

describe('applying', () => {
  it('POSTs the application as JSON with the token and an idempotency key, its text trimmed', async () => {
    answer({ success: true, status: 'Pending' });
    const applied = await applyForTaxExemption({
      kind: 'Farm',
      state: 'wi',
      businessName: '  Miller Family Farm ',
      certificateNumber: ' S211-004821 ',
    });
    expect(calls()).toEqual([
      {
        url: APPLY_CERTIFICATE_URL,
        method: 'POST',
        body: REQUEST,
        token: 'tok',
        idempotencyKey: expect.any(String),
        contentType: 'application/json',
      },
    ]);
    expect(applied).toEqual({ success: true, status: 'Pending' });
  });

  it('each application carries a key of its own', async () => {
    answer({ success: true, status: 'Pending' });
    await applyForTaxExemption(REQUEST);
    await applyForTaxExemption(REQUEST);
    const [first, second] = calls().map((c) => c.idempotencyKey);
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(first).not.toBe(second);
  });

  it('an answer without a status is taken as pending', async () => {
    answer({ success: true });
    expect(await applyForTaxExemption(REQUEST)).toEqual({ success: true, status: 'Pending' });
  });

  it('a 422 names the field refused, with the server’s sentence', async () => {
    const message = 'Please enter a valid certificate number.';
    answer({ success: false, code: 'InvalidField', field: 'certificateNumber', message }, 422);
    const error = await applyForTaxExemption(REQUEST).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(applyRefusal(error)).toEqual({ kind: 'field', field: 'certificateNumber', message });
  });

  it('a 422 without words has the field’s own, or asks to check the application', () => {
    expect(applyRefusal(new NetworkError(422, { field: 'state' }))).toEqual({
      kind: 'field',
      field: 'state',
      message: TAX_EXEMPTION_FIELD_MESSAGES.state,
    });
    expect(applyRefusal(new NetworkError(422, { field: 'nickname', serverMessage: 'No.' }))).toEqual({
      kind: 'field',
      field: null,
      message: 'No.',
    });
    expect(applyRefusal(new NetworkError(422))).toEqual({ kind: 'field', field: null, message: CHECK_APPLICATION_MESSAGE });
  });

  it('a 409 says the exemption is already approved', async () => {
    answer({ success: false, code: 'AlreadyApproved', message: ALREADY_APPROVED_MESSAGE }, 409);
    const error = await applyForTaxExemption(REQUEST).catch((e: unknown) => e);
    expect(applyRefusal(error)).toEqual({ kind: 'approved', message: 'Your tax exemption is already approved.' });
    expect(applyRefusal(new NetworkError(409))).toEqual({ kind: 'approved', message: ALREADY_APPROVED_MESSAGE });
  });

  it('a 401 asks to sign in again', async () => {
    answer(notSignedIn, 401);
    const error = await applyForTaxExemption(REQUEST).catch((e: unknown) => e);
    expect(isSignInNeeded(error)).toBe(true);
    expect(applyRefusal(error)).toEqual({ kind: 'signIn' });
  });

  it('other failures carry the server’s words when it sent any', async () => {
    answer({ success: false, code: 'Unavailable', message: 'Please try again later.' }, 503);
    expect(applyRefusal(await applyForTaxExemption(REQUEST).catch((e: unknown) => e))).toEqual({
      kind: 'failed',
      message: 'Please try again later.',
    });
    answer(new Response('oops', { status: 500 }));
    expect(applyRefusal(await applyForTaxExemption(REQUEST).catch((e: unknown) => e))).toEqual({
      kind: 'failed',
      message: null,
    });
    expect(applyRefusal(new Error('x'))).toEqual({ kind: 'failed', message: null });
  });

  it('the form’s messages are the server’s words', () => {
    expect(TAX_EXEMPTION_FIELD_MESSAGES).toEqual({
      kind: 'Please choose an exemption type.',
      state: 'Please choose a state.',
      businessName: 'Please enter the name on the certificate.',
      certificateNumber: 'Please enter a valid certificate number.',
    });
  });
});
