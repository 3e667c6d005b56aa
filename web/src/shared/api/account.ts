/**
 * The account calls of the sign-in pages (accounts-rewards-search §3, §7): sign-in, create
 * account, password recovery and reset, re-authentication, third-party sign-in, passkeys
 * and the captcha. The sign-in pages' rewards call (`sendverificationcode`) is ./rewards.ts's.
 *
 * Every business outcome answers 200 with `success` and, when not, `errorMessage` and a
 * `reasonCode` (spec §8); anything else rejects with the client's `NetworkError` ('A network
 * error has occurred', or the legacy texts of a token-header call's 403 and 404).
 *
 * 'Token header' calls (spec §7, docs/decisions.md "Accounts") go through `postWithToken`:
 * authenticate, register, reset, recover, verifyPassword, createoauthwithphone and both
 * passkey calls.
 *
 * A successful sign-in or registration changes the session, so it forgets the anti-forgery
 * token (the next call fetches the new one) and sends the Login tracking event (code 9).
 * An answer that signed in carries `headerJson`, the header data for the browser right after
 * the sign-in (`refreshHeader({ header })` takes it; null when absent).
 */
import { forgetAntiForgeryToken, postWithToken } from './antiforgery';
import { apiGet, apiRequest } from './client';
import { asObject, bool, isObject, num, strOrNull, type Json } from './json';
import type { Wire } from './wire';
import { trackEvent } from '../tracking/hawk';

export const ACCOUNT_URLS = {
  authenticate: '/account/authenticate',
  register: '/account/register',
  recover: '/account/recover',
  reset: '/account/reset',
  verifyPassword: '/account/verifyPassword',
  createOauthWithPhone: '/account/createoauthwithphone',
  googleAuth: '/account/google-auth',
  facebookAuth: '/account/facebook-auth',
  appleAuth: '/account/apple-auth',
  googleVerify: '/account/google-verify',
  facebookVerify: '/account/facebook-verify',
  appleVerify: '/account/apple-verify',
  passkeyStart: '/account/passkey/start',
  passkeyFinish: '/account/passkey/finish',
  captcha: '/account/captcha',
  oauthNonce: '/account/oauth-nonce',
  signInOptions: '/account/sign-in-options',
} as const;

/** Spec §8 rewards reason codes (one table: `shared/api/rewards.ts`). */
export { REWARDS_REASON_CODES as REASON_CODES } from './rewards';

/** The third-party answer's `reason` when no account goes with the identity (spec §3). */
export const NEW_ACCOUNT_REASON = 'New Account';

/**
 * An answer that may sign the browser in, with `headerJson`: what `GET
 * /globalresource/header/?deptMenu=omit` answers for the browser right after the sign-in
 * (no `deptMenu`); null on a failure, or when the server sent none (then the header is
 * fetched).
 */
export type WithHeaderJson<Answer> = Omit<Answer, 'headerJson'> & { headerJson: Json | null };

export type SignInRequest = Wire<'SignInRequest'>;
export type SignInAnswer = WithHeaderJson<Wire<'SignInAnswer'>>;
export type RegisterRequest = Wire<'RegisterRequest'>;
export type RegisterAnswer = WithHeaderJson<Wire<'RegisterAnswer'>>;
/** Also reset's answer, which signs in (`headerJson`; null for the others). */
export type AccountAnswer = WithHeaderJson<Wire<'AccountAnswer'>>;
export type ResetRequest = Wire<'ResetRequest'>;
export type OauthWithPhoneRequest = Wire<'OauthWithPhoneRequest'>;
export type ProviderCheck = Wire<'ProviderCheck'>;
export type CaptchaChallenge = Wire<'CaptchaChallenge'>;
export type PasskeyOptions = Wire<'PasskeyOptions'>;

/** The accounts a registration's phone and email matched (spec §3 "Create account"). */
export type RewardsMatchFields = Pick<
  RegisterAnswer,
  'email' | 'phone' | 'redactedData' | 'secondEmail' | 'secondPhone' | 'secondRedactedData'
>;

/**
 * A third-party answer. `createoauthwithphone` also answers the rewards reason codes of a
 * registration (3, 12, 1) with the matched accounts, and `createdRewardsDesync`.
 */
