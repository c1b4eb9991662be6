/**
 * Helpers for the jobs tests: a stranger to the world's jobs, and a job of the world put straight
 * into any status (the lifecycle tests start from each one). The world itself, the clock on Monday
 * morning and bookings through the api are shared (factories.ts, api-factories.ts).
 */
import type { JobStatus } from '@resuelve/contract';
import { newClient, newJob, tokenFor, tuesday, type JobWorld } from './factories.ts';
import type { TestContext } from './server.ts';

/** A third signed-in client with no part in the world's jobs. */
export async function outsider(t: TestContext): Promise<{ id: string; token: string }> {
  const id = await newClient(t.knex);
  return { id, token: tokenFor(t, id) };
}

/**
 * A job of the world put straight into `status` at [start, start + hours), with a proposal an
 * hour after it when the status is schedule_change_pending.
 */
export async function jobIn(t: TestContext, world: JobWorld, status: JobStatus, start = `${tuesday}T10:00:00-04:00`, hours = 1): Promise<string> {
  const job = await newJob(t.knex, { clientId: world.clientId, providerId: world.providerId, categoryId: world.categoryId, status, start, hours });
  return job.id;
}
