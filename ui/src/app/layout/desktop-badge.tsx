import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useUnreadCount } from '../../entities/conversation/use-unread-count.ts';
import { jobQueries } from '../../entities/job/api.ts';
import { useMe } from '../../entities/profile/use-profile.ts';
import { getPlatform, hasPlatform } from '../../platform/index.ts';

/**
 * Tells the desktop's tray and dock what waits: the provider's requests to answer (new and changed
 * by the client) and unread messages. Both queries are live (job and message events refresh them).
 * Renders nothing; does nothing where the platform has no badge (the web).
 */
export function DesktopBadge() {
  const setBadge = hasPlatform() ? getPlatform().setBadge : undefined;
  const me = useMe();
  const provider = me?.is_contractor === true;
  const unread = useUnreadCount();
  const requests = useQuery({ ...jobQueries.providerRequests(), enabled: setBadge !== undefined && provider, meta: { silent: true } });
  const pending = provider ? (requests.data?.length ?? 0) : 0;
  useEffect(() => {
    setBadge?.call(getPlatform(), { pendingRequests: pending, unreadMessages: unread });
  }, [setBadge, pending, unread]);
  return null;
}
