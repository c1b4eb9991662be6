/**
 * What messaging does with live events: a new or changed message joins its thread (merged by id,
 * so a copy that also came by the catch-up or by the send's own answer shows once), read marks
 * move, and the conversation lists and the unread badge refresh. After a reconnection every held
 * thread asks for what came after its last message (`?after=`), so nothing sent while the socket
 * was away is lost, and the messages that waited for the connection go.
 */
import type { LiveContext } from '../../lib/live.ts';
import { onLiveEvent, onLiveReconnect } from '../../lib/live.ts';
import { conversationKeys } from '../conversation/api.ts';
import { addToThread, catchUpThread, heldThreads, messageQueries } from './api.ts';
import { resendWaiting } from './outbox.ts';
import { withReadUpTo, type Thread } from './thread.ts';

function refreshConversations({ queryClient }: LiveContext): void {
  void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
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
