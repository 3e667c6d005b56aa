/** Fixtures for the tax-exemption page's tests (imported by tests only): exemptions as the server sends them. */

/** A pending farm exemption, as `GET /api/account/certificate` answers it. */
export function exemptionJson(overrides: Record<string, unknown> = {}) {
  return {
    status: 'Pending',
    kind: 'Farm',
    state: 'WI',
    businessName: 'Miller Family Farm',
    certificateLast4: '4821',
    appliedAt: '2026-03-02T15:00:00Z',
    decidedAt: null,
    reason: null,
    ...overrides,
  };
}

/** No application yet. */
export const NO_EXEMPTION = {
  status: 'None',
  kind: null,
  state: null,
  businessName: null,
  certificateLast4: null,
  appliedAt: null,
  decidedAt: null,
  reason: null,
};

/** The answer of an application taken. */
export const APPLIED = { success: true, status: 'Pending' };
