/** Passwords (argon2id) and the random tokens sent in links and cookies (stored only as hashes). */
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// The library's default algorithm is argon2id (a test checks the `$argon2id$` prefix); the costs
// are OWASP's minimum for argon2id: 19 MiB, 2 passes, 1 lane.
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Spends the time of a real check, so an unknown email answers as slowly as a wrong password. */
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-#1A');
  await verifyPassword(await dummyHash, password);
  return false;
}

/** 256 random bits, URL-safe, for links and refresh tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are high-entropy, so a plain SHA-256 is enough to keep the database copy useless. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
