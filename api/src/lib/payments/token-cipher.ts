/**
 * A provider's processor token at rest (issue 29): AES-256-GCM with a 32-byte key
 * (config.payments.tokenKey), a random 12-byte IV per token, and the authentication tag, in one
 * versioned text: `v1:<iv>:<tag>:<data>`, each part base64url. A changed byte, a wrong key or an
 * unknown version throws (TokenCipherError) and the message never holds the token or the key.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const version = 'v1';
const ivBytes = 12;
const tagBytes = 16;

export class TokenCipherError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenCipherError';
  }
}

function checkKey(key: Buffer): void {
  if (key.length !== 32) throw new TokenCipherError('The token key must be 32 bytes.');
}

/** The token, encrypted under `key`, as `v1:<iv>:<tag>:<data>`. */
export function encryptToken(token: string, key: Buffer): string {
  checkKey(key);
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: tagBytes });
  const data = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [version, iv.toString('base64url'), tag.toString('base64url'), data.toString('base64url')].join(':');
}

/** The token `encryptToken` sealed; throws when the text was changed or the key is not the one. */
export function decryptToken(sealed: string, key: Buffer): string {
  checkKey(key);
  const parts = sealed.split(':');
  if (parts.length !== 4 || parts[0] !== version) throw new TokenCipherError('Not an encrypted token of a known version.');
  const [iv, tag, data] = parts.slice(1).map((part) => Buffer.from(part, 'base64url')) as [Buffer, Buffer, Buffer];
  if (iv.length !== ivBytes || tag.length !== tagBytes) throw new TokenCipherError('Not an encrypted token of a known version.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: tagBytes });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    throw new TokenCipherError('The encrypted token does not open with this key (changed, or another key).');
  }
}
