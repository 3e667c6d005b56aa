/**
 * Accepting a staff invitation: `POST /api/staff-invitation/accept` (token header), from the
 * link `storefront staff invite` mails (`/staff/accept-invite/?id=…&token=…`). A person with
 * no account makes one with the invitation (names, password, phone); a person with one signs
 * in to it first. Refusals are 200 with `success` false and `errorMessage` to show; success
 * grants the roles and signs this browser in with a new session.
 */
import { postWithToken } from '../../shared/api/antiforgery';
import { NetworkError } from '../../shared/api/client';
import { isObject, str } from '../../shared/api/json';
import type { Wire } from '../../shared/api/wire';
import { isStaffRole, type StaffRole } from './staff';

export const ACCEPT_INVITATION_URL = '/api/staff-invitation/accept';

export type AcceptInvitationRequest = Wire<'AcceptInvitationRequest'>;

export type AcceptInvitationAnswer =
  | { success: true; roles: StaffRole[] }
  | { success: false; errorMessage: string; reasonCode: number | null };

/** What a refusal without words says. */
export const INVITATION_REFUSED_MESSAGE = 'This invitation could not be accepted. Please try again.';

export async function acceptInvitation(request: AcceptInvitationRequest): Promise<AcceptInvitationAnswer> {
  const body = await postWithToken<unknown>(ACCEPT_INVITATION_URL, request);
  if (!isObject(body) || typeof body.success !== 'boolean') throw new NetworkError(200);
  if (body.success) {
    return { success: true, roles: Array.isArray(body.roles) ? body.roles.filter(isStaffRole) : [] };
  }
  return {
    success: false,
    errorMessage: str(body.errorMessage).trim() || INVITATION_REFUSED_MESSAGE,
    reasonCode: typeof body.reasonCode === 'number' ? body.reasonCode : null,
  };
}
