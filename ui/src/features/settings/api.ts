/** Calls of the settings screens that belong to no shared resource (SPEC.md §2 Settings). */
import { apiFetch } from '../../lib/api-client.ts';

/**
 * POST /auth/email-change: the link goes to the new address (202). A wrong password answers 401
 * invalid_credentials, which apiFetch returns as an answer without ending the session.
 */
export function requestEmailChange(body: { new_email: string; password: string }): Promise<void> {
  return apiFetch<void>('/auth/email-change', { method: 'POST', body });
}
