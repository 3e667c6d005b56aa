/**
 * The client libraries of third-party sign-in (Google Identity Services, the Facebook SDK,
 * Sign in with Apple) and of reCAPTCHA: each is loaded only when its client id is configured
 * (`GET /account/sign-in-options`), at most once per page, and given up after the spec's
 * script-loading timeout (§9: 120 s).
 *
 * Each sign-in answers the credential the store's auth call takes (spec §7): Google's ID
 * token, Facebook's authResponse as text, Apple's sign-in answer as text. Google's and
 * Apple's carry the store's nonce (`GET /account/oauth-nonce`). A popup the visitor closed
 * answers null (spec §8: silently ignored); other failures reject with a `ProviderError`.
 */

export const SCRIPT_TIMEOUT_MS = 120_000;

export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
export const FACEBOOK_SCRIPT_URL = 'https://connect.facebook.net/en_US/sdk.js';
export const APPLE_SCRIPT_URL =
  'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js';
export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js?render=explicit';

/** The Graph API version the Facebook SDK is initialised with. */
export const FACEBOOK_API_VERSION = 'v19.0';
/** Where Apple sends its answer when the popup cannot be used (registered with Apple). */
export const APPLE_REDIRECT_PATH = '/account/login/';

/** A provider's failure: `error` (its code or our words) and an optional `detail`. */
export class ProviderError extends Error {
  readonly error: string;
  readonly detail: string | null;

  constructor(error: string, detail: string | null = null, options?: { cause?: unknown }) {
    super(detail ? `${error} - ${detail}` : error, options);
    this.name = 'ProviderError';
    this.error = error;
    this.detail = detail;
  }
}

// ------------------------------------------------------------------ the libraries' shapes

interface GoogleCredentialResponse {
  credential?: string;
}

interface GoogleId {
  initialize: (config: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    nonce?: string;
    ux_mode?: 'popup' | 'redirect';
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
    itp_support?: boolean;
  }) => void;
  renderButton: (parent: HTMLElement, options: Record<string, string | number>) => void;
}

interface FacebookAuthResponse {
  accessToken?: string;
  userID?: string;
}

interface FacebookSdk {
  init: (options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }) => void;
  login: (
    callback: (response: { status?: string; authResponse?: FacebookAuthResponse | null }) => void,
    options?: { scope?: string },
  ) => void;
}

interface AppleSignInAnswer {
  authorization?: { id_token?: string; code?: string; state?: string };
  user?: unknown;
}

interface AppleIdSdk {
  auth: {
    init: (options: {
      clientId: string;
      scope: string;
      redirectURI: string;
      nonce?: string;
      state?: string;
      usePopup?: boolean;
    }) => void;
    signIn: () => Promise<AppleSignInAnswer>;
  };
}

interface Recaptcha {
  ready: (callback: () => void) => void;
  render: (
    container: HTMLElement,
    options: { sitekey: string; callback?: (token: string) => void; 'expired-callback'?: () => void },
  ) => number;
  getResponse: (widget?: number) => string;
  reset: (widget?: number) => void;
}

type ProviderWindow = Window & {
  google?: { accounts?: { id?: GoogleId } };
  FB?: FacebookSdk;
  AppleID?: AppleIdSdk;
  grecaptcha?: Recaptcha;
};

function win(): ProviderWindow {
  return window as ProviderWindow;
}

// ------------------------------------------------------------------ loading

const scripts = new Map<string, Promise<void>>();

/**
 * Adds `<script src>` once and resolves when it has run; rejects when it fails to load or
 * takes longer than `timeoutMs` (a later call tries again).
 */
export function loadScript(src: string, timeoutMs = SCRIPT_TIMEOUT_MS): Promise<void> {
  const known = scripts.get(src);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = (reason: string) => {
      clearTimeout(timer);
      script.remove();
      if (scripts.get(src) === loading) scripts.delete(src);
      reject(new ProviderError(reason));
    };
    const timer = setTimeout(() => fail(`Timed out loading ${src}`), timeoutMs);
    script.src = src;
    script.async = true;
    script.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    script.onerror = () => fail(`Failed to load ${src}`);
    document.head.appendChild(script);
  });
  scripts.set(src, loading);
  return loading;
}

/** Tests: forget the scripts loaded. */
export function forgetLoadedScripts(): void {
  scripts.clear();
  facebookReady = null;
}

// ------------------------------------------------------------------ Google

/**
 * Renders Google's sign-in button into `container` (Google's own button: it opens Google's
 * popup). `onCredential` receives the ID token of each completed sign-in; a closed popup calls
 * nothing.
 */
