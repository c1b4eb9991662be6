/**
 * `retention`: rows kept only for a while are deleted once past it, in small batches (no long lock,
 * no long transaction under the booking path), hourly (docs/operations.md, "Retention"):
 * - `rate_limits`: windows that have ended (the limiter also deletes them now and then, by chance);
 * - `idempotency_keys`: after `limits.refreshTokenDays` days. A desktop console that was offline
 *   (a power cut) resends its queued actions with the same key when it comes back, and can do so as
 *   long as its session lives; a key kept that long answers that late resend as the first time;
 * - `refresh_tokens` (sessions): those past their expiry, which no refresh accepts any more;
 * - `client_logs` (the browsers' and consoles' log entries, read at /admin): after 30 days;
 * - `slot_alerts` (earlier-slot alerts, migration 0046): once their day has passed everywhere (a
 *   day before today in UTC; until then the api's reads skip a day passed in the provider's zone).
 * Answers how many rows went.
 */
import type { Knex } from 'knex';
import { limits } from '@resuelve/contract';
import type { AppContext } from '../context.ts';

export const retention = {
  idempotencyKeyDays: limits.refreshTokenDays,
  clientLogDays: 30,
  /** Rows per DELETE statement. */
  batch: 5000,
} as const;

const day = 86_400_000;

/** Deletes the rows of `table` matching `where` (a condition on its own columns), `batch` at a time. */
async function deleteInBatches(knex: Knex, table: string, where: string, bindings: Knex.Value[]): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await knex.raw(`DELETE FROM ?? WHERE ctid = ANY (ARRAY(SELECT ctid FROM ?? WHERE ${where} LIMIT ?))`, [table, table, ...bindings, retention.batch]);
    const count = (result as { rowCount: number }).rowCount;
    total += count;
    if (count < retention.batch) return total;
  }
}

export async function pruneExpiredRows(context: Pick<AppContext, 'knex' | 'clock'>): Promise<number> {
  const now = context.clock.now();
  const { knex } = context;
  return (
    (await deleteInBatches(knex, 'rate_limits', 'expires_at < ?', [now])) +
    (await deleteInBatches(knex, 'idempotency_keys', 'created_at < ?', [new Date(now.getTime() - retention.idempotencyKeyDays * day)])) +
    (await deleteInBatches(knex, 'refresh_tokens', 'expires_at < ?', [now])) +
    (await deleteInBatches(knex, 'client_logs', 'received_at < ?', [new Date(now.getTime() - retention.clientLogDays * day)])) +
    (await deleteInBatches(knex, 'slot_alerts', 'date < ?::date', [new Date(now.getTime() - day).toISOString().slice(0, 10)]))
  );
}
