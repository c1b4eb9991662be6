/**
 * Verification as the ui reads and changes it: the provider's badges and latest request, the
 * admin's queue, and the request, approval and rejection. Every key starts with
 * `verificationKeys.all`, so one invalidation after a change refreshes both sides.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  verificationLimits,
  type LicenceBoard,
  type MyVerification,
  type VerificationQueue,
  type VerificationRequest,
  type VerificationStatus,
} from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';

export type { LicenceBoard, MyVerification, VerificationQueue, VerificationRequest, VerificationStatus };

export const verificationKeys = {
  all: ['verification'] as const,
};

export const verificationQueries = {
  /** GET /providers/me/verification. */
  mine: () =>
    queryOptions({
      queryKey: [...verificationKeys.all, 'mine'] as const,
      queryFn: ({ signal }) => apiFetch<MyVerification>('/providers/me/verification', { signal }),
    }),
  /** GET /admin/verification-requests (admins). */
  queue: (status: VerificationStatus, offset: number, limit = 20) =>
    queryOptions({
      queryKey: [...verificationKeys.all, 'queue', status, offset, limit] as const,
      queryFn: ({ signal }) =>
        apiFetch<VerificationQueue>(`/admin/verification-requests?${new URLSearchParams({ status, offset: String(offset), limit: String(limit) })}`, { signal }),
      placeholderData: keepPreviousData,
    }),
};

export interface VerificationInput {
  licence_number: string;
  licence_board: LicenceBoard;
  insurance_expires_on: string;
  certificate: File;
}

/** What the server would refuse of the certificate, checked before a slow upload (the server still judges the content). */
export function certificateProblem(file: File): 'file_too_large' | 'file_type_not_supported' | null {
  if (file.type && file.type !== 'application/pdf' && !file.type.startsWith('image/')) return 'file_type_not_supported';
  if (file.size > verificationLimits.certificateMaxBytes) return 'file_too_large';
  return null;
}

export function requestVerification(input: VerificationInput): Promise<VerificationRequest> {
  const body = new FormData();
  body.append('licence_number', input.licence_number);
  body.append('licence_board', input.licence_board);
  body.append('insurance_expires_on', input.insurance_expires_on);
  body.append('certificate', input.certificate, input.certificate.name);
  return apiFetch<VerificationRequest>('/providers/me/verification', { method: 'POST', body });
}

export function approveVerification(id: string): Promise<VerificationRequest> {
  return apiFetch<VerificationRequest>(`/admin/verification-requests/${encodeURIComponent(id)}/approve`, { method: 'POST' });
}

export function rejectVerification(id: string, reason: string): Promise<VerificationRequest> {
  return apiFetch<VerificationRequest>(`/admin/verification-requests/${encodeURIComponent(id)}/reject`, { method: 'POST', body: { reason } });
}
