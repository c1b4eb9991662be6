/**
 * Whether an access token's session still holds (DESIGN.md §4): the session is the refresh-token
 * family the token was issued for (its `sid`). It ends at sign-out, at a reused refresh token and,
 * for every session of the account, at a password reset; a deleted or suspended account ends them all. Each
 * request asks, and the answer is kept a few seconds per session: sign-out and reset forget it at
 * once in this process; another process sees the end within `sessionCheckSeconds` (decision 0023).
 */
import type { Knex } from 'knex';

/** How long one process may go on trusting a session another process has ended. */
export const sessionCheckSeconds = 5;

/** Beyond this many remembered sessions the memory starts over (a burst of one-off callers). */
const maxRemembered = 10_000;

interface Remembered {
  userId: string;
  live: boolean;
  until: number;
}

const remembered = new Map<string, Remembered>();

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function lookUp(db: Knex, userId: string, sessionId: string): Promise<boolean> {
  const { rows } = await db.raw<{ rows: { live: boolean }[] }>(
    `SELECT EXISTS (SELECT 1 FROM users WHERE id = :userId)
            AND NOT EXISTS (SELECT 1 FROM profiles WHERE id = :userId AND suspended_at IS NOT NULL)
            AND NOT EXISTS (SELECT 1 FROM refresh_tokens WHERE family_id = :sessionId AND revoked_at IS NOT NULL) AS live`,
    { userId, sessionId },
  );
  return rows[0]?.live === true;
}

/** Whether the account exists and the session has not ended (read at most every few seconds). */
export async function sessionIsLive(db: Knex, userId: string, sessionId: string): Promise<boolean> {
  if (!uuid.test(userId) || !uuid.test(sessionId)) return false;
  const now = Date.now();
  const known = remembered.get(sessionId);
  if (known && known.userId === userId && known.until > now) return known.live;
  const live = await lookUp(db, userId, sessionId);
  if (remembered.size >= maxRemembered) remembered.clear();
  remembered.set(sessionId, { userId, live, until: now + sessionCheckSeconds * 1000 });
  return live;
}

/** Sign-out: the session's access tokens stop working in this process at once. */
export function forgetSession(sessionId: string): void {
  remembered.delete(sessionId);
}

/** Password reset: every session of the account is asked about again. */
export function forgetAccountSessions(userId: string): void {
  for (const [sessionId, known] of remembered) if (known.userId === userId) remembered.delete(sessionId);
}
