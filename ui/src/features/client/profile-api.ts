/** Calls of the client's own profile page (SPEC.md §7 Profiles, Uploads). */
import type { ClientProfile, ContactMethod, Profile } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';

/** Same key as the settings screen's, so both show one cached answer of GET /profiles/me/client. */
export const clientProfileKey = ['profiles', 'me', 'client'] as const;

export function fetchClientProfile(signal?: AbortSignal): Promise<ClientProfile> {
  return apiFetch<ClientProfile>('/profiles/me/client', { signal });
}

export interface ClientDetailsChanges {
  address: string;
  city: string;
  state: string;
  zip_code: string;
  preferred_contact: ContactMethod;
  /** Slugs of categories of the client interest list. */
  interested_services: string[];
}

export function updateClientDetails(changes: ClientDetailsChanges): Promise<ClientProfile> {
  return apiFetch<ClientProfile>('/profiles/me/client', { method: 'PATCH', body: changes });
}

/** Names belong to the account (PATCH /profiles/me), which also answers the new display name. */
export function updateNames(names: { first_name: string; last_name: string }): Promise<Profile> {
  return apiFetch<Profile>('/profiles/me', { method: 'PATCH', body: names });
}
