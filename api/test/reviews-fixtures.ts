/** What the review tests share: a provider, a client with a completed job with them, and the calls. */
import { call, type TestContext } from './server.ts';
import { jobWorld, newClient, newJob, tokenFor, type JobWorld } from './factories.ts';

/** A job of the world's pair that ended last week. */
export async function completedJob(t: TestContext, world: Pick<JobWorld, 'clientId' | 'providerId'>, title = 'Reparar tubería'): Promise<string> {
  const job = await newJob(t.knex, { clientId: world.clientId, providerId: world.providerId, start: '2026-11-16T13:00:00Z', status: 'completed', title });
  return job.id;
}

/** A provider and a client who had a completed job with them. */
export async function reviewWorld(t: TestContext): Promise<JobWorld & { jobId: string }> {
  const world = await jobWorld(t, { company_name: 'Plomería Borinquen', lat: 18.2, lng: -67.14, municipality_slug: 'mayaguez' });
  return { ...world, jobId: await completedJob(t, world) };
}

/** Another client of the same provider with a completed job, signed in. */
export async function anotherReviewer(t: TestContext, providerId: string, names: { first_name?: string; last_name?: string } = {}) {
  const id = await newClient(t.knex, names);
  await completedJob(t, { clientId: id, providerId });
  return { id, token: tokenFor(t, id) };
}

export function postReview(t: TestContext, token: string | undefined, providerId: string, body: Record<string, unknown>) {
  return call(t.server, 'POST', `/api/v1/providers/${providerId}/reviews`, { token, body });
}
