import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { privateFileResponse } from '../../../lib/signed-links.ts';
import { readAttachment } from '../attachments.ts';
import { attachmentQuery, messageIdParams } from '../schemas.ts';

export const getAttachmentRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/messages/{id}/attachment',
  options: {
    auth: { mode: 'optional' },
    tags: ['api', 'messages'],
    description: "A message's file, for the two participants",
    notes: "Admits the signed address in the message's attachment.url (an <img> sends no token) or a participant's token; 404 message_not_found for anyone else.",
    validate: { params: messageIdParams, query: attachmentQuery },
  },
  handler: async (request, h) => {
    const query = request.query as { expires?: number; signature?: string };
    const { body, row } = await readAttachment(context, {
      messageId: (request.params as { id: string }).id,
      expires: query.expires,
      signature: query.signature,
      userId: request.auth.credentials?.user?.userId ?? null,
    });
    const name = encodeURIComponent(row.attachment_name ?? 'archivo');
    const contentType = row.attachment_type ?? 'application/octet-stream';
    const disposition = `${contentType === 'application/pdf' ? 'attachment' : 'inline'}; filename*=UTF-8''${name}`;
    return privateFileResponse(h, { body, contentType, disposition });
  },
});
