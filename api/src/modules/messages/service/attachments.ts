/**
 * Message attachments (DESIGN.md §8–§9): an image, judged by its content, decoded and re-encoded
 * as WebP without its metadata; or a PDF, judged by its signature and kept as sent. At most
 * 25 MB; anything else 415 file_type_not_supported. Files live under the private prefix, so the
 * public file route never serves them: only the message's route does, to its two participants.
 */
import { createHash } from 'node:crypto';
import { messageLimits, type Message } from '@resuelve/contract';
import type { Caller } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import type { KeyedAnswer } from '../../../lib/idempotency.ts';
import { readDocument } from '../../../lib/documents.ts';
import { newKey, privatePrefix } from '../../../lib/storage.ts';
import { conversationBlocked, sendMessage, type StoredAttachment } from './messages.ts';
import { messageNotFound, participantsOf, type MessageRow, type MessagesContext } from '../repository.ts';
import { isValidAttachmentLink } from './attachment-links.ts';

export const attachmentTooLarge = () => new AppError('file_too_large', 'An attachment must be under 25 MB');
const notSupported = () => new AppError('file_type_not_supported', 'Attach an image or a PDF');

/** Images are kept up to this many pixels on their longest side. */
const imageMaxSide = 2560;

/** A file name safe to show and to send back in Content-Disposition: no paths, no control characters. */
export function cleanFileName(name: string | undefined, extension: string): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{C}"]/gu, '')
    .trim()
    .replace(/\.[^.]*$/, '')
    .slice(0, 100);
  return `${base || 'archivo'}.${extension}`;
}

/** Judges the bytes, stores them (re-encoded when an image); answers what the message records. */
export async function storeAttachment(context: MessagesContext, bytes: Buffer, fileName: string | undefined, now: Date): Promise<StoredAttachment> {
  if (bytes.length > messageLimits.attachmentMaxBytes) throw attachmentTooLarge();
  const document = await readDocument(bytes, imageMaxSide);
  if (!document) throw notSupported();
  const key = `${newKey(`${privatePrefix}messages`, now)}.${document.extension}`;
  await context.storage.put(key, document.body, document.contentType);
  return { path: key, name: cleanFileName(fileName, document.extension), size: document.body.length, content_type: document.contentType };
}

export interface Upload {
  conversationId: string;
  text: string;
  bytes: Buffer;
  fileName: string | undefined;
}

/**
 * POST /messages/upload: the same rules as sending, checked before the file is processed (a
 * stranger's file is never stored); with an Idempotency-Key a retry answers the first message and
 * its second copy of the file is removed.
 */
export async function sendAttachment(context: MessagesContext, caller: Caller, upload: Upload, idempotencyKey: string | undefined): Promise<KeyedAnswer<Message>> {
  const { me, other } = await participantsOf(context.knex, upload.conversationId, caller.userId);
  if (me.status === 'blocked' || other.status === 'blocked') throw conversationBlocked();
  const attachment = await storeAttachment(context, upload.bytes, upload.fileName, context.clock.now());
  const fingerprint = createHash('sha256').update(upload.bytes).digest('base64url');
  try {
    const answer = await sendMessage(context, caller, upload.conversationId, { text: upload.text, attachment }, idempotencyKey, {
      text: upload.text,
      file: fingerprint,
    });
    if (answer.replayed) await context.storage.delete(attachment.path).catch(() => undefined);
    return answer;
  } catch (error) {
    await context.storage.delete(attachment.path).catch(() => undefined);
    throw error;
  }
}

export interface AttachmentRequest {
  messageId: string;
  expires?: number;
  signature?: string;
  /** The signed-in caller, when the request carries a token. */
  userId: string | null;
}

/** The file of a message, for a signed link or a participant; 404 for anyone else. */
export async function readAttachment(context: MessagesContext, request: AttachmentRequest): Promise<{ body: Buffer; row: MessageRow }> {
  const row = (await context.knex('messages').where('id', request.messageId).first()) as MessageRow | undefined;
  if (!row?.attachment_path || row.deleted_at) throw messageNotFound();
  const signed =
    request.expires !== undefined &&
    request.signature !== undefined &&
    isValidAttachmentLink(request.messageId, request.expires, request.signature, context.config.jwtSecret, context.clock.now());
  if (!signed) {
    if (!request.userId) throw messageNotFound();
    await participantsOf(context.knex, row.conversation_id, request.userId).catch(() => {
      throw messageNotFound();
    });
  }
  const body = await context.storage.read(row.attachment_path);
  if (!body) throw messageNotFound();
  return { body, row };
}
