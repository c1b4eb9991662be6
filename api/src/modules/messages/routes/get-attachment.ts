import type { AppContext } from '../../../context.ts';
import { signedFileRoute } from '../../../lib/file-routes.ts';
import { readAttachment } from '../service/attachments.ts';
import { messageIdParams } from '../schemas.ts';

export const getAttachmentRoute = (context: AppContext) =>
  signedFileRoute({
    path: '/api/v1/messages/{id}/attachment',
    description: "A message's file, for the two participants",
    notes: "Admits the signed address in the message's attachment.url (an <img> sends no token) or a participant's token; 404 message_not_found for anyone else.",
    params: messageIdParams,
    read: async ({ id, expires, signature, caller }) => {
      const { body, row } = await readAttachment(context, { messageId: id, expires, signature, userId: caller?.userId ?? null });
      const name = encodeURIComponent(row.attachment_name ?? 'archivo');
      const contentType = row.attachment_type ?? 'application/octet-stream';
      const disposition = `${contentType === 'application/pdf' ? 'attachment' : 'inline'}; filename*=UTF-8''${name}`;
      return { body, contentType, disposition };
    },
  });
