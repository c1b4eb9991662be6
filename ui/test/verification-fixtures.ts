/** A verification request as the api answers it, for the provider's page and the admin's queue. */
import type { VerificationRequest } from '@resuelve/contract';

export function verificationRequest(overrides: Partial<VerificationRequest> = {}): VerificationRequest {
  const id = overrides.id ?? 'vr-1';
  return {
    id,
    provider_id: 'p-7',
    company_name: 'Plomería Luis',
    licence_number: 'DACO-12345',
    licence_board: 'daco',
    insurance_expires_on: '2030-06-30',
    certificate: { content_type: 'application/pdf', size: 1000, url: `/api/v1/verification-requests/${id}/certificate?expires=1&signature=x` },
    status: 'pending',
    reason: null,
    created_at: '2026-11-25T15:00:00.000Z',
    decided_at: null,
    ...overrides,
  };
}
