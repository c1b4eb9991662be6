/**
 * The one session check (DESIGN.md §4, decision 0046). A session is a refresh-token family the
 * api issued; an access token names it (`sid`). Every request that enters the api — by HTTP, by a
 * socket's hello or re-authentication, a subscription, each delivery to a socket — asks here, and
 * the answer carries the account's roles as the database holds them (never the token's claims).
 *
 * A session ends at sign-out, at a reused refresh token, at a password reset and at suspension
 * (every session of the account), and for its token at `exp`. The ending is announced on the
 * event bus (`session.ended`, to no recipient): every api process forgets its remembered answer
 * and closes the sockets of that session at once. The answer is remembered at most
 * `sessionCheckSeconds`, which bounds how late a process learns of an ending whose announcement
 * it missed (its listening connection was down).
 */
import type { Knex } from 'knex';
import type { EventBus, SessionEnded } from './events.ts';

/** How long one process may go on trusting a session another process has ended without it hearing. */
export const sessionCheckSeconds = 5;

/** Beyond this many remembered sessions the memory starts over (a burst of one-off callers). */
const maxRemembered = 10_000;

/** What a live session says of its account, read from the database. */
export interface SessionAccount {
  isAdmin: boolean;
  isContractor: boolean;
}

interface Remembered {
  userId: string;
  account: SessionAccount | null;
  until: number;
}

const remembered = new Map<string, Remembered>();

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Live: the account exists and is not suspended, and the family was issued to this account and
 * none of its tokens was revoked (a family the api never issued has no row: no session).
 */
async function lookUp(db: Knex, userId: string, sessionId: string): Promise<SessionAccount | null> {
  const { rows } = await db.raw<{ rows: { is_admin: boolean; is_contractor: boolean; live: boolean | null }[] }>(
    `SELECT p.is_admin, p.is_contractor,
            (SELECT bool_and(r.revoked_at IS NULL) FROM refresh_tokens r WHERE r.family_id = :sessionId AND r.user_id = :userId) AS live
       FROM users u JOIN profiles p ON p.id = u.id
      WHERE u.id = :userId AND p.suspended_at IS NULL`,
    { userId, sessionId },
  );
  const row = rows[0];
  return row?.live === true ? { isAdmin: row.is_admin, isContractor: row.is_contractor } : null;
}

/** The account behind a live session, or null once it has ended (read at most every few seconds). */
export async function liveSession(db: Knex, userId: string, sessionId: string): Promise<SessionAccount | null> {
  if (!uuid.test(userId) || !uuid.test(sessionId)) return null;
  const now = Date.now();
  const known = remembered.get(sessionId);
  if (known && known.userId === userId && known.until > now) return known.account;
  const account = await lookUp(db, userId, sessionId);
  if (remembered.size >= maxRemembered) remembered.clear();
  remembered.set(sessionId, { userId, account, until: now + sessionCheckSeconds * 1000 });
  return account;
}

/** Of these sessions, the ones that have ended, asked of the database now (the open sockets' sweep). */
export async function endedSessions(db: Knex, sessions: { userId: string; sessionId: string }[]): Promise<Set<string>> {
  const ended = new Set<string>();
  const asked = sessions.filter((s) => uuid.test(s.userId) && uuid.test(s.sessionId));
  for (const s of sessions) if (!asked.includes(s)) ended.add(s.sessionId);
  if (!asked.length) return ended;
  const { rows } = await db.raw<{ rows: { session_id: string }[] }>(
    `SELECT s.session_id
       FROM unnest(?::uuid[], ?::uuid[]) AS s(user_id, session_id)
      WHERE NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = s.user_id AND p.suspended_at IS NULL)
         OR NOT EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = s.session_id AND r.user_id = s.user_id)
         OR EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = s.session_id AND r.revoked_at IS NOT NULL)`,
    [asked.map((s) => s.userId), asked.map((s) => s.sessionId)],
  );
  for (const row of rows) ended.add(row.session_id);
  return ended;
}

/** Whether an announced ending covers this session. */
export function endingCovers(ended: SessionEnded, userId: string, sessionId: string): boolean {
  if (ended.user_id !== userId) return false;
  return ended.session_ids === null || ended.session_ids.includes(sessionId);
}

/** This process forgets what it remembered of the sessions an ending covers. */
export function forgetEnded(ended: SessionEnded): void {
  for (const [sessionId, known] of remembered) if (endingCovers(ended, known.userId, sessionId)) remembered.delete(sessionId);
}

/**
 * Sessions ended (the change is committed): forgotten here at once, then announced to every
 * process, which forgets them too and closes their sockets (plugins/realtime.ts).
 */
export async function announceSessionsEnded(events: EventBus, ended: Omit<SessionEnded, 'at'>, now: Date): Promise<void> {
  const event: SessionEnded = { ...ended, at: now.toISOString() };
  forgetEnded(event);
  // To no recipient: the event is for the api processes, never delivered to a screen.
  await events.publish([], { type: 'session.ended', ...event });
}
