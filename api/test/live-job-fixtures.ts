/**
 * Helpers for the live-update tests about jobs: the event a job's change publishes, and a second
 * api process on the same database. The jobs themselves come from `newJob` (factories.ts).
 */
import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import { afterAll, beforeAll } from 'vitest';
import type { JobActor, JobStatus, LiveEventOf } from '@resuelve/contract';
import type { Config } from '../src/config.ts';
import { createKnex } from '../src/db/knex.ts';
import { init } from '../src/server.ts';
import type { JobRow } from './factories.ts';

/** A `job.changed` of this job and the recipients a transition publishes it to (both parties). */
export function eventOf(job: JobRow, change: { action: string; status: JobStatus; actor: JobActor; from?: JobStatus | null }) {
  const event: LiveEventOf<'job.changed'> = {
    type: 'job.changed',
    job_id: job.id,
    status: change.status,
    from_status: change.from ?? null,
    action: change.action,
    actor: change.actor,
    at: new Date().toISOString(),
  };
  return { recipients: [job.client_id, job.provider_id], event };
}

/**
 * A second api process on the same database, as a second instance behind a load balancer (its
 * own pool, its own event bus listener); `.server` is set before the tests and stopped after.
 */
export function useSecondProcess(test: { config: Config }): { server: Server } {
  const second = {} as { server: Server; knex: Knex };
  beforeAll(async () => {
    second.knex = createKnex(test.config.databaseUrl);
    second.server = await init(test.config, { knex: second.knex });
  });
  afterAll(async () => {
    await second.server?.stop();
    await second.knex?.destroy();
  });
  return second;
}
