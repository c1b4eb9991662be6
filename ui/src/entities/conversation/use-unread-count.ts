import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../lib/session-store.ts';
import { conversationQueries } from './api.ts';

/**
 * Messages waiting unread across the signed-in person's conversations (the badges of the top bar,
 * the bottom bar and the desktop console). Live: every messaging event refreshes it.
 */
export function useUnreadCount(): number {
  const signedIn = useSession((s) => s.status === 'signed_in');
  const unread = useQuery({ ...conversationQueries.unreadCount(), enabled: signedIn, meta: { silent: true } });
  return signedIn ? (unread.data ?? 0) : 0;
}
