import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@resuelve/contract';
import { useSession } from '../../lib/session-store.ts';
import { profileQueries } from './api.ts';

/**
 * The signed-in person's profile (GET /profiles/me), silent on errors: the guards show the
 * unavailable screen instead of a toast. Seeded by sign-in and refresh, so usually no request.
 */
export function useProfile() {
  const status = useSession((s) => s.status);
  const query = useQuery({
    ...profileQueries.me(),
    enabled: status === 'signed_in',
    meta: { silent: true },
  });
  const data = query.data;
  useEffect(() => {
    if (data && useSession.getState().status === 'signed_in' && useSession.getState().user !== data) {
      useSession.getState().profileUpdated(data);
    }
  }, [data]);
  return query;
}

/** The profile to draw menus with: the fetched one, else the one sign-in answered. */
export function useMe(): Profile | null {
  const fetched = useProfile().data;
  const fromSession = useSession((s) => s.user);
  return fetched ?? fromSession;
}