export type ProviderAnswer = WithHeaderJson<Wire<'ProviderAnswer'>> &
  Partial<RewardsMatchFields> &
  Partial<Pick<RegisterAnswer, 'createdRewardsDesync'>>;

/** The providers of third-party sign-in (spec §3 loginMethod, without Local). */
export type LoginMethod = 'Google' | 'Facebook' | 'Apple';
export const LOGIN_METHODS: readonly LoginMethod[] = ['Google', 'Facebook', 'Apple'];

export function isLoginMethod(value: unknown): value is LoginMethod {
  return value === 'Google' || value === 'Facebook' || value === 'Apple';
}

/** How a Login event says the customer signed in. */
export type SignInMethod = LoginMethod | 'Local' | 'Passkey';

/**
 * The client ids of the third-party providers as configured on the server
 * (`GET /account/sign-in-options`); null for one that is off.
 */
export type SignInOptions = Wire<'SignInOptions'>;

export const NO_SIGN_IN_OPTIONS: SignInOptions = Object.freeze({
  google: null,
  apple: null,
  facebook: null,
});

// ------------------------------------------------------------------ normalising

function reasonCode(value: unknown): number | null {
  const n = num(value, Number.NaN);
  return Number.isInteger(n) ? n : null;
}

function redacted(value: unknown): Wire<'Redacted'> | null {
  return value === 'email' || value === 'phone' || value === 'both' ? value : null;
}

/** The answer's header data when it is an object, else null. */
function headerJson(value: unknown): Json | null {
  return isObject(value) ? value : null;
}

function matchFields(b: Json): RewardsMatchFields {
  return {
    email: strOrNull(b.email),
    phone: strOrNull(b.phone),
    redactedData: redacted(b.redactedData),
    secondEmail: strOrNull(b.secondEmail),
    secondPhone: strOrNull(b.secondPhone),
    secondRedactedData: redacted(b.secondRedactedData),
  };
}

export function toSignInAnswer(value: unknown): SignInAnswer {
  const b = asObject(value);
  return {
    success: bool(b.success),
    passwordChangeRequired: bool(b.passwordChangeRequired),
    redirectUrl: strOrNull(b.redirectUrl),
    captchaFailed: bool(b.captchaFailed),
    captchaRequired: bool(b.captchaRequired),
    errorMessage: strOrNull(b.errorMessage),
    headerJson: headerJson(b.headerJson),
  };
}

export function toRegisterAnswer(value: unknown): RegisterAnswer {
  const b = asObject(value);
  return {
    success: bool(b.success),
    errorMessage: strOrNull(b.errorMessage),
    reasonCode: reasonCode(b.reasonCode),
    headerJson: headerJson(b.headerJson),
    createdRewardsDesync: bool(b.createdRewardsDesync),
    ...matchFields(b),
  };
}

export function toAccountAnswer(value: unknown): AccountAnswer {
  const b = asObject(value);
  return {
    success: bool(b.success),
    errorMessage: strOrNull(b.errorMessage),
    message: strOrNull(b.message),
    reasonCode: reasonCode(b.reasonCode),
    redirectUrl: strOrNull(b.redirectUrl),
    headerJson: headerJson(b.headerJson),
  };
}

export function toProviderAnswer(value: unknown): ProviderAnswer {
  const b = asObject(value);
  return {
    success: bool(b.success),
    errorMessage: strOrNull(b.errorMessage),
    linked: bool(b.linked),
    reason: strOrNull(b.reason),
    reasonCode: reasonCode(b.reasonCode),
    createdRewardsDesync: bool(b.createdRewardsDesync),
    headerJson: headerJson(b.headerJson),
    ...matchFields(b),
  };
}

// ------------------------------------------------------------------ after a sign-in

/**
 * The session changed to a signed-in one: forget the anti-forgery token and send the Login
 * tracking event (code 9). Exported for callers that learn of a sign-in some other way.
 */
export function signedIn(method: SignInMethod): void {
  forgetAntiForgeryToken();
  try {
    trackEvent('Login', { request_path: window.location.pathname }, null, { customData: { method } });
  } catch {
    // Tracking never fails a sign-in.
  }
}

