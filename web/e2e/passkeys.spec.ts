import { expect, test, type Page } from '@playwright/test';

/**
 * Passkeys end to end in Chromium with a virtual authenticator (CDP WebAuthn): a new customer
 * adds a passkey (register/start → navigator.credentials.create → register/finish), signs out,
 * and signs back in with it alone (passkey/start → navigator.credentials.get → finish); and the
 * same through the pages: 'Add a passkey' on /account/, 'Sign in with a passkey' in the panel.
 *
 * WebAuthn wants a domain, so the store is opened at http://localhost:PORT (STOREFRONT_URL's
 * 127.0.0.1 replaced): a store whose PUBLIC_URL is on an address or localhost accepts passkeys
 * from any port of http://localhost (docs/decisions.md, "Passkeys").
 */
const base = new URL(process.env.STOREFRONT_URL ?? 'http://127.0.0.1:8080');
if (base.hostname === '127.0.0.1') base.hostname = 'localhost';
const origin = base.origin;

/** Token header calls, made from the page (its cookies, its origin). */
async function postWithToken(page: Page, path: string, body: unknown): Promise<unknown> {
  return page.evaluate(
    async ({ path, body }) => {
      const html = await (await fetch('/account/getantiforgerytoken', { method: 'POST' })).text();
      const token = /value="([^"]+)"/.exec(html)?.[1] ?? '';
      const answer = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', RequestVerificationToken: token },
        body: JSON.stringify(body),
      });
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
      return answer.json();
    },
    { path, body },
  );
}

