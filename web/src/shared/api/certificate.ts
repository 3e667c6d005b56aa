/**
 * The tax-exemption calls: the signed-in customer's exemption (its status and what the
 * certificate on file says) and applying for one. Store staff approve or reject an
 * application; once approved, the customer's orders taxed in the certificate's state carry no
 * sales tax.
 *
 * | call                              | answer                                                 |
 * |-----------------------------------|--------------------------------------------------------|
 * | GET  /api/account/certificate     | TaxExemptionView; 401 for a guest → null               |
 * | POST /api/account/certificate/apply | `{success, status: 'Pending'}`; 422 a field refused; |
 * |                                   | 409 `AlreadyApproved`; 401 for a guest                 |
 *
 * Applying is a 'token header' call (`postWithToken`, as the other account POSTs), which sends
 * it through the client's `apiRequest` with a fresh `Idempotency-Key`. Its refusals reject
 * with the client's `NetworkError`; `applyRefusal(error)` reads one: the field a 422 names
 * (its `field` and the server's sentence), an exemption already approved (409), a session that
 * ended (401), or a failure with no words of its own. Answers are normalised, so a missing
 * field is a default rather than a crash in a page.
 *
 * The shapes are declared here by hand, named as the server names them, until
 * docs/openapi.json declares them (then they become `Wire<'TaxExemptionView'>`, …).
 */
import { postWithToken } from './antiforgery';
import { apiGet, NetworkError } from './client';
import { isObject, str, trimmedOrNull } from './json';

export const ACCOUNT_CERTIFICATE_URL = '/api/account/certificate';
/** Applying is a command of its own path (the deploy routes by path, not by method). */
export const APPLY_CERTIFICATE_URL = '/api/account/certificate/apply';

/** Where an application stands; `None` before the first one. */
export type TaxExemptionStatus = 'None' | 'Pending' | 'Approved' | 'Rejected';

/** What the exemption is for. */
export type TaxExemptionKind = 'Farm' | 'Resale' | 'Nonprofit' | 'Government';

/** The kinds in the order the form offers them. */
export const TAX_EXEMPTION_KINDS = [
  'Farm',
  'Resale',
  'Nonprofit',
  'Government',
] as const satisfies readonly TaxExemptionKind[];

const STATUSES: readonly TaxExemptionStatus[] = ['None', 'Pending', 'Approved', 'Rejected'];

export function isTaxExemptionKind(value: unknown): value is TaxExemptionKind {
  return typeof value === 'string' && (TAX_EXEMPTION_KINDS as readonly string[]).includes(value);
}

export function isTaxExemptionStatus(value: unknown): value is TaxExemptionStatus {
  return typeof value === 'string' && (STATUSES as readonly string[]).includes(value);
}

/**
 * The customer's exemption as `GET /api/account/certificate` answers it. Dates are RFC 3339
 * instants; `reason` is the staff's words for a rejection.
 */
export interface TaxExemptionView {
  status: TaxExemptionStatus;
  kind: TaxExemptionKind | null;
  /** A US state's postal code ('WI'). */
  state: string | null;
  businessName: string | null;
  certificateLast4: string | null;
  appliedAt: string | null;
  decidedAt: string | null;
  reason: string | null;
}

/** An application, as `POST /api/account/certificate` takes it. */
export interface TaxExemptionRequest {
  kind: TaxExemptionKind;
  state: string;
  businessName: string;
  certificateNumber: string;
}

/** The fields of an application a 422 may name. */
export type TaxExemptionField = keyof TaxExemptionRequest;

/** The answer of an application taken: it waits for the staff's review. */
export interface TaxExemptionApplied {
  success: boolean;
  status: TaxExemptionStatus;
}

/** The server's sentence for each field it refuses (the form says the same). */
export const TAX_EXEMPTION_FIELD_MESSAGES: Record<TaxExemptionField, string> = {
  kind: 'Please choose an exemption type.',
  state: 'Please choose a state.',
  businessName: 'Please enter the name on the certificate.',
  certificateNumber: 'Please enter a valid certificate number.',
};

/** A 422 that names no field this client knows, and says nothing. */
export const CHECK_APPLICATION_MESSAGE = 'Please check your application and try again.';

