/**
 * Clients as the ui reads them (SPEC.md §7 "Clients"): the signed-in client's own details
 * (GET /profiles/me/client), which the client's profile page and the settings share, and the
 * provider's clients to book for (GET /clients).
 */
import { queryOptions } from '@tanstack/react-query';
import type { ClientProfile, ContactMethod } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';
import { jobKeys } from '../job/api.ts';

export type { ClientProfile };

/** A client of the provider (GET /clients: only clients they have a job with). */
export interface ClientRecord {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  display_name: string | null;
  address: string | null;
  city: string | null;
}

/** What a client may change of their details (PATCH /profiles/me/client). */
export interface ClientChanges {
  address: string;
  city: string;
  state: string;
  zip_code: string;
  preferred_contact: ContactMethod;
  /** Slugs of categories of the client interest list. */
  interested_services?: string[];
}

export const clientQueries = {
  /** The signed-in client's address, contact preference and interests. */
  own: () =>
    queryOptions({
      queryKey: ['profiles', 'me', 'client'] as const,
      queryFn: ({ signal }) => apiFetch<ClientProfile>('/profiles/me/client', { signal }),
    }),
  /**
   * The provider's clients whose name or email matches `q` (at most 20). Under `jobKeys.all`: a
   * client joins the list with their first job.
   */
  ofProvider: (q: string) =>
    queryOptions({
      queryKey: [...jobKeys.all, 'provider', 'clients', q] as const,
      queryFn: ({ signal }) => {
        const params = new URLSearchParams({ limit: '20' });
        if (q) params.set('q', q);
        return apiFetch<{ items: ClientRecord[] }>(`/clients?${params.toString()}`, { signal }).then((res) => res.items);
      },
    }),
};

export function updateClientProfile(changes: ClientChanges): Promise<ClientProfile> {
  return apiFetch<ClientProfile>('/profiles/me/client', { method: 'PATCH', body: changes });
}

/** How the provider's screens name a client: display name, else first and last, else email. */
export function clientName(client: Pick<ClientRecord, 'display_name' | 'first_name' | 'last_name' | 'email'>): string {
  return client.display_name || [client.first_name, client.last_name].filter(Boolean).join(' ') || client.email;
}
