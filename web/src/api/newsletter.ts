import { apiRequest } from './client';

export const SUBSCRIBE_URL = '/email/marketing/subscribe';

/**
 * Newsletter sign-up. Resolves to the server's success flag; rejects on a
 * network failure or an error status (an invalid address answers 400).
 */
export async function subscribeToNewsletter(email: string): Promise<boolean> {
  const body = await apiRequest<{ success?: boolean }>(SUBSCRIBE_URL, {
    method: 'POST',
    body: { EmailAddress: email },
  });
  return body?.success === true;
}
