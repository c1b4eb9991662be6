/** Tables the auth module owns (migrations/src/20261121_0002_accounts.ts), and the account reads and writes done in SQL. */
import type { Knex } from 'knex';
import { Model } from 'objection';

export type SessionClient = 'web' | 'desktop';
export type EmailTokenPurpose = 'verify_email' | 'reset_password' | 'change_email';

export class User extends Model {
  static override tableName = 'users';

  declare id: string;
  declare email: string;
  declare password_hash: string;
  declare email_confirmed_at: Date | null;
  declare failed_login_count: number;
  declare locked_until: Date | null;
  declare password_changed_at: Date | null;
  declare created_at: Date;
  declare updated_at: Date;
}

export class RefreshToken extends Model {
  static override tableName = 'refresh_tokens';

  declare id: string;
  declare user_id: string;
  declare family_id: string;
  declare token_hash: string;
  declare client: SessionClient;
  declare rotated_from: string | null;
  declare replaced_by: string | null;
  declare expires_at: Date;
  declare revoked_at: Date | null;
  declare created_at: Date;
}

export class EmailToken extends Model {
  static override tableName = 'email_tokens';

  declare id: string;
  declare user_id: string;
  declare purpose: EmailTokenPurpose;
  declare email: string;
  declare token_hash: string;
  declare expires_at: Date;
  declare used_at: Date | null;
  declare created_at: Date;
}

/**
 * One more failed sign-in in a row, in one statement: the `threshold`-th locks the account until
 * `lockUntil` and starts a fresh count. Answers the account's lock afterwards.
 */
export async function countFailedSignIn(db: Knex, userId: string, lock: { threshold: number; lockUntil: Date }, now: Date): Promise<Date | null> {
  const [row] = await db('users')
    .where({ id: userId })
    .update({
      failed_login_count: db.raw('CASE WHEN failed_login_count + 1 >= ? THEN 0 ELSE failed_login_count + 1 END', [lock.threshold]),
      locked_until: db.raw('CASE WHEN failed_login_count + 1 >= ? THEN ?::timestamptz ELSE locked_until END', [lock.threshold, lock.lockUntil]),
      updated_at: now,
    })
    .returning<{ locked_until: Date | null }[]>(['locked_until']);
  return row?.locked_until ?? null;
}

/** An admin suspended the account (admin console): no sign-in, and lib/live-sessions.ts ends its sessions. */
export async function isSuspended(db: Knex, userId: string): Promise<boolean> {
  return Boolean(await db('profiles').where({ id: userId }).whereNotNull('suspended_at').first('id'));
}
