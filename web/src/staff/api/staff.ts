/**
 * The staff console's own calls: who the member of staff is (`GET /api/staff/me`) and the
 * POST of a signed-in member of staff. Only the staff entry (staff.html) imports this folder.
 *
 * People sign in to their customer account (cookie `sf_session`) and hold staff roles. A
 * GET needs nothing more; a POST of that session also carries this browser's anti-forgery
 * token (`RequestVerificationToken`, the same token the account calls send), or the server
 * answers 403 `AntiForgeryTokenInvalid`.
 *
 * `StaffMe` is declared here until docs/openapi.json's types (`npm run api-types`) hold it.
 */
import { antiForgeryToken, forgetAntiForgeryToken, TOKEN_HEADER } from '../../shared/api/antiforgery';
import { apiGet, apiRequest, NetworkError, type RequestOptions } from '../../shared/api/client';
import { isObject, str } from '../../shared/api/json';
import { GENERIC_ERROR_MESSAGE } from '../../shared/ui/errors';

export const STAFF_ME_URL = '/api/staff/me';

/** The staff roles, in the server's order. */
export const STAFF_ROLES = ['merchandiser', 'analyst', 'operator', 'associate'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export interface StaffMe {
  /** A customer id (`cu_…`) for a person, a token's staff id for a machine. */
  staffId: string;
  /** A person's first name, from their account; null for a machine's token. */
  firstName: string | null;
  roles: StaffRole[];
}

/** The server's words for a request without staff credentials (401). */
export const STAFF_SIGN_IN_MESSAGE = 'Please sign in as staff.';
/** What a 403 of another role says when the server sends no words. */
export const STAFF_ROLE_MESSAGE = 'Your staff role does not allow this.';

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/**
 * The member of staff signed in. Rejects with the client's `NetworkError`: status 401 without
 * staff credentials, 403 for a customer without staff roles.
 */
export async function fetchStaffMe(signal?: AbortSignal): Promise<StaffMe> {
  const body = await apiGet<unknown>(STAFF_ME_URL, signal);
  if (!isObject(body) || typeof body.staffId !== 'string') throw new NetworkError(200);
  const roles = Array.isArray(body.roles) ? body.roles.filter(isStaffRole) : [];
  const firstName = typeof body.firstName === 'string' && body.firstName.trim() ? body.firstName.trim() : null;
  return { staffId: str(body.staffId), firstName, roles };
}

/**
 * A JSON POST of the signed-in member of staff, with the anti-forgery token header (no body
 * when `body` is undefined). Answers as `apiRequest` does (`okStatuses`: `[202]` for a call
 * that starts a job); a 403 for the token forgets it, so the next call fetches a new one.
 */
export async function staffPost<T>(
  url: string,
  body: unknown,
  options: Pick<RequestOptions, 'okStatuses'> = {},
): Promise<T | undefined> {
  const token = await antiForgeryToken();
  try {
    return await apiRequest<T>(url, {
      method: 'POST',
      body,
      headers: token ? { [TOKEN_HEADER]: token } : {},
      ...options,
    });
  } catch (error) {
    if (error instanceof NetworkError && error.status === 403 && error.code === 'AntiForgeryTokenInvalid') {
      forgetAntiForgeryToken();
    }
    throw error;
  }
}

/** Whether a staff call failed for want of staff credentials (the session ended). */
export function isSignedOut(error: unknown): boolean {
  return error instanceof NetworkError && error.status === 401;
}

/**
 * What a page says when a staff call fails: the server's sentence for a refusal (404 'No such
 * order.', 409, 422, 403), the sign-in sentence for a 401, else the generic message.
 */
export function staffErrorMessage(error: unknown): string {
  if (!(error instanceof NetworkError)) return GENERIC_ERROR_MESSAGE;
  if (error.status === 401) return STAFF_SIGN_IN_MESSAGE;
  if (error.status === 403) return error.serverMessage ?? STAFF_ROLE_MESSAGE;
  if (error.status !== undefined && error.status >= 400 && error.status < 500 && error.serverMessage) {
    return error.serverMessage;
  }
  return GENERIC_ERROR_MESSAGE;
}
