import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { privateCache } from '../../../lib/http-cache.ts';
import { defineRoute } from '../../../lib/route.ts';
import { listConversations } from '../service/conversations.ts';
import { conversationListQuery, conversationPage } from '../schemas.ts';

export const listConversationsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/conversations',
    options: {
      description: "The caller's conversations, latest activity first, each as the caller sees it",
      notes:
        'Filters: status and priority of the caller\'s own view, archived (default false: the inbox), q (the other party\'s name, the subject or message text). Keyset pages: pass next_cursor back as cursor. Revalidated by ETag (the ui keeps it 30 s).',
      validate: { query: conversationListQuery },
      response: { status: { 200: conversationPage } },
    },
    handler: async ({ query }, request, h) => privateCache(h, await listConversations(context, callerOf(request), query), 0),
  });
