/** Calls and query keys of the settings screens (SPEC.md §2 Settings, §7 Providers and Profiles). */
import type { BusinessHours, ClientProfile, ContactMethod, Locale, ProviderProfile } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';
import type { Category } from '../../lib/categories.ts';

export interface BlockedDate {
  /** YYYY-MM-DD in the provider's time zone. */
  date: string;
  reason: string | null;
}

export const settingsKeys = {
  client: ['profiles', 'me', 'client'] as const,
  provider: ['providers', 'me', 'profile'] as const,
  allServices: ['providers', 'me', 'services'] as const,
  services: (locale: Locale) => ['providers', 'me', 'services', locale] as const,
  blockedDates: ['providers', 'me', 'blocked-dates'] as const,
};

export function fetchClientProfile(signal?: AbortSignal): Promise<ClientProfile> {
  return apiFetch<ClientProfile>('/profiles/me/client', { signal });
}

export interface ClientContactChanges {
  address: string;
  city: string;
  state: string;
  zip_code: string;
  preferred_contact: ContactMethod;
}

export function updateClientContact(changes: ClientContactChanges): Promise<ClientProfile> {
  return apiFetch<ClientProfile>('/profiles/me/client', { method: 'PATCH', body: changes });
}

/** Hours, time zone and id; its category names (in the account language) are not shown here. */
export function fetchOwnProvider(signal?: AbortSignal): Promise<ProviderProfile> {
  return apiFetch<ProviderProfile>('/providers/me', { signal });
}

export function fetchServices(locale: Locale, signal?: AbortSignal): Promise<Category[]> {
  return apiFetch<{ items: Category[] }>(`/providers/me/services?locale=${locale}`, { signal }).then((res) => res.items);
}

export function addServices(categoryIds: number[]): Promise<Category[]> {
  return apiFetch<{ items: Category[] }>('/providers/me/services/batch', { method: 'POST', body: { category_ids: categoryIds } }).then(
    (res) => res.items,
  );
}

export function removeService(categoryId: number): Promise<void> {
  return apiFetch<void>(`/providers/me/services/${categoryId}`, { method: 'DELETE' });
}

export function saveBusinessHours(providerId: string, hours: BusinessHours): Promise<{ business_hours: BusinessHours; timezone: string }> {
  return apiFetch(`/providers/${encodeURIComponent(providerId)}/business-hours`, { method: 'PUT', body: { business_hours: hours } });
}

export function fetchBlockedDates(signal?: AbortSignal): Promise<BlockedDate[]> {
  return apiFetch<{ items: BlockedDate[] }>('/providers/me/blocked-dates', { signal }).then((res) => res.items);
}

export function addBlockedDate(input: { date: string; reason: string }): Promise<BlockedDate> {
  const reason = input.reason.trim();
  return apiFetch<BlockedDate>('/providers/me/blocked-dates', { method: 'POST', body: reason ? { date: input.date, reason } : { date: input.date } });
}

export function removeBlockedDate(date: string): Promise<void> {
  return apiFetch<void>(`/providers/me/blocked-dates/${date}`, { method: 'DELETE' });
}

/**
 * POST /auth/email-change: the link goes to the new address (202). A wrong password answers 401
 * invalid_credentials, which apiFetch returns as an answer without ending the session.
 */
export function requestEmailChange(body: { new_email: string; password: string }): Promise<void> {
  return apiFetch<void>('/auth/email-change', { method: 'POST', body });
}
