/**
 * A fixed-window counter that counts in memory and writes to the shared `rate_limits` table in
 * one statement every `flushMs`, for the whole-api abuse limit that every request passes through
 * (decision 0033). `hit` never waits on PostgreSQL, so a hot route costs no database write.
 *
 * Each process adds its own hits to what the table said at its last write, so every process still
 * counts the others' requests: a caller spread over several processes may get up to one flush
 * interval's worth of extra requests per process before it is refused. That is acceptable for an
 * abuse limit; the product's own rules (messages per hour and day, sign-in failures) count exactly,
 * with `hit` in rate-limits.ts.
 */
import type { Knex } from 'knex';
import type { HitResult } from './rate-limits.ts';

interface Window {
  key: string;
  windowStart: Date;
  expiresAt: Date;
  /** The table's count at this process's last write, including the hits it carried. */
  shared: number;
  /** Hits counted here and not yet written. */
  pending: number;
}

export interface BatchedCounter {
  hit(key: string, limit: number, windowSeconds: number): HitResult;
  /** Writes the pending hits now (also run every `flushMs`, and on stop). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export function createBatchedCounter(
  db: Knex,
  { flushMs = 1000, onError = () => {} }: { flushMs?: number; onError?: (error: unknown) => void } = {},
): BatchedCounter {
  const windows = new Map<string, Window>();
  let flushing: Promise<void> | null = null;

  async function write(): Promise<void> {
    const now = Date.now();
    for (const [id, window] of windows) if (window.expiresAt.getTime() <= now) windows.delete(id);
    const batch = [...windows.values()].filter((window) => window.pending > 0).map((window) => ({ window, sent: window.pending }));
    if (batch.length === 0) return;
    const placeholders = batch.map(() => '(?, ?, ?, ?)').join(', ');
    const values = batch.flatMap(({ window, sent }) => [window.key, window.windowStart, sent, window.expiresAt]);
    const { rows } = await db.raw<{ rows: { key: string; window_start: Date; count: number }[] }>(
      `INSERT INTO rate_limits (key, window_start, count, expires_at) VALUES ${placeholders}
       ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + EXCLUDED.count
       RETURNING key, window_start, count`,
      values,
    );
    const totals = new Map(rows.map((row) => [`${row.key}|${new Date(row.window_start).getTime()}`, Number(row.count)]));
    for (const { window, sent } of batch) {
      // Hits counted while the statement ran stay pending for the next write.
      window.pending -= sent;
      window.shared = totals.get(`${window.key}|${window.windowStart.getTime()}`) ?? window.shared + sent;
    }
  }

  function flush(): Promise<void> {
    flushing ??= write()
      .catch(onError)
      .finally(() => {
        flushing = null;
      });
    return flushing;
  }

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    hit(key, limit, windowSeconds) {
      const now = Date.now();
      const windowMs = windowSeconds * 1000;
      const start = Math.floor(now / windowMs) * windowMs;
      const id = `${key}|${start}`;
      let window = windows.get(id);
      if (!window) {
        window = { key, windowStart: new Date(start), expiresAt: new Date(start + windowMs), shared: 0, pending: 0 };
        windows.set(id, window);
      }
      window.pending += 1;
      const count = window.shared + window.pending;
      return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
