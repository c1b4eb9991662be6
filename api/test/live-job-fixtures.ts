/** Jobs written straight in SQL for the live, background and calendar tests (the jobs module has its own). */
import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import { afterAll, beforeAll } from 'vitest';
import type { JobActor, JobStatus, LiveEventOf } from '@resuelve/contract';
import type { Config } from '../src/config.ts';
import { createKnex } from '../src/db/knex.ts';
import { init } from '../src/server.ts';

export interface JobRow {
  id: string;
  client_id: string;
  provider_id: string;
  scheduled_start: Date;
  scheduled_end: Date;
}

export async function insertJob(
  knex: Knex,
  values: { clientId: string; providerId: string; start: Date; hours?: number; status?: JobStatus; title?: string; proposedStart?: Date },
): Promise<JobRow> {
  const hours = values.hours ?? 2;
  const [row] = await knex('jobs')
    .insert({
      client_id: values.clientId,
      provider_id: values.providerId,
      title: values.title ?? 'Reparar tubería',
      description: 'Gotea debajo del fregadero',
      status: values.status ?? 'pending',
      scheduled_start: values.start,
      scheduled_end: new Date(values.start.getTime() + hours * 3_600_000),
      duration_hours: hours,
      proposed_start: values.proposedStart ?? null,
      proposed_end: values.proposedStart ? new Date(values.proposedStart.getTime() + hours * 3_600_000) : null,
    })
    .returning(['id', 'client_id', 'provider_id', 'scheduled_start', 'scheduled_end']);
  return row as JobRow;
}

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

/** Days from now at a given UTC hour, so tests do not depend on when they run. */
export function daysAhead(days: number, utcHour = 14): Date {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(utcHour, 0, 0, 0);
  return date;
}

/** The messages about jobs (they link to one) sent to an address, oldest first. */
export async function outboxTo(knex: Knex, address: string): Promise<{ channel: string; subject: string | null; body: string }[]> {
  return knex('outbox').where({ to_address: address }).whereLike('body', '%/jobs/%').orderBy('created_at').select('channel', 'subject', 'body');
}

/** Polls until `check` holds (events cross the database, so they land a moment later). */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 3000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() - started > ms) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
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