test.describe('passkeys', () => {
  test('a customer adds a passkey and signs in with it without a password', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flows run on the desktop project');

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });

    await page.goto(`${origin}/`);
    const email = `passkey-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const made = (await postWithToken(page, '/account/register', {
      firstName: 'Pat',
      lastName: 'Key',
      emailAddress: email,
      password: 'Password1',
      // A phone of its own: each phone opens one rewards account, and the store outlives a run.
      phoneNumber: `(555) ${200 + Math.floor(Math.random() * 800)}-${String(Math.floor(Math.random() * 10000)).padStart(4, '0')}`,
    })) as { success: boolean; errorMessage?: string };
    expect(made.success, made.errorMessage).toBe(true);

    // Add a passkey: the options' base64url fields become bytes, the credential's bytes base64url.
    const added = await page.evaluate(async () => {
      const fromB64 = (s: string) => {
        const b = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((s.length + 3) % 4));
        return Uint8Array.from(b, (c) => c.charCodeAt(0)).buffer;
      };
      const toB64 = (buffer: ArrayBuffer) =>
        btoa(String.fromCharCode(...new Uint8Array(buffer)))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const html = await (await fetch('/account/getantiforgerytoken', { method: 'POST' })).text();
      const token = /value="([^"]+)"/.exec(html)?.[1] ?? '';
      const post = async (path: string, body: unknown) =>
        (
          await fetch(path, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', RequestVerificationToken: token },
            body: JSON.stringify(body),
          })
        ).json();
      const { publicKey } = await post('/api/account/passkeys/register/start', {});
      publicKey.challenge = fromB64(publicKey.challenge);
      publicKey.user.id = fromB64(publicKey.user.id);
      publicKey.excludeCredentials = (publicKey.excludeCredentials ?? []).map((c: { id: string }) => ({
        ...c,
        id: fromB64(c.id),
      }));
      const credential = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential;
      const response = credential.response as AuthenticatorAttestationResponse;
      return post('/api/account/passkeys/register/finish', {
        credential: {
          id: credential.id,
          rawId: toB64(credential.rawId),
          type: credential.type,
          extensions: credential.getClientExtensionResults(),
          response: {
            clientDataJSON: toB64(response.clientDataJSON),
            attestationObject: toB64(response.attestationObject),
            transports: response.getTransports?.() ?? [],
          },
        },
      });
    });
    expect(added).toEqual({ success: true, errorMessage: null });

    const listed = await page.evaluate(async () => (await fetch('/api/account/passkeys')).json());
    expect(listed.passkeys).toHaveLength(1);

    await page.goto(`${origin}/account/logout/`);
    const signedOut = await page.evaluate(async () => (await fetch('/globalresource/header/')).json());
    expect(signedOut.loggedIn).toBe(false);

    // Sign in with the passkey alone: no user name, no password (a button: no conditional UI).
    const signedIn = await page.evaluate(async () => {
      const fromB64 = (s: string) => {
        const b = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((s.length + 3) % 4));
        return Uint8Array.from(b, (c) => c.charCodeAt(0)).buffer;
      };
      const toB64 = (buffer: ArrayBuffer | null) =>
        buffer === null
          ? null
          : btoa(String.fromCharCode(...new Uint8Array(buffer)))
              .replace(/\+/g, '-')
              .replace(/\//g, '_')
              .replace(/=+$/, '');
      const html = await (await fetch('/account/getantiforgerytoken', { method: 'POST' })).text();
      const token = /value="([^"]+)"/.exec(html)?.[1] ?? '';
      const post = async (path: string, body: unknown) =>
        (
          await fetch(path, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', RequestVerificationToken: token },
            body: JSON.stringify(body),
          })
        ).json();
      const { publicKey } = await post('/account/passkey/start', {});
      publicKey.challenge = fromB64(publicKey.challenge);
      publicKey.allowCredentials = (publicKey.allowCredentials ?? []).map((c: { id: string }) => ({
        ...c,
        id: fromB64(c.id),
      }));
      const credential = (await navigator.credentials.get({ publicKey })) as PublicKeyCredential;
      const response = credential.response as AuthenticatorAssertionResponse;
      return post('/account/passkey/finish', {
        credential: {
          id: credential.id,
          rawId: toB64(credential.rawId),
          type: credential.type,
          extensions: credential.getClientExtensionResults(),
          response: {
            clientDataJSON: toB64(response.clientDataJSON),
            authenticatorData: toB64(response.authenticatorData),
            signature: toB64(response.signature),
            userHandle: toB64(response.userHandle),
          },
        },
      });
    });
    expect(signedIn).toMatchObject({ success: true });

    const header = await page.evaluate(async () => (await fetch('/globalresource/header/')).json());
    expect(header.loggedIn).toBe(true);
    const used = await page.evaluate(async () => (await fetch('/api/account/passkeys')).json());
    expect(used.passkeys[0].lastUsed).not.toBeNull();
  });
});

test.describe('passkeys in the pages', () => {
  test('Add a passkey on /account/, then Sign in with a passkey in the sign-in panel', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flows run on the desktop project');

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });

    await page.goto(`${origin}/`);
    const made = (await postWithToken(page, '/account/register', {
      firstName: 'Quinn',
      lastName: 'Key',
      emailAddress: `passkey-ui-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      password: 'Password1',
      phoneNumber: `(555) ${300 + Math.floor(Math.random() * 700)}-${String(Math.floor(Math.random() * 10000)).padStart(4, '0')}`,
      skipConnectingRewards: true,
    })) as { success: boolean; errorMessage?: string };
    expect(made.success, made.errorMessage).toBe(true);

    await page.goto(`${origin}/account/`);
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await expect(passkeys.getByText('You have no passkeys yet.')).toBeVisible();
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(passkeys.getByText('Your passkey was added. You can now sign in with it.')).toBeVisible();
    await expect(passkeys.getByRole('list', { name: 'Passkeys' }).getByRole('listitem')).toHaveCount(1);
    await expect(passkeys.getByText(/Not used yet/)).toBeVisible();

    await page.getByRole('main').getByRole('link', { name: 'Sign Out' }).click();
    const toggle = page.getByRole('banner').getByRole('button', { name: /Account/ });
    await expect(toggle).toHaveAccessibleName(/^Hello, Sign In\b/);

    await toggle.click();
    await page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAccessibleName('Sign In');
    await dialog.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(toggle).toHaveAccessibleName(/^Hi, Quinn\b/);

    await page.goto(`${origin}/account/`);
    await expect(passkeys.getByText(/Last used/)).toBeVisible();
  });
});
