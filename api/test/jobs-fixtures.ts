/**
 * Helpers for the jobs tests: a provider and a client made straight in the database with tokens,
 * the clock on Monday 23 November 2026 08:00 in Puerto Rico, jobs booked through the api or set
 * in any status directly (the lifecycle tests start from each status).
 */
import type { JobStatus } from '@resuelve/contract';
import type { TestContext } from './server.ts';
import { call } from './server.ts';
import { insertClient, insertProvider, setClock, tokenFor, type ProviderSeed } from './search-fixtures.ts';

/** Monday 23 November 2026, 08:00 in San Juan (UTC-4). */
export const mondayMorning = '2026-11-23T12:00:00Z';
/** Tuesday 24 November 2026 (provider open 08:00–17:00). */
export const tuesday = '2026-11-24';

export interface JobWorld {
  providerId: string;
  providerToken: string;
  clientId: string;
  clientToken: string;
  categoryId: number;
}

export async function plumbingId(t: TestContext): Promise<number> {
  return ((await t.knex('categories').where({ slug: 'plumbing' }).first('id')) as { id: number }).id;
}

/** A plumbing provider and a client; the clock on Monday morning unless told otherwise. */
export async function jobWorld(t: TestContext, seed: ProviderSeed = {}, clockAt: string | null = mondayMorning): Promise<JobWorld> {
  if (clockAt) setClock(t, clockAt);
  const providerId = await insertProvider(t.knex, { categories: ['plumbing'], ...seed });
  const clientId = await insertClient(t.knex);
  return {
    providerId,
    providerToken: tokenFor(t, providerId, true),
    clientId,
    clientToken: tokenFor(t, clientId),
    categoryId: await plumbingId(t),
  };
}

/** A third signed-in client with no part in the world's jobs. */
export async function outsider(t: TestContext): Promise<{ id: string; token: string }> {
  const id = await insertClient(t.knex);
  return { id, token: tokenFor(t, id) };
}

export function bookingBody(world: JobWorld, overrides: Record<string, unknown> = {}) {
  return {
    provider_id: world.providerId,
    category_id: world.categoryId,
    title: 'Fuga en el fregadero',
    description: 'Gotea debajo del fregadero de la cocina.',
    scheduled_start: `${tuesday}T10:00:00-04:00`,
    duration_hours: 1,
    location_type: 'on_site',
    ...overrides,
  };
}

export async function book(t: TestContext, world: JobWorld, overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return call(t.server, 'POST', '/api/v1/jobs', { token: world.clientToken, body: bookingBody(world, overrides), headers });
}

/** Books through the api and answers the job (fails the test on anything but 201). */
export async function booked(t: TestContext, world: JobWorld, overrides: Record<string, unknown> = {}) {
  const res = await book(t, world, overrides);
  if (res.status !== 201) throw new Error(`booking answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; status: JobStatus; allowed_actions: string[] };
}

/**
 * A job of the world put straight into `status` at [start, start + hours), with a proposal an
 * hour after it when the status is schedule_change_pending.
 */
export async function jobIn(
  t: TestContext,
  world: JobWorld,
  status: JobStatus,
  start = `${tuesday}T10:00:00-04:00`,
  hours = 1,
): Promise<string> {
  const from = new Date(start);
  const to = new Date(from.getTime() + hours * 3_600_000);
  const proposed = status === 'schedule_change_pending';
  const [row] = await t.knex('jobs')
    .insert({
      client_id: world.clientId,
      provider_id: world.providerId,
      category_id: world.categoryId,
      title: 'Trabajo de prueba',
      status,
      scheduled_start: from,
      scheduled_end: to,
      duration_hours: hours,
      proposed_start: proposed ? new Date(to.getTime() + 3_600_000) : null,
      proposed_end: proposed ? new Date(to.getTime() + 7_200_000) : null,
      started_at: status === 'in_progress' ? from : null,
      created_by: world.clientId,
    })
    .returning('id');
  return (row as { id: string }).id;
}

export function patch(t: TestContext, token: string, jobId: string, body: Record<string, unknown>) {
  return call(t.server, 'PATCH', `/api/v1/jobs/${jobId}`, { token, body });
}
