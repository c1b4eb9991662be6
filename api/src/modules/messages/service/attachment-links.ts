/**
 * An attachment's address, signed (lib/signed-links.ts): the two participants receive it in their
 * messages; anyone else meets 404.
 */
import { isValidSignedLink, signedPath } from '../../../lib/signed-links.ts';

const purpose = 'attachments';

export function attachmentUrl(messageId: string, secret: string, now: Date): string {
  return signedPath(purpose, `/api/v1/messages/${messageId}/attachment`, messageId, secret, now);
}

export function isValidAttachmentLink(messageId: string, expires: number, given: string, secret: string, now: Date): boolean {
  return isValidSignedLink(purpose, messageId, expires, given, secret, now);
}
