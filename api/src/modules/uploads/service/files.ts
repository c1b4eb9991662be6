/** Stored public files (profile pictures, project photos), read back by their key. */
import { isPublicKey, type Storage } from '../../../lib/storage.ts';

const contentTypes: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

function contentTypeOf(key: string): string {
  return contentTypes[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** A public file and its type by its extension; null for a private key or one not stored. */
export async function readPublicFile(storage: Storage, key: string): Promise<{ body: Buffer; contentType: string } | null> {
  const body = isPublicKey(key) ? await storage.read(key) : null;
  return body ? { body, contentType: contentTypeOf(key) } : null;
}
