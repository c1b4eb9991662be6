/** The account's phone number and its verification (SPEC.md §7 Phone): calls, status and formatting. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

export interface CodeSent {
  /** E.164 digits without "+". */
  phone_number: string;
  expires_in: number;
  resend_in: number;
  attempts: number;
}

export interface PhoneVerified {
  verified: true;
  phone_number: string;
}

export interface PhoneStatus {
  phone_number: string | null;
  verified: boolean;
  pending: null | { phone_number: string; expires_at: string; resend_at: string; attempts_remaining: number };
}

export function sendVerificationCode(phoneNumber: string): Promise<CodeSent> {
  return apiFetch<CodeSent>('/phone/send-verification', { method: 'POST', body: { phoneNumber } });
}

export function verifyPhoneCode(phoneNumber: string, code: string): Promise<PhoneVerified> {
  return apiFetch<PhoneVerified>('/phone/verify', { method: 'POST', body: { phoneNumber, code } });
}

export const phoneQueries = {
  /** The account's verified number and any code still waiting. */
  status: () =>
    queryOptions({
      queryKey: ['phone', 'verification-status'] as const,
      queryFn: ({ signal }) => apiFetch<PhoneStatus>('/phone/verification-status', { signal }),
    }),
};

/** The phone status, never cached long (codes expire). */
export function usePhoneStatus() {
  return useQuery({ ...phoneQueries.status(), staleTime: 0, meta: { silent: true } });
}

/** A stored number (E.164 digits) as people read it: "+1 (787) 555-0123" for North America. */
export function formatPhone(digits: string): string {
  const d = digits.replace(/\D/g, '');
  if (d.length === 11 && d.startsWith('1')) return `+1 (${d.slice(1, 4)}) ${d.slice(4, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
  return d ? `+${d}` : '';
}
