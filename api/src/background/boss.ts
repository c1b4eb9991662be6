/**
 * pg-boss in the app's database, schema `pgboss`. Started by `start()` (a real server) only, so
 * ordinary api tests stay light. Each background job is a singleton queue (one run at a time
 * across all processes) on a cron schedule, worked by every process.
 */
import PgBoss from 'pg-boss';
import type { AppContext } from '../context.ts';
import { backgroundJobNames, backgroundJobs, backgroundSchedule } from './index.ts';

export const bossSchema = 'pgboss';

/**
 * How long pg-boss keeps finished jobs (pg-boss asks to keep its job table small, under about a
 * million rows). The schedules make about 6 jobs a minute whatever the number of api processes
 * (singleton queues, one cron run per minute each): 8,700 a day. A completed job moves to the
 * archive after an hour (about 360 rows stay in pgboss.job), a failed one after 3 days (kept
 * where /admin and psql look first), and the archive drops them after 7 days (about 61,000 rows).
 * Maintenance runs every 2 minutes (pg-boss's default).
 */
export const bossRetention = {
  archiveCompletedAfterSeconds: 3600,
  archiveFailedAfterSeconds: 3 * 86_400,
  deleteAfterDays: 7,
  maintenanceIntervalSeconds: 120,
} as const;

export interface BossOptions {
  onError: (error: unknown, job?: string) => void;
  /** How often a worker asks for work; pg-boss's default is 2 s. */
  pollingIntervalSeconds?: number;
}

export async function startBackgroundJobs(context: AppContext, options: BossOptions): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: context.config.databaseUrl,
    schema: bossSchema,
    application_name: 'resuelve-jobs',
    max: 4,
    ...bossRetention,
  });
  boss.on('error', (error) => options.onError(error));
  await boss.start();
  for (const name of backgroundJobNames) {
    await boss.createQueue(name, { name, policy: 'singleton', retryLimit: 0, expireInSeconds: 120 });
    await boss.schedule(name, backgroundSchedule[name]);
    await boss.work(name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async () => {
      await backgroundJobs[name](context, (error) => options.onError(error, name));
    });
  }
  return boss;
}
