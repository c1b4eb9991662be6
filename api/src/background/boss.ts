/**
 * pg-boss in the app's database, schema `pgboss`. Started by `start()` (a real server) only, so
 * ordinary api tests stay light. Each background job is a singleton queue (one run at a time
 * across all processes) on a cron schedule, worked by every process.
 */
import PgBoss from 'pg-boss';
import type { AppContext } from '../context.ts';
import { backgroundJobNames, backgroundJobs, backgroundSchedule } from './index.ts';

export const bossSchema = 'pgboss';

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
