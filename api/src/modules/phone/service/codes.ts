/**
 * Verification codes: 6 random digits, kept only as an HMAC (keyed with the server secret and
 * bound to the account and number, so a database copy alone cannot be brute-forced offline),
 * compared in constant time.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { limits } from '@resuelve/contract';

export function newCode(): string {
  return String(randomInt(0, 10 ** limits.verificationCodeLength)).padStart(limits.verificationCodeLength, '0');
}

export function hashCode(secret: string, owner: { userId: string; phoneNumber: string }, code: string): string {
  return createHmac('sha256', secret).update(`${owner.userId}:${owner.phoneNumber}:${code}`).digest('hex');
}

export function codeMatches(secret: string, owner: { userId: string; phoneNumber: string }, code: string, storedHash: string): boolean {
  const given = Buffer.from(hashCode(secret, owner, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
