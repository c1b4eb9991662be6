import { messageLimits } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { idempotencyHeaders, idempotencyKeyOf, respondOnce } from '../../../lib/idempotency.ts';
import { multipartOverheadBytes, multipartUpload, partBytes } from '../../../lib/multipart.ts';
import { defineRoute } from '../../../lib/route.ts';
import { attachmentTooLarge, sendAttachment } from '../service/attachments.ts';
import { messageSchema, uploadPayload } from '../schemas.ts';

export const uploadAttachmentRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/messages/upload',
    options: {
      description: 'Sends a message with an attachment (multipart: file, conversation_id, text?): 201 with the message',
      notes:
        '413 file_too_large from Content-Length before the body is read (a body without one is cut at 25 MB); 415 file_type_not_supported for anything but an image or a PDF, judged by content. The sending rules and Idempotency-Key as for POST /conversations/{id}/messages. The attachment url is signed for the two participants.',
      ...multipartUpload(messageLimits.attachmentMaxBytes + multipartOverheadBytes, 4, attachmentTooLarge),
      plugins: { 'hapi-swagger': { payloadType: 'form' } },
      validate: { payload: uploadPayload, headers: idempotencyHeaders },
      response: { status: { 201: messageSchema } },
    },
    handler: async ({ payload }, request, h) => {
      const fileName = Buffer.isBuffer(payload.file) ? undefined : (payload.file as { filename?: string }).filename;
      const answer = await sendAttachment(
        context,
        callerOf(request),
        { conversationId: payload.conversation_id, text: payload.text ?? '', bytes: partBytes(payload.file), fileName },
        idempotencyKeyOf(request),
      );
      return respondOnce(h, answer);
    },
  });
