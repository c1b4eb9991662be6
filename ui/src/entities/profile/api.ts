/**
 * The signed-in person's own profile (GET /profiles/me): names, picture, language, account type
 * and whether onboarding is done. The session seeds it at sign-in and at every refresh before any
 * screen asks, so its key is the session's (`profileQueryKey`); its fetcher lives here.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Profile } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';
import { profileQueryKey } from '../../lib/session-actions.ts';

export type { Profile };

export const profileQueries = {
  me: () => queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => apiFetch<Profile>('/profiles/me', { signal }) }),
};

/** Names belong to the account (PATCH /profiles/me), which answers the whole profile with the new display name. */
export function updateNames(names: { first_name: string; last_name: string }): Promise<Profile> {
  return apiFetch<Profile>('/profiles/me', { method: 'PATCH', body: names });
}
