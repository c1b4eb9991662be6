import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { messageLimits } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { idempotencyHeaders, idempotencyKeyOf, respondOnce } from '../../../lib/idempotency.ts';
import { schemas } from '../../../lib/validation.ts';
import { fileField } from '../../uploads/schemas.ts';
import { multipartOverheadBytes, multipartUpload, partBytes, type FilePart } from '../../uploads/multipart.ts';
import { attachmentTooLarge, sendAttachment } from '../attachments.ts';
import { messageSchema, messageText } from '../schemas.ts';

const uploadPayload = Joi.object({
  file: fileField.required().description('An image (checked by content, re-encoded as WebP without metadata) or a PDF, at most 25 MB'),
  conversation_id: schemas.uuid.required(),
  text: messageText.allow(''),
}).label('MessageUpload');

export const uploadAttachmentRoute = (context: AppContext): ServerRoute => ({
  method: 'POST',
  path: '/api/v1/messages/upload',
  options: {
    tags: ['api', 'messages'],
    description: 'Sends a message with an attachment (multipart: file, conversation_id, text?): 201 with the message',
    notes:
      '413 file_too_large from Content-Length before the body is read (a body without one is cut at 25 MB); 415 file_type_not_supported for anything but an image or a PDF, judged by content. The sending rules and Idempotency-Key as for POST /conversations/{id}/messages. The attachment url is signed for the two participants.',
    ...multipartUpload(messageLimits.attachmentMaxBytes + multipartOverheadBytes, 4, attachmentTooLarge),
    plugins: { 'hapi-swagger': { payloadType: 'form' } },
    validate: { payload: uploadPayload, headers: idempotencyHeaders },
    response: { status: { 201: messageSchema } },
  },
  handler: async (request, h) => {
    const payload = request.payload as { file: FilePart; conversation_id: string; text?: string };
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
