/** The client_logs table: entries stored as sent, with who sent them taken from the request. */
import type { Knex } from 'knex';
import type { AdmittedLogEntry } from './schemas.ts';

export async function storeClientLogs(db: Knex, logs: AdmittedLogEntry[], sender: { userId: string | null; ip: string }): Promise<void> {
  await db('client_logs').insert(
    logs.map((log) => ({
      logged_at: log.timestamp,
      level: log.level,
      message: log.message,
      correlation_id: log.correlation_id ?? null,
      session_id: log.session_id ?? null,
      user_id: sender.userId,
      url: log.url ?? null,
      category: log.category ?? null,
      ip: sender.ip,
    })),
  );
}
