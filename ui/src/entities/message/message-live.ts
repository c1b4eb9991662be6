/**
 * What messaging does with live events: a new or changed message joins its thread (merged by id,
 * so a copy that also came by the catch-up or by the send's own answer shows once), read marks
 * move, and the conversation lists and the unread badge refresh. After a reconnection every held
 * thread asks for what came after its last message (`?after=`), so nothing sent while the socket
 * was away is lost, and the messages that waited for the connection go.
 */
import type { MessageCreated } from '@resuelve/contract';
import { getPlatform, hasPlatform } from '../../platform/index.ts';
import { getI18n } from '../../lib/i18n.ts';
import { currentPath } from '../../lib/navigation.ts';
import type { LiveContext } from '../../lib/live.ts';
import { onLiveEvent, onLiveReconnect } from '../../lib/live.ts';
import { conversationKeys } from '../conversation/api.ts';
import { addToThread, catchUpThread, heldThreads, messageQueries } from './api.ts';
import { resendWaiting } from './outbox.ts';
import { withReadUpTo, type Thread } from './thread.ts';
import { refreshQueries } from '../../lib/refresh-queries.ts';

function refreshConversations({ queryClient }: LiveContext): void {
  void refreshQueries(queryClient, conversationKeys.all);
}

/** A native notification (the desktop console, or a browser that allows them) for a message from the other side, unless its chat is in view. */
function notifyNewMessage({ conversation_id, message }: MessageCreated, { user }: LiveContext): void {
  if (message.sender_id === user.id || !hasPlatform()) return;
  const path = `/messages/${encodeURIComponent(conversation_id)}`;
  if (typeof document !== 'undefined' && document.visibilityState === 'visible' && currentPath().startsWith(path)) return;
  const t = getI18n().t;
  const body = message.text ? (message.text.length > 140 ? `${message.text.slice(0, 139)}…` : message.text) : t('common:live.new_message_file');
  getPlatform().notify({ kind: 'message', title: t('common:live.new_message_title'), body, path });
}

function catchUpAll(live: LiveContext): void {
  for (const conversationId of heldThreads(live.queryClient)) void catchUpThread(live.queryClient, conversationId).catch(() => undefined);
  refreshConversations(live);
  resendWaiting(live.queryClient);
}

/** Registers messaging's live handlers; returns the function that removes them. */
export function followMessageEvents(): () => void {
  const stops = [
    onLiveEvent('message.created', (event, live) => {
      addToThread(live.queryClient, event.conversation_id, [event.message]);
      refreshConversations(live);
      notifyNewMessage(event, live);
    }),
    onLiveEvent('message.updated', (event, live) => {
      addToThread(live.queryClient, event.conversation_id, [event.message]);
      refreshConversations(live);
    }),
    onLiveEvent('message.read', (event, live) => {
      live.queryClient.setQueryData<Thread>(messageQueries.thread(event.conversation_id).queryKey, (thread) =>
        withReadUpTo(thread, event.reader_id, event.last_read_id, event.read_at),
      );
      refreshConversations(live);
    }),
    onLiveEvent('conversation.updated', (_event, live) => refreshConversations(live)),
    onLiveReconnect(catchUpAll),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
