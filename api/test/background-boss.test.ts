import { describe, expect, it } from 'vitest';
import { backgroundJobNames, backgroundSchedule } from '../src/background/index.ts';
import { eventually, useLiveServer } from './server.ts';
import { newJob } from './factories.ts';
import { onboardedClient, onboardedProvider } from './api-factories.ts';

// A real server start: pg-boss installs its schema, schedules the jobs and works them.
const live = useLiveServer({}, { backgroundJobs: true });

describe('pg-boss', () => {
  it('schedules every background job on its schedule in the pgboss schema', async () => {
    const boss = live.server.app.boss!;
    const schedules = await boss.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron]).sort()).toEqual(backgroundJobNames.map((name) => [name, backgroundSchedule[name]]).sort());
    const { rows } = await live.knex.raw(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'pgboss' AND table_name = 'job'`);
    expect(rows[0].n).toBe(1);
  });

  it('runs a queued job-reminders through its worker end to end', async () => {
    const provider = await onboardedProvider(live.server, live.knex);
    const client = await onboardedClient(live.server, live.knex, { preferred_contact: 'email' });
    const job = await newJob(live.knex, {
      clientId: client.id,
      providerId: provider.id,
      start: new Date(live.server.app.context.clock.now().getTime() + 5 * 3_600_000),
      status: 'upcoming',
    });
    const id = await live.server.app.boss!.send('job-reminders', {});
    expect(id).toBeTruthy();
    const kinds = await eventually(
      () => live.knex('job_reminders').where({ job_id: job.id }).pluck('kind'),
      (rows) => rows.length > 0,
      15_000,
    );
    expect(kinds).toEqual(['24h']);
    const done = await eventually(
      () => live.server.app.boss!.getJobById('job-reminders', id!),
      (found) => found?.state === 'completed',
      5000,
    );
    expect(done?.state).toBe('completed');
  });
});
