import { apiRequest } from './client';

export const SUBSCRIBE_URL = '/email/marketing/subscribe';

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
  const body = await apiRequest<{ success?: boolean }>(SUBSCRIBE_URL, {
    method: 'POST',
    body: { EmailAddress: email },
    idempotencyKey: options.idempotencyKey,
  });
  return body?.success === true;
}
