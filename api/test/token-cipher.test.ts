import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptToken, encryptToken, TokenCipherError } from '../src/lib/payments/token-cipher.ts';

const key = randomBytes(32);
const token = 'a66ce73d04f2087615f6320b724defc5b4eedc55-private';

describe('the token cipher', () => {
  it('opens what it sealed, in the versioned form, with a new IV each time', () => {
    const sealed = encryptToken(token, key);
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(decryptToken(sealed, key)).toBe(token);
    expect(encryptToken(token, key)).not.toBe(sealed);
    expect(decryptToken(encryptToken('', key), key)).toBe('');
  });

  it('never holds the token in its text', () => {
    const sealed = encryptToken(token, key);
    expect(sealed).not.toContain(token);
    expect(sealed).not.toContain(Buffer.from(token).toString('base64url').slice(0, 12));
  });

  it('refuses a changed text, a wrong key, an unknown version and a bad key', () => {
    const sealed = encryptToken(token, key);
    const [v, iv, tag, data] = sealed.split(':') as [string, string, string, string];
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptToken([v, iv, tag, flipped.toString('base64url')].join(':'), key)).toThrow(TokenCipherError);
    const otherTag = Buffer.from(tag, 'base64url');
    otherTag[3] = otherTag[3]! ^ 0x80;
    expect(() => decryptToken([v, iv, otherTag.toString('base64url'), data].join(':'), key)).toThrow(TokenCipherError);
    expect(() => decryptToken(sealed, randomBytes(32))).toThrow(TokenCipherError);
    expect(() => decryptToken(sealed.replace(/^v1/, 'v2'), key)).toThrow(TokenCipherError);
    expect(() => decryptToken('plain-text', key)).toThrow(TokenCipherError);
    expect(() => encryptToken(token, randomBytes(16))).toThrow(TokenCipherError);
    try {
      decryptToken(sealed, randomBytes(32));
    } catch (error) {
      expect((error as Error).message).not.toContain(token);
    }
  });
});