/** The server's sentence for an application once the exemption is approved (409). */
export const ALREADY_APPROVED_MESSAGE = 'Your tax exemption is already approved.';

function isTaxExemptionField(value: unknown): value is TaxExemptionField {
  return typeof value === 'string' && Object.hasOwn(TAX_EXEMPTION_FIELD_MESSAGES, value);
}

/** A call answered 401: the visitor is not signed in (a guest, or a session that ended). */
export function isSignInNeeded(error: unknown): boolean {
  return error instanceof NetworkError && error.status === 401;
}

// ---------------------------------------------------------- normalisers

/** A state's postal code as sent ('wi ' → 'WI'), else null. */
function stateCode(value: unknown): string | null {
  const code = str(value).trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? code : null;
}

/** The last four characters of the certificate number as sent, else null. */
function last4(value: unknown): string | null {
  const text = str(value).trim();
  return text ? text.slice(-4) : null;
}

/**
 * An exemption as sent. A status this client does not know reads as `None`; a field missing
 * or of the wrong type reads as null.
 */
export function toTaxExemptionView(value: unknown): TaxExemptionView | null {
  if (!isObject(value)) return null;
  return {
    status: isTaxExemptionStatus(value.status) ? value.status : 'None',
    kind: isTaxExemptionKind(value.kind) ? value.kind : null,
    state: stateCode(value.state),
    businessName: trimmedOrNull(value.businessName),
    certificateLast4: last4(value.certificateLast4),
    appliedAt: trimmedOrNull(value.appliedAt),
    decidedAt: trimmedOrNull(value.decidedAt),
    reason: trimmedOrNull(value.reason),
  };
}

/** What an application that was not taken means for the page. */
export type ApplyRefusal =
  /** 422: a field's value was refused; `field` is null when the answer named none this client knows. */
  | { kind: 'field'; field: TaxExemptionField | null; message: string }
  /** 409 AlreadyApproved: there is nothing to apply for (read the exemption again). */
  | { kind: 'approved'; message: string }
  /** 401: the session ended; sign in again. */
  | { kind: 'signIn' }
  /** Anything else: the server's sentence when it sent one. */
  | { kind: 'failed'; message: string | null };

/** Reads a rejected application. */
export function applyRefusal(error: unknown): ApplyRefusal {
  if (!(error instanceof NetworkError)) return { kind: 'failed', message: null };
  const message = error.serverMessage;
  switch (error.status) {
    case 422: {
      const field = isTaxExemptionField(error.field) ? error.field : null;
      const fallback = field ? TAX_EXEMPTION_FIELD_MESSAGES[field] : CHECK_APPLICATION_MESSAGE;
      return { kind: 'field', field, message: message ?? fallback };
    }
    case 409:
      return { kind: 'approved', message: message ?? ALREADY_APPROVED_MESSAGE };
    case 401:
      return { kind: 'signIn' };
    default:
      return { kind: 'failed', message: message ?? null };
  }
}

// ---------------------------------------------------------------- calls

/** The signed-in customer's exemption, or null for a guest (401). */
export async function fetchTaxExemption(signal?: AbortSignal): Promise<TaxExemptionView | null> {
  let body: unknown;
  try {
    body = await apiGet<unknown>(ACCOUNT_CERTIFICATE_URL, signal);
  } catch (error) {
    if (isSignInNeeded(error)) return null;
    throw error;
  }
  const view = toTaxExemptionView(body);
  // A 200 that is not an exemption is a fault.
  if (!view) throw new NetworkError(200);
  return view;
}

/**
 * Applies for an exemption (again, to change a pending or rejected one). The text fields are
 * sent trimmed. Rejects with the client's `NetworkError` for every refusal (`applyRefusal`
 * reads it).
 */
export async function applyForTaxExemption(request: TaxExemptionRequest): Promise<TaxExemptionApplied> {
  const body: TaxExemptionRequest = {
    kind: request.kind,
    state: request.state.trim().toUpperCase(),
    businessName: request.businessName.trim(),
    certificateNumber: request.certificateNumber.trim(),
  };
  const answer = await postWithToken<unknown>(APPLY_CERTIFICATE_URL, body);
  const b = isObject(answer) ? answer : {};
  return {
    success: b.success === true,
    status: isTaxExemptionStatus(b.status) ? b.status : 'Pending',
  };
}
