import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APPLE_SCRIPT_URL,
  appleSignIn,
  FACEBOOK_SCRIPT_URL,
  facebookSignIn,
  forgetLoadedScripts,
  GOOGLE_SCRIPT_URL,
  loadScript,
  ProviderError,
  renderGoogleButton,
  SCRIPT_TIMEOUT_MS,
} from './providers';

type Loose = Record<string, unknown>;

function scriptsFor(src: string): HTMLScriptElement[] {
  return [...document.head.querySelectorAll('script')].filter((s) => s.src === src);
}

/** Marks `src`'s script as loaded (after putting the library it defines on window). */
function loaded(src: string) {
  scriptsFor(src).forEach((s) => s.onload?.(new Event('load')));
}

beforeEach(() => {
  forgetLoadedScripts();
  document.head.innerHTML = '';
});

afterEach(() => {
  vi.useRealTimers();
  for (const name of ['google', 'FB', 'AppleID']) delete (window as unknown as Loose)[name];
});

describe('loadScript', () => {
  it('adds a script once and resolves when it has loaded', async () => {
    const first = loadScript('https://example.test/a.js');
    const second = loadScript('https://example.test/a.js');
    expect(scriptsFor('https://example.test/a.js')).toHaveLength(1);
    loaded('https://example.test/a.js');
    await expect(first).resolves.toBeUndefined();
    await expect(second).resolves.toBeUndefined();
  });

  it('gives up after the 120 s timeout, and tries again next time', async () => {
    vi.useFakeTimers();
    expect(SCRIPT_TIMEOUT_MS).toBe(120_000);
    const loading = loadScript('https://example.test/slow.js');
    const check = expect(loading).rejects.toBeInstanceOf(ProviderError);
    vi.advanceTimersByTime(119_999);
    expect(scriptsFor('https://example.test/slow.js')).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await check;
    expect(scriptsFor('https://example.test/slow.js')).toHaveLength(0);
    void loadScript('https://example.test/slow.js').catch(() => {});
    expect(scriptsFor('https://example.test/slow.js')).toHaveLength(1);
  });

  it('rejects when the script fails to load', async () => {
    const loading = loadScript('https://example.test/bad.js');
    scriptsFor('https://example.test/bad.js')[0]!.onerror?.(new Event('error'));
    await expect(loading).rejects.toThrow('Failed to load https://example.test/bad.js');
  });
});

describe('Google', () => {
  it('initialises with the client id and nonce, and hands over each credential', async () => {
    const initialize = vi.fn();
    const renderButton = vi.fn();
    (window as unknown as Loose).google = { accounts: { id: { initialize, renderButton } } };
    const onCredential = vi.fn();
    const container = document.createElement('div');
    const rendering = renderGoogleButton(container, 'g-id', 'nonce-1', onCredential, { text: 'signup_with' });
    loaded(GOOGLE_SCRIPT_URL);
    await rendering;

    const config = initialize.mock.calls[0]![0] as { client_id: string; nonce: string; callback: (r: unknown) => void };
    expect(config).toMatchObject({ client_id: 'g-id', nonce: 'nonce-1', ux_mode: 'popup' });
    expect(renderButton).toHaveBeenCalledWith(container, expect.objectContaining({ text: 'signup_with' }));
    config.callback({ credential: 'jwt' });
    config.callback({});
    expect(onCredential).toHaveBeenCalledTimes(1);
    expect(onCredential).toHaveBeenCalledWith('jwt');
  });
});

describe('Facebook', () => {
  it("answers the authResponse as text, or null when the visitor closed the popup", async () => {
    const init = vi.fn();
    const answers = [
      { status: 'connected', authResponse: { accessToken: 'tok', userID: '42', expiresIn: 10 } },
      { status: 'unknown', authResponse: null },
    ];
    const login = vi.fn((callback: (r: unknown) => void) => callback(answers.shift()));
    (window as unknown as Loose).FB = { init, login };
    const first = facebookSignIn('fb-app');
    loaded(FACEBOOK_SCRIPT_URL);
    await expect(first).resolves.toBe('{"accessToken":"tok","userID":"42"}');
    await expect(facebookSignIn('fb-app')).resolves.toBeNull();
    expect(init).toHaveBeenCalledTimes(1);
    expect(init).toHaveBeenCalledWith(expect.objectContaining({ appId: 'fb-app' }));
  });
});

describe('Apple', () => {
  it('answers its sign-in as text, null for a closed popup, and a ProviderError otherwise', async () => {
    const signIn = vi
      .fn()
      .mockResolvedValueOnce({ authorization: { id_token: 'jwt', code: 'c' }, user: { name: { firstName: 'Jane' } } })
      .mockRejectedValueOnce({ error: 'popup_closed_by_user' })
      .mockRejectedValueOnce({ error: 'invalid_request', message: 'Bad client' });
    const init = vi.fn();
    (window as unknown as Loose).AppleID = { auth: { init, signIn } };

    const first = appleSignIn('apple-id', 'nonce-1');
    loaded(APPLE_SCRIPT_URL);
    expect(JSON.parse((await first)!)).toEqual({
      authorization: { id_token: 'jwt', code: 'c' },
      user: { name: { firstName: 'Jane' } },
    });
    expect(init).toHaveBeenCalledWith(expect.objectContaining({ clientId: 'apple-id', nonce: 'nonce-1', usePopup: true }));
    await expect(appleSignIn('apple-id', 'nonce-1')).resolves.toBeNull();
    await expect(appleSignIn('apple-id', 'nonce-1')).rejects.toMatchObject({
      error: 'invalid_request',
      detail: 'Bad client',
      message: 'invalid_request - Bad client',
    });
  });
});