// ------------------------------------------------------------------ sign-in, create, recover

/** POST /account/authenticate (token header). */
export async function authenticate(request: SignInRequest): Promise<SignInAnswer> {
  const answer = toSignInAnswer(await postWithToken<unknown>(ACCOUNT_URLS.authenticate, request));
  if (answer.success) signedIn('Local');
  return answer;
}

/** POST /account/register (token header). A success signs the new account in. */
export async function register(request: RegisterRequest): Promise<RegisterAnswer> {
  const answer = toRegisterAnswer(await postWithToken<unknown>(ACCOUNT_URLS.register, request));
  if (answer.success) signedIn('Local');
  return answer;
}

/** POST /account/recover (token header): `message` holds what to tell the customer. */
export async function recoverPassword(emailAddress: string): Promise<AccountAnswer> {
  const request: Wire<'RecoverRequest'> = { emailAddress };
  return toAccountAnswer(await postWithToken<unknown>(ACCOUNT_URLS.recover, request));
}

/** POST /account/reset (token header). A success signs in. */
export async function resetPassword(request: ResetRequest): Promise<AccountAnswer> {
  const answer = toAccountAnswer(await postWithToken<unknown>(ACCOUNT_URLS.reset, request));
  if (answer.success) signedIn('Local');
  return answer;
}

/** POST /account/verifyPassword (token header): the signed-in customer's password again. */
export async function verifyPassword(password: string): Promise<AccountAnswer> {
  const request: Wire<'VerifyPasswordRequest'> = { password };
  return toAccountAnswer(await postWithToken<unknown>(ACCOUNT_URLS.verifyPassword, request));
}

// ------------------------------------------------------------------ third parties

/** GET /account/oauth-nonce: the nonce Google's and Apple's ID tokens must carry. */
export async function fetchOauthNonce(): Promise<string> {
  const nonce = strOrNull(asObject(await apiGet<unknown>(ACCOUNT_URLS.oauthNonce)).nonce);
  if (nonce === null) throw new Error('No sign-in nonce');
  return nonce;
}

export interface ProviderAuthOptions {
  skipCartMerge?: boolean;
  createNewAccount?: boolean;
  /** With createNewAccount: the phone of the account made without rewards. */
  phoneNumber?: string;
}

/** What each provider's auth call names its credential (spec §7). */
const CREDENTIAL_FIELD = {
  Google: 'credential',
  Facebook: 'authResponse',
  Apple: 'signInResponse',
} as const satisfies Record<LoginMethod, string>;

const AUTH_URL = {
  Google: ACCOUNT_URLS.googleAuth,
  Facebook: ACCOUNT_URLS.facebookAuth,
  Apple: ACCOUNT_URLS.appleAuth,
} as const satisfies Record<LoginMethod, string>;

const VERIFY_URL = {
  Google: ACCOUNT_URLS.googleVerify,
  Facebook: ACCOUNT_URLS.facebookVerify,
  Apple: ACCOUNT_URLS.appleVerify,
} as const satisfies Record<LoginMethod, string>;

/** The auth call's body (`phoneNumber` rides along when making an account without rewards). */
export type ProviderAuthRequest =
  | Wire<'GoogleAuthRequest'>
  | Wire<'FacebookAuthRequest'>
  | Wire<'AppleAuthRequest'>;

export function providerAuthRequest(
  method: LoginMethod,
  credentialToken: string,
  options: ProviderAuthOptions = {},
): ProviderAuthRequest & { phoneNumber?: string } {
  const common = {
    skipCartMerge: options.skipCartMerge === true,
    createNewAccount: options.createNewAccount === true,
    ...(options.phoneNumber ? { phoneNumber: options.phoneNumber } : {}),
  };
  switch (method) {
    case 'Google':
      return { credential: credentialToken, ...common };
    case 'Facebook':
      return { authResponse: credentialToken, ...common };
    case 'Apple':
      return { signInResponse: credentialToken, ...common };
  }
}

/**
 * POST /account/google-auth, facebook-auth or apple-auth with the provider's credential
 * (Google's ID token, Facebook's authResponse or Apple's sign-in answer as text). A success
 * that signed in (not a link to the signed-in customer) sends the Login event.
 */
