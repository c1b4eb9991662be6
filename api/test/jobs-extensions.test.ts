/** Time extensions while a job is in progress, and jobs a provider creates for a client they know. */
import { describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { jobWorld, type JobWorld, tuesday } from './factories.ts';
import { jobIn } from './jobs-fixtures.ts';

const t = useTestServer();

const at = (time: string, day = tuesday) => `${day}T${time}:00-04:00`;

async function requestMore(world: JobWorld, jobId: string, hours = 1, token = world.providerToken) {
  return call(t.server, 'POST', '/api/v1/job-time-extensions', { token, body: { job_id: jobId, additional_hours: hours, reason: 'Hay más daño' } });
}

const answer = (token: string, id: string, status: string) => call(t.server, 'PUT', `/api/v1/job-time-extensions/${id}`, { token, body: { status } });

describe('time extensions', () => {
  it('lets the provider ask once at a time, while the job is in progress only', async () => {
    const world = await jobWorld(t);
    const job = await jobIn(t, world, 'in_progress', at('09:00'));
    const first = await requestMore(world, job);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ job_id: job, requested_by: world.providerId, additional_hours: 1, reason: 'Hay más daño', status: 'pending', decided_at: null });
    expect((await requestMore(world, job)).body.code).toBe('extension_pending');
    expect((await requestMore(world, job, 1, world.clientToken)).status).toBe(403);
    const upcoming = await jobIn(t, world, 'upcoming', at('14:00'));
    expect((await requestMore(world, upcoming)).body.code).toBe('invalid_transition');
    expect((await requestMore(world, job, 0.3)).status).toBe(400);
  });

  it('grows the held time when the client approves, records both steps, and refuses a second answer', async () => {
    const world = await jobWorld(t);
    const job = await jobIn(t, world, 'in_progress', at('09:00'));
    const request = (await requestMore(world, job, 1.5)).body;
    expect((await answer(world.providerToken, request.id, 'approved')).status).toBe(403);
    const approved = await answer(world.clientToken, request.id, 'approved');
    expect(approved.body).toMatchObject({ status: 'approved', decided_at: expect.any(String) });
    const seen = await call(t.server, 'GET', `/api/v1/jobs/${job}`, { token: world.clientToken });
    expect(seen.body).toMatchObject({ status: 'in_progress', scheduled_end: at('11:30'), estimated_hours: 2.5 });
    expect((await answer(world.clientToken, request.id, 'declined')).body.code).toBe('extension_already_decided');
    const history = await call(t.server, 'GET', `/api/v1/jobs/${job}/history`, { token: world.providerToken });
    expect(history.body.items.map((h: { action: string; actor: string }) => `${h.action}:${h.actor}`)).toEqual(['request_extension:provider', 'approve_extension:client']);
  });

  it('refuses an approval over the next job with 409 slot_already_booked; the client may still decline', async () => {
    const world = await jobWorld(t);
    const job = await jobIn(t, world, 'in_progress', at('09:00'));
    await jobIn(t, world, 'upcoming', at('10:30'));
    const request = (await requestMore(world, job)).body;
    const refused = await answer(world.clientToken, request.id, 'approved');
    expect(refused.body.code).toBe('slot_already_booked');
    const declined = await answer(world.clientToken, request.id, 'declined');
    expect(declined.body.status).toBe('declined');
    const seen = await call(t.server, 'GET', `/api/v1/jobs/${job}`, { token: world.clientToken });
    expect(seen.body.scheduled_end).toBe(at('10:00'));
  });

  it("lists a job's requests and the caller's own, cached privately with an ETag", async () => {
    const world = await jobWorld(t);
    const job = await jobIn(t, world, 'in_progress', at('09:00'));
    const request = (await requestMore(world, job)).body;
    const list = await call(t.server, 'GET', `/api/v1/job-time-extensions/job/${job}`, { token: world.clientToken });
    expect(list.body.items).toEqual([request]);
    expect(list.headers['cache-control']).toBe('private, max-age=300');
    const again = await call(t.server, 'GET', `/api/v1/job-time-extensions/job/${job}`, { token: world.clientToken, headers: { 'if-none-match': String(list.headers.etag) } });
    expect(again.status).toBe(304);
    const mine = await call(t.server, 'GET', '/api/v1/job-time-extensions?status=pending', { token: world.providerToken });
    expect(mine.body.items).toEqual([request]);
    expect(mine.headers['cache-control']).toBe('private, max-age=120');
    expect((await call(t.server, 'PUT', '/api/v1/job-time-extensions/00000000-0000-4000-8000-000000000000', { token: world.clientToken, body: { status: 'approved' } })).body.code).toBe(
      'extension_not_found',
    );
  });
});

describe('a provider creating a job for a client (POST /jobs/provider-create)', () => {
  const body = (world: JobWorld, overrides: Record<string, unknown> = {}) => ({
    client_id: world.clientId,
    category_id: world.categoryId,
    title: 'Mantenimiento del calentador',
    description: 'Revisión anual',
    scheduled_start: at('13:00'),
    duration_hours: 2,
    location_type: 'provider_office',
    ...overrides,
  });

  it('schedules an upcoming job for a client they have had a job with; the client may cancel', async () => {
    const world = await jobWorld(t);
    await jobIn(t, world, 'completed', at('09:00', '2026-11-02'));
    const res = await call(t.server, 'POST', '/api/v1/jobs/provider-create', { token: world.providerToken, body: body(world) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'upcoming', estimated_hours: 2, client_id: world.clientId, scheduled_end: at('15:00') });
    const seen = await call(t.server, 'GET', `/api/v1/jobs/${res.body.id}`, { token: world.clientToken });
    expect([...seen.body.allowed_actions].sort()).toEqual(['cancel', 'request_modification']);
    const history = await call(t.server, 'GET', `/api/v1/jobs/${res.body.id}/history`, { token: world.clientToken });
    expect(history.body.items).toEqual([expect.objectContaining({ to_status: 'upcoming', action: 'create_for_client', actor: 'provider' })]);
  });

  it('applies the booking checks and refuses a client account', async () => {
    const world = await jobWorld(t);
    await jobIn(t, world, 'completed', at('09:00', '2026-11-02'));
    const late = await call(t.server, 'POST', '/api/v1/jobs/provider-create', { token: world.providerToken, body: body(world, { scheduled_start: at('16:00') }) });
    expect(late.body.code).toBe('outside_business_hours');
    const asClient = await call(t.server, 'POST', '/api/v1/jobs/provider-create', { token: world.clientToken, body: body(world) });
    expect(asClient.status).toBe(403);
  });
});
