import { apiRequest, NetworkError } from './client';
import { isObject } from './json';
import type { Wire } from './wire';

export const SUBSCRIBE_URL = '/email/marketing/subscribe';
export const UNSUBSCRIBE_URL = '/email/marketing/unsubscribe';

/** What the page says for a link without a token; the server says the same for a bad one. */
export const INVALID_UNSUBSCRIBE_LINK_MESSAGE = 'This unsubscribe link is not valid.';

/**
 * Newsletter sign-up. Resolves to the server's success flag; rejects on a
 * network failure or an error status (an invalid address answers 400).
 * Each call sends a fresh `Idempotency-Key` unless `idempotencyKey` is given
 * (pass the same one to retry the same sign-up).
 */
export async function subscribeToNewsletter(
  email: string,
  options: { idempotencyKey?: string } = {},
): Promise<boolean> {
  const request: Wire<'SubscribeRequest'> = { EmailAddress: email };
  const body = await apiRequest<unknown>(SUBSCRIBE_URL, {
    method: 'POST',
    body: request,
    idempotencyKey: options.idempotencyKey,
  });
  return isObject(body) && body.success === true;
}

/**
 * The server refused an unsubscribe token (400: forged, foreign, malformed or
 * missing). `message` is the server's sentence for people.
 */
export class InvalidUnsubscribeLinkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidUnsubscribeLinkError';
  }
}

/**
 * Unsubscribes the newsletter subscriber of `token` (the opaque token of the
 * link in a newsletter mail). Resolves to the server's success flag; the
 * server answers success again for a subscriber already unsubscribed. A
 * refused token (400) rejects with `InvalidUnsubscribeLinkError` carrying the
 * server's message; a network failure or another error status rejects with
 * the client's `NetworkError`.
 * Each call sends a fresh `Idempotency-Key` unless `idempotencyKey` is given.
 */
export async function unsubscribeFromNewsletter(
  token: string,
  options: { idempotencyKey?: string } = {},
): Promise<boolean> {
  try {
    const request: Wire<'UnsubscribeRequest'> = { token };
    const body = await apiRequest<unknown>(UNSUBSCRIBE_URL, {
      method: 'POST',
      body: request,
      idempotencyKey: options.idempotencyKey,
    });
    return isObject(body) && body.success === true;
  } catch (error) {
    if (error instanceof NetworkError && (error.status === 400 || error.status === 403)) {
      throw new InvalidUnsubscribeLinkError(error.serverMessage ?? INVALID_UNSUBSCRIBE_LINK_MESSAGE, {
        cause: error,
      });
    }
    throw error;
  }
}
