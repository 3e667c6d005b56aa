/**
 * Adding a passkey in the browser: the server's creation options carry their binary fields
 * (`challenge`, `user.id`, the excluded credentials' ids) in base64url, which
 * `navigator.credentials.create` wants as bytes; the credential it makes goes back with its
 * bytes in base64url (`rawId`, `response.clientDataJSON`, `response.attestationObject`).
 * The conversions are the passkey sign-in's (../passkey.ts).
 */
import { asObject, type Json } from '../../shared/api/json';
import {
  base64UrlToBuffer,
  bufferToBase64Url,
  credentialToJson,
  descriptorsFromJson,
  passkeysSupported,
} from '../passkey';

export { passkeysSupported };

/** The server's `publicKey` (JSON) as `navigator.credentials.create` takes it. */
export function creationOptionsFromJson(publicKey: Json): PublicKeyCredentialCreationOptions {
  const user = asObject(publicKey.user);
  return {
    ...publicKey,
    challenge: base64UrlToBuffer(String(publicKey.challenge ?? '')),
    user: { ...user, id: base64UrlToBuffer(String(user.id ?? '')) },
    excludeCredentials: descriptorsFromJson(publicKey.excludeCredentials),
  } as unknown as PublicKeyCredentialCreationOptions;
}

/** The credential `navigator.credentials.create` made, as the register finish call takes it. */
export function attestationToJson(credential: PublicKeyCredential): Json {
  const response = credential.response as AuthenticatorAttestationResponse;
  const transports = typeof response.getTransports === 'function' ? response.getTransports() : [];
  return credentialToJson(credential, {
    attestationObject: bufferToBase64Url(response.attestationObject),
    transports,
  });
}

/**
 * Asks the browser (and the person) for a new passkey. Rejects as `credentials.create` does:
 * `NotAllowedError` when the person cancels, `InvalidStateError` when this authenticator
 * already holds one of the account's passkeys.
 */
export async function createPasskey(publicKey: Json): Promise<Json> {
  const credential = (await navigator.credentials.create({
    publicKey: creationOptionsFromJson(publicKey),
  })) as PublicKeyCredential | null;
  if (!credential) throw new DOMException('No passkey was made.', 'NotAllowedError');
  return attestationToJson(credential);
}
