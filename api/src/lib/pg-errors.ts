/**
 * Recognising what PostgreSQL refused, whichever layer threw it: the driver's error, or Objection's
 * wrapper (db-errors) that keeps the original as `nativeError`. The error plugin maps what reaches
 * it to an error code; a service checks here when it answers something else (a savepoint undone,
 * the same answer as a success).
 */
import Boom from '@hapi/boom';

export const pgErrorCodes = {
  uniqueViolation: '23505',
  exclusionViolation: '23P01',
  foreignKeyViolation: '23503',
  deadlockDetected: '40P01',
} as const;

export interface PgError {
  /** The SQLSTATE, e.g. 23505. */
  code: string;
  /** The constraint or unique index that refused the row, when there is one. */
  constraint?: string;
}

const sqlState = /^[0-9A-Z]{5}$/;

/** The PostgreSQL error behind `error`, or null when it is not one (a network error, a bug). */
export function pgErrorOf(error: unknown): PgError | null {
  const cause = Boom.isBoom(error) && error.data instanceof Error ? error.data : error;
  const wrapped = cause as { code?: unknown; constraint?: unknown; nativeError?: unknown } | null;
  const native = (wrapped?.nativeError ?? wrapped) as { code?: unknown; constraint?: unknown } | null;
  if (!native || typeof native.code !== 'string' || !sqlState.test(native.code)) return null;
  return { code: native.code, ...(typeof native.constraint === 'string' ? { constraint: native.constraint } : {}) };
}

function refusedWith(code: string, error: unknown, constraint?: string): boolean {
  const found = pgErrorOf(error);
  return found?.code === code && (constraint === undefined || found.constraint === constraint);
}

/** A unique constraint or index refused the row (optionally: this one). */
export const isUniqueViolation = (error: unknown, constraint?: string) => refusedWith(pgErrorCodes.uniqueViolation, error, constraint);

/** An exclusion constraint refused the row (optionally: this one). */
export const isExclusionViolation = (error: unknown, constraint?: string) => refusedWith(pgErrorCodes.exclusionViolation, error, constraint);

/** A foreign key refused the row: what it points to is gone (optionally: this key). */
export const isForeignKeyViolation = (error: unknown, constraint?: string) => refusedWith(pgErrorCodes.foreignKeyViolation, error, constraint);

/** Two transactions waited on each other and PostgreSQL ended this one. */
export const isDeadlock = (error: unknown) => refusedWith(pgErrorCodes.deadlockDetected, error);
