/**
 * Customers' tax-exemption applications, as associates review them (the associate role):
 *
 * | call                                                        | answer                           |
 * |-------------------------------------------------------------|----------------------------------|
 * | GET  /api/staff/tax-exemptions?status=Pending|Approved|Rejected | `{applications}` oldest first |
 * | POST /api/staff/tax-exemptions/approve `{customerId}`       | `{success, status}`; 409 `NotPending`; 404 |
 * | POST /api/staff/tax-exemptions/reject `{customerId, reason}`| the same; 422 `InvalidField` (`reason`) |
 *
 * The shapes are declared here until docs/openapi.json's types (`npm run api-types`) hold them.
 */
import { apiGet, NetworkError } from '../../shared/api/client';
import { isObject, str, strOrNull } from '../../shared/api/json';
import { staffPost } from './staff';

export const EXEMPTIONS_URL = '/api/staff/tax-exemptions';
export const APPROVE_URL = '/api/staff/tax-exemptions/approve';
export const REJECT_URL = '/api/staff/tax-exemptions/reject';

export const EXEMPTION_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type ExemptionStatus = (typeof EXEMPTION_STATUSES)[number];
export type ExemptionKind = 'Farm' | 'Resale' | 'Nonprofit' | 'Government';

/** A rejection's reason: 1 to 200 characters (the server's rule and words). */
export const REASON_MAX = 200;
export const REASON_MESSAGE = 'Please give a reason of 1 to 200 characters.';

export interface ExemptionApplication {
  customerId: string;
  status: string;
  kind: ExemptionKind | null;
  /** Two letters ('WI'). */
  state: string | null;
  /** Null once the customer's personal data was erased. */
  businessName: string | null;
  /** In full, to check against the certificate. */
  certificateNumber: string | null;
  appliedAt: string | null;
  decidedAt: string | null;
  /** The staff id of the associate who decided. */
  decidedBy: string | null;
  reason: string | null;
}

export function isExemptionStatus(value: unknown): value is ExemptionStatus {
  return typeof value === 'string' && (EXEMPTION_STATUSES as readonly string[]).includes(value);
}

function application(value: unknown): ExemptionApplication | null {
  if (!isObject(value) || typeof value.customerId !== 'string' || !value.customerId) return null;
  return {
    customerId: value.customerId,
    status: str(value.status),
    kind: strOrNull(value.kind) as ExemptionKind | null,
    state: strOrNull(value.state),
    businessName: strOrNull(value.businessName),
    certificateNumber: strOrNull(value.certificateNumber),
    appliedAt: strOrNull(value.appliedAt),
    decidedAt: strOrNull(value.decidedAt),
    decidedBy: strOrNull(value.decidedBy),
    reason: strOrNull(value.reason),
  };
}

/** The applications of one status, oldest first. */
export async function fetchApplications(status: ExemptionStatus, signal?: AbortSignal): Promise<ExemptionApplication[]> {
  const body = await apiGet<unknown>(`${EXEMPTIONS_URL}?status=${status}`, signal);
  if (body === undefined) return [];
  if (!isObject(body) || !Array.isArray(body.applications)) throw new NetworkError(200);
  return body.applications.map(application).filter((a): a is ExemptionApplication => a !== null);
}

/** Approves a pending application. */
export async function approveApplication(customerId: string): Promise<void> {
  await staffPost<unknown>(APPROVE_URL, { customerId });
}

/** Rejects a pending application; the customer sees `reason`. */
export async function rejectApplication(customerId: string, reason: string): Promise<void> {
  await staffPost<unknown>(REJECT_URL, { customerId, reason });
}
