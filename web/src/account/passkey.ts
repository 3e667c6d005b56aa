/**
 * Signing in with a passkey (docs/decisions.md "Passkeys"): `POST /account/passkey/start`
 * answers the options for `navigator.credentials.get` with its binary fields in base64url;
 * the browser's assertion goes back to `POST /account/passkey/finish` with its binary fields
 * in base64url. No user name: the credentials are discoverable.
 */
import { finishPasskeySignIn, startPasskeySignIn, type SignInAnswer } from '../shared/api/account';
import { isObject, type Json } from '../shared/api/json';

/** The browser can use passkeys (WebAuthn). */
export function passkeysSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof (window as { PublicKeyCredential?: unknown }).PublicKeyCredential !== 'undefined' &&
    typeof navigator.credentials?.get === 'function'
  );
}

export function base64UrlToBuffer(value: string): ArrayBuffer {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

export function bufferToBase64Url(buffer: ArrayBuffer | ArrayBufferView): string {
  const bytes =
    buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A list of credentials in options (`allowCredentials`, `excludeCredentials`) with their ids as bytes. */
export function descriptorsFromJson(value: unknown): PublicKeyCredentialDescriptor[] {
  const list = Array.isArray(value) ? value.filter(isObject) : [];
  return list.map((c) => ({
    ...(c as unknown as PublicKeyCredentialDescriptor),
    id: base64UrlToBuffer(String(c.id ?? '')),
  }));
}

/** The server's request options with their base64url fields as bytes. */
export function requestOptionsFromJson(publicKey: Json): PublicKeyCredentialRequestOptions {
  return {
    ...(publicKey as unknown as PublicKeyCredentialRequestOptions),
    challenge: base64UrlToBuffer(String(publicKey.challenge ?? '')),
    allowCredentials: descriptorsFromJson(publicKey.allowCredentials),
  };
}

/**
 * A credential the browser made or used, as the server's finish calls take it: binary fields in
 * base64url, and `response` with the client data and what this kind of response adds.
 */
export function credentialToJson(credential: PublicKeyCredential, response: Json): Json {
  return {
    id: credential.id,
    rawId: bufferToBase64Url(credential.rawId),
    type: credential.type,
    extensions: credential.getClientExtensionResults?.() ?? {},
    response: { clientDataJSON: bufferToBase64Url(credential.response.clientDataJSON), ...response },
  };
}

/** The browser's assertion with its binary fields in base64url, as the finish call takes it. */
export function assertionToJson(credential: PublicKeyCredential): Json {
  const response = credential.response as AuthenticatorAssertionResponse;
  return credentialToJson(credential, {
    authenticatorData: bufferToBase64Url(response.authenticatorData),
    signature: bufferToBase64Url(response.signature),
    userHandle: response.userHandle ? bufferToBase64Url(response.userHandle) : null,
  });
}

function cancelled(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

/**
 * The whole ceremony from a button: the sign-in answer, or null when the visitor cancelled
 * the browser's passkey dialog (or it timed out).
 */
export async function signInWithPasskey(saveLogin = false): Promise<SignInAnswer | null> {
  const options = await startPasskeySignIn();
  let credential: Credential | null;
  try {
    credential = await navigator.credentials.get({ publicKey: requestOptionsFromJson(options.publicKey as Json) });
  } catch (error) {
    if (cancelled(error)) return null;
    throw error;
  }
  if (!credential) return null;
  return finishPasskeySignIn(assertionToJson(credential as PublicKeyCredential), saveLogin);
}
