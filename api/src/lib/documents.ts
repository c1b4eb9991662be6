/**
 * A document a person sends (a message attachment, a certificate of insurance): a PDF, judged by
 * its signature and kept as sent, or an image, judged by its content and re-encoded as WebP
 * without its metadata (lib/images.ts). Anything else is not a document.
 */
import { ImageRejected, processImage } from './images.ts';

export type DocumentType = 'application/pdf' | 'image/webp';

export interface ReadDocument {
  body: Buffer;
  contentType: DocumentType;
  extension: 'pdf' | 'webp';
}

export const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

/** The document's stored form, or null when the bytes are neither a PDF nor an image. */
export async function readDocument(bytes: Buffer, imageMaxSide: number): Promise<ReadDocument | null> {
  if (bytes.length === 0) return null;
  if (isPdf(bytes)) return { body: bytes, contentType: 'application/pdf', extension: 'pdf' };
  try {
    const [image] = await processImage(bytes, [{ name: 'full', size: imageMaxSide, square: false }]);
    return { body: image!.body, contentType: 'image/webp', extension: 'webp' };
  } catch (error) {
    if (error instanceof ImageRejected) return null;
    throw error;
  }
}