export async function providerAuth(
  method: LoginMethod,
  credentialToken: string,
  options: ProviderAuthOptions = {},
): Promise<ProviderAnswer> {
  const answer = toProviderAnswer(
    await apiRequest<unknown>(AUTH_URL[method], {
      method: 'POST',
      body: providerAuthRequest(method, credentialToken, options),
    }),
  );
  if (answer.success && !answer.linked) signedIn(method);
  return answer;
}

/** POST /account/google-verify, facebook-verify or apple-verify: is the credential valid? */
export async function providerVerify(method: LoginMethod, credentialToken: string): Promise<ProviderCheck> {
  const b = asObject(
    await apiRequest<unknown>(VERIFY_URL[method], {
      method: 'POST',
      body: { [CREDENTIAL_FIELD[method]]: credentialToken },
    }),
  );
  return { success: bool(b.success), accountExists: bool(b.accountExists), linked: bool(b.linked) };
}

/**
 * POST /account/createoauthwithphone (token header): the account of a new third-party
 * sign-in, with the phone the customer typed.
 */
export async function createOauthWithPhone(request: OauthWithPhoneRequest): Promise<ProviderAnswer> {
  const answer = toProviderAnswer(await postWithToken<unknown>(ACCOUNT_URLS.createOauthWithPhone, request));
  if (answer.success && isLoginMethod(request.loginMethod)) signedIn(request.loginMethod);
  return answer;
}

// ------------------------------------------------------------------ passkeys

/** POST /account/passkey/start (token header): options for `navigator.credentials.get`. */
export async function startPasskeySignIn(): Promise<PasskeyOptions> {
  const b = asObject(await postWithToken<unknown>(ACCOUNT_URLS.passkeyStart));
  if (!isObject(b.publicKey)) throw new Error('No passkey options');
  return { publicKey: b.publicKey as PasskeyOptions['publicKey'], mediation: strOrNull(b.mediation) };
}

/**
 * POST /account/passkey/finish (token header) with what `navigator.credentials.get` made
 * (binary fields in base64url). A success signs in.
 */
export async function finishPasskeySignIn(credential: Json, saveLogin = false): Promise<SignInAnswer> {
  const request = { credential, saveLogin } as Wire<'PasskeyFinishRequest'>;
  const answer = toSignInAnswer(await postWithToken<unknown>(ACCOUNT_URLS.passkeyFinish, request));
  if (answer.success) signedIn('Passkey');
  return answer;
}

// ------------------------------------------------------------------ captcha, options

/** GET /account/captcha: a proof-of-work puzzle, or reCAPTCHA's site key. */
export async function fetchCaptcha(): Promise<CaptchaChallenge> {
  const b = asObject(await apiGet<unknown>(ACCOUNT_URLS.captcha));
  if (b.kind === 'recaptcha' && typeof b.siteKey === 'string' && b.siteKey) {
    return { kind: 'recaptcha', siteKey: b.siteKey };
  }
  const difficulty = num(b.difficulty, Number.NaN);
  if (b.kind === 'proofOfWork' && typeof b.challenge === 'string' && b.challenge && difficulty >= 1) {
    return { kind: 'proofOfWork', challenge: b.challenge, difficulty };
  }
  throw new Error('Unreadable captcha');
}

let signInOptions: Promise<SignInOptions> | null = null;

/**
 * GET /account/sign-in-options, once per page: the configured client ids. A failure counts as
 * nothing configured (and is asked again next time).
 */
export function fetchSignInOptions(): Promise<SignInOptions> {
  if (!signInOptions) {
    const mine: Promise<SignInOptions> = apiGet<unknown>(ACCOUNT_URLS.signInOptions).then(
      (value) => {
        const b = asObject(value);
        return {
          google: strOrNull(b.google),
          apple: strOrNull(b.apple),
          facebook: strOrNull(b.facebook),
        };
      },
      () => {
        if (signInOptions === mine) signInOptions = null;
        return NO_SIGN_IN_OPTIONS;
      },
    );
    signInOptions = mine;
  }
  return signInOptions;
}

/** Tests: forget the options fetched. */
export function forgetSignInOptions(): void {
  signInOptions = null;
}
