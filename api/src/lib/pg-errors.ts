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

/** SQLSTATEs that say the database is not there for now (rather than refusing the request). */
const unavailableStates = new Set([
  '57P01', // admin_shutdown: the database is stopping (a restart, Ctrl-C)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '57014', // query_canceled: the statement timeout
]);
const unavailableNames = new Set(['KnexTimeoutError', 'ConnectionError']);
const unavailableSysCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
const unavailableMessages =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|Cannot use a pool after calling end|Client was closed and is not queryable/i;

/**
 * The database could not be reached or went away under the request (stopped, restarting, a lost
 * connection even at COMMIT, a pool with no free connection): worth a retry later, never a 500.
 * A COMMIT whose answer was lost may still have been stored: the retry with the same
 * Idempotency-Key answers it (lib/idempotency.ts).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const layers: unknown[] = [];
  for (let layer: unknown = error, depth = 0; layer && typeof layer === 'object' && depth < 4; depth++) {
    layers.push(layer);
    const next = layer as { data?: unknown; nativeError?: unknown; cause?: unknown };
    layer = Boom.isBoom(layer) && layer.data instanceof Error ? layer.data : (next.nativeError ?? next.cause);
  }
  return layers.some((layer) => {
    const { code, name, message } = layer as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === 'string' && (unavailableStates.has(code) || /^08[0-9A-Z]{3}$/.test(code) || unavailableSysCodes.has(code))) return true;
    if (typeof name === 'string' && unavailableNames.has(name)) return true;
    return typeof message === 'string' && unavailableMessages.test(message);
  });
}
