/** Messaging as a hapi plugin: conversations, messages, read state, limits, attachments and their notices. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { getAutoReplyRoute, putAutoReplyRoute } from './routes/auto-reply.ts';
import { deleteMessageRoute } from './routes/delete-message.ts';
import { editMessageRoute } from './routes/edit-message.ts';
import { getAttachmentRoute } from './routes/get-attachment.ts';
import { getConversationRoute } from './routes/get-conversation.ts';
import { listConversationsRoute } from './routes/list-conversations.ts';
import { listMessagesRoute } from './routes/list-messages.ts';
import { messageLimitsRoute } from './routes/message-limits.ts';
import { patchConversationRoute } from './routes/patch-conversation.ts';
import { readMessagesRoute } from './routes/read-messages.ts';
import { sendMessageRoute } from './routes/send-message.ts';
import { startConversationRoute } from './routes/start-conversation.ts';
import { unreadCountRoute } from './routes/unread-count.ts';
import { uploadAttachmentRoute } from './routes/upload-attachment.ts';
import { registerRoutes } from '../../lib/route.ts';

export { sendUnreadNotices } from './notices.ts';
/** Writing as a participant, for the demo seed's conversations (db/demo-conversations.ts). */
export { startConversation } from './service/conversations.ts';
export { readUpTo, sendMessage } from './service/messages.ts';
export type { MessagesContext } from './repository.ts';

export const messagesModule: Plugin<AppContext> = {
  name: 'messages',
  register(server, context) {
    registerRoutes(server, context, ['api', 'messages'], [
        listConversationsRoute,
        startConversationRoute,
        unreadCountRoute,
        getConversationRoute,
        patchConversationRoute,
        listMessagesRoute,
        sendMessageRoute,
        editMessageRoute,
        deleteMessageRoute,
        readMessagesRoute,
        messageLimitsRoute,
        uploadAttachmentRoute,
        getAttachmentRoute,
        getAutoReplyRoute,
        putAutoReplyRoute,
      ]);
  },
};