export async function renderGoogleButton(
  container: HTMLElement,
  clientId: string,
  nonce: string,
  onCredential: (credential: string) => void,
  options: { text?: 'signin_with' | 'signup_with' | 'continue_with'; width?: number } = {},
): Promise<void> {
  await loadScript(GOOGLE_SCRIPT_URL);
  const id = win().google?.accounts?.id;
  if (!id) throw new ProviderError('Google sign-in is unavailable');
  id.initialize({
    client_id: clientId,
    nonce,
    ux_mode: 'popup',
    auto_select: false,
    cancel_on_tap_outside: true,
    itp_support: true,
    callback: (response) => {
      if (response.credential) onCredential(response.credential);
    },
  });
  id.renderButton(container, {
    type: 'standard',
    theme: 'outline',
    size: 'large',
    shape: 'rectangular',
    logo_alignment: 'center',
    text: options.text ?? 'continue_with',
    width: Math.max(200, Math.min(400, Math.round(options.width ?? 320))),
  });
}

// ------------------------------------------------------------------ Facebook

let facebookReady: Promise<FacebookSdk> | null = null;

/** Loads and initialises the Facebook SDK once (call early: its login must follow a click). */
export function prepareFacebook(appId: string): Promise<FacebookSdk> {
  if (!facebookReady) {
    const mine = loadScript(FACEBOOK_SCRIPT_URL).then(() => {
      const fb = win().FB;
      if (!fb) throw new ProviderError('Facebook sign-in is unavailable');
      fb.init({ appId, version: FACEBOOK_API_VERSION, cookie: false, xfbml: false });
      return fb;
    });
    mine.catch(() => {
      if (facebookReady === mine) facebookReady = null;
    });
    facebookReady = mine;
  }
  return facebookReady;
}

/**
 * Facebook's login popup: its authResponse as text (`{"accessToken":…,"userID":…}`), or null
 * when the visitor closed it or said no.
 */
export async function facebookSignIn(appId: string): Promise<string | null> {
  const fb = await prepareFacebook(appId);
  return new Promise<string | null>((resolve) => {
    fb.login(
      (response) => {
        const auth = response.authResponse;
        if (response.status !== 'connected' || !auth?.accessToken || !auth.userID) resolve(null);
        else resolve(JSON.stringify({ accessToken: auth.accessToken, userID: auth.userID }));
      },
      { scope: 'public_profile,email' },
    );
  });
}

// ------------------------------------------------------------------ Apple

/** What Apple answers when the visitor closes its popup or cancels. */
const APPLE_CANCELLED = new Set(['popup_closed_by_user', 'user_cancelled_authorize', 'user_trigger_new_signin_flow']);

/** Loads Sign in with Apple (call early: its popup must follow a click). */
export function prepareApple(): Promise<void> {
  return loadScript(APPLE_SCRIPT_URL);
}

/**
 * Apple's sign-in popup: Apple's answer as text (`{"authorization":{"id_token":…},"user":…}`),
 * or null when the visitor closed it.
 */
export async function appleSignIn(clientId: string, nonce: string): Promise<string | null> {
  await prepareApple();
  const apple = win().AppleID;
  if (!apple) throw new ProviderError('Apple sign-in is unavailable');
  apple.auth.init({
    clientId,
    scope: 'name email',
    redirectURI: `${window.location.origin}${APPLE_REDIRECT_PATH}`,
    nonce,
    usePopup: true,
  });
  let answer: AppleSignInAnswer;
  try {
    answer = await apple.auth.signIn();
  } catch (cause) {
    const code = typeof cause === 'object' && cause !== null ? (cause as { error?: unknown }).error : undefined;
    if (typeof code === 'string' && APPLE_CANCELLED.has(code)) return null;
    const detail = typeof cause === 'object' && cause !== null ? (cause as { message?: unknown }).message : undefined;
    throw new ProviderError(
      typeof code === 'string' && code ? code : 'Apple sign-in failed',
      typeof detail === 'string' && detail ? detail : null,
      { cause },
    );
  }
  if (!answer.authorization?.id_token) throw new ProviderError('Apple sign-in failed');
  return JSON.stringify({ authorization: answer.authorization, ...(answer.user ? { user: answer.user } : {}) });
}

// ------------------------------------------------------------------ reCAPTCHA

export interface RecaptchaWidget {
  /** The widget's response token ('' until solved). */
  response: () => string;
  reset: () => void;
}

/** Renders Google's reCAPTCHA checkbox into `container`. */
export async function renderRecaptcha(
  container: HTMLElement,
  siteKey: string,
  onChange: (token: string) => void,
): Promise<RecaptchaWidget> {
  await loadScript(RECAPTCHA_SCRIPT_URL);
  const grecaptcha = win().grecaptcha;
  if (!grecaptcha) throw new ProviderError('reCAPTCHA is unavailable');
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  const widget = grecaptcha.render(container, {
    sitekey: siteKey,
    callback: onChange,
    'expired-callback': () => onChange(''),
  });
  return {
    response: () => grecaptcha.getResponse(widget),
    reset: () => grecaptcha.reset(widget),
  };
}
