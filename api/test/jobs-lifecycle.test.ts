/**
 * DESIGN.md §5, row by row, for the actor of each row; every other action refused (403 for the
 * wrong party, 409 invalid_transition for the right party at the wrong status); allowed_actions
 * per party per status; every transition recorded. The expectations are written out here from
 * the design's table, not read from the api's rules, so a changed rule fails a test.
 */
import { describe, expect, it } from 'vitest';
import { jobStatuses, type JobStatus } from '@resuelve/contract';
import { call, useTestServer } from './server.ts';
import { jobWorld, type JobWorld, setClock, tuesday } from './factories.ts';
import { booked, patch } from './api-factories.ts';
import { jobIn } from './jobs-fixtures.ts';

const t = useTestServer();

const at = (time: string, day = tuesday) => `${day}T${time}:00-04:00`;

async function historyOf(world: JobWorld, jobId: string) {
  return (await call(t.server, 'GET', `/api/v1/jobs/${jobId}/history`, { token: world.clientToken })).body.items as {
    from_status: string | null;
    to_status: string;
    action: string;
    actor: string;
    actor_id: string | null;
  }[];
}

async function expectRecorded(world: JobWorld, jobId: string, from: JobStatus, to: JobStatus, action: string, actor: 'client' | 'provider') {
  const last = (await historyOf(world, jobId)).at(-1);
  expect(last).toEqual(
    expect.objectContaining({ from_status: from, to_status: to, action, actor, actor_id: actor === 'client' ? world.clientId : world.providerId }),
  );
}

describe('each row of the transition table, by its actor', () => {
  it('pending → upcoming: the provider accepts with an estimate, which becomes the held range', async () => {
    const world = await jobWorld(t);
    const job = await booked(t, world);
    const res = await patch(t, world.providerToken, job.id, { action: 'accept', estimated_hours: 2.5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'upcoming', estimated_hours: 2.5, scheduled_end: at('12:30') });
    await expectRecorded(world, job.id, 'pending', 'upcoming', 'accept', 'provider');
    expect((await patch(t, world.providerToken, job.id, { action: 'accept' })).body.details).toEqual({ estimated_hours: 'required' });
  });

  it('refuses an estimate that would run into the next held job with 409 slot_already_booked', async () => {
    const world = await jobWorld(t);
    const job = await booked(t, world);
    await jobIn(t, world, 'upcoming', at('12:00'));
    const res = await patch(t, world.providerToken, job.id, { action: 'accept', estimated_hours: 2.25 });
    expect(res.body.code).toBe('slot_already_booked');
    expect((await patch(t, world.providerToken, job.id, { action: 'accept', estimated_hours: 2 })).body.status).toBe('upcoming');
  });

  it('refuses an estimate below a quarter hour or off the quarter steps', async () => {
    const world = await jobWorld(t);
    const job = await booked(t, world);
    for (const hours of [0, 0.1, 1.3]) {
      const res = await patch(t, world.providerToken, job.id, { action: 'accept', estimated_hours: hours });
      expect(res.status, String(hours)).toBe(400);
    }
  });

  it('pending → cancelled: the provider declines with an optional reason', async () => {
    const world = await jobWorld(t);
    const job = await booked(t, world);
    const res = await patch(t, world.providerToken, job.id, { action: 'decline', reason: 'No tengo piezas' });
    expect(res.body).toMatchObject({ status: 'cancelled', decline_reason: 'No tengo piezas', allowed_actions: [] });
    await expectRecorded(world, job.id, 'pending', 'cancelled', 'decline', 'provider');
  });

  it.each(['pending', 'modification_requested'] as const)('%s → schedule_change_pending: the provider proposes date, time and duration', async (from) => {
    const world = await jobWorld(t);
    const job = await jobIn(t, world, from, at('09:00'));
    const missing = await patch(t, world.providerToken, job, { action: 'propose_schedule', scheduled_start: at('14:00') });
    expect(missing.body.details).toEqual({ duration_hours: 'required' });
    const closed = await patch(t, world.providerToken, job, { action: 'propose_schedule', scheduled_start: at('10:00', '2026-11-29'), duration_hours: 1 });
    expect(closed.body.code).toBe('provider_closed_weekday');
    const res = await patch(t, world.providerToken, job, { action: 'propose_schedule', scheduled_start: at('14:00'), duration_hours: 2 });
    expect(res.body).toMatchObject({ status: 'schedule_change_pending', proposed_start: at('14:00'), proposed_end: at('16:00'), scheduled_start: at('09:00') });
    await expectRecorded(world, job, from, 'schedule_change_pending', 'propose_schedule', 'provider');
  });

  it('schedule_change_pending → upcoming: the client accepts and the proposal becomes the schedule', async () => {
    const world = await jobWorld(t);
    const job = await jobIn(t, world, 'schedule_change_pending', at('09:00'));
    const res = await patch(t, world.clientToken, job, { action: 'accept_schedule' });
    expect(res.body).toMatchObject({ status: 'upcoming', scheduled_start: at('11:00'), scheduled_end: at('12:00'), duration_hours: 1, proposed_start: null });
    await expectRecorded(world, job, 'schedule_change_pending', 'upcoming', 'accept_schedule', 'client');
  });

  it.each(['schedule_change_pending', 'upcoming'] as const)('%s → modification_requested: the client explains (10 characters at least)', async (from) => {
    const world = await jobWorld(t);
    const job = await jobIn(t, world, from, at('09:00'));
    const short = await patch(t, world.clientToken, job, { action: 'request_modification', explanation: 'Otra hora' });
    expect(short.body.details).toEqual({ explanation: 'too_short' });
    const res = await patch(t, world.clientToken, job, { action: 'request_modification', explanation: 'Mejor por la tarde, por favor' });
    expect(res.body).toMatchObject({ status: 'modification_requested', modification_request: 'Mejor por la tarde, por favor', proposed_start: null });
    await expectRecorded(world, job, from, 'modification_requested', 'request_modification', 'client');
  });

  it('modification_requested → upcoming: the provider keeps the schedule', async () => {
    const world = await jobWorld(t);
    const job = await jobIn(t, world, 'modification_requested', at('09:00'));
    const res = await patch(t, world.providerToken, job, { action: 'keep_schedule' });
    expect(res.body).toMatchObject({ status: 'upcoming', scheduled_start: at('09:00') });
    await expectRecorded(world, job, 'modification_requested', 'upcoming', 'keep_schedule', 'provider');
  });

  it('upcoming → in_progress → completed: started on its day only, ended with worked hours rounded up to quarters', async () => {
    const world = await jobWorld(t);
    const job = await jobIn(t, world, 'upcoming', at('09:00'));
    const early = await call(t.server, 'POST', `/api/v1/jobs/${job}/start`, { token: world.providerToken });
    expect(early.body.code).toBe('not_on_scheduled_day');
    const clock = setClock(t, '2026-11-24T13:05:00Z'); // Tuesday 09:05 in San Juan
    expect((await call(t.server, 'GET', `/api/v1/jobs/${job}`, { token: world.providerToken })).body.allowed_actions).toContain('start');
    const started = await call(t.server, 'POST', `/api/v1/jobs/${job}/start`, { token: world.providerToken });
    expect(started.body).toMatchObject({ status: 'in_progress', started_at: '2026-11-24T09:05:00-04:00', allowed_actions: ['end', 'request_extension'] });
    await expectRecorded(world, job, 'upcoming', 'in_progress', 'start', 'provider');
    clock.advance(71 * 60_000); // 1 h 11 min
    const ended = await call(t.server, 'POST', `/api/v1/jobs/${job}/end`, { token: world.providerToken });
    expect(ended.body).toMatchObject({ status: 'completed', actual_hours: 1.25, ended_at: '2026-11-24T10:16:00-04:00' });
    await expectRecorded(world, job, 'in_progress', 'completed', 'end', 'provider');
  });

  it('starts and ends once for a repeated Idempotency-Key (an offline queue retrying after a timeout)', async () => {
    const world = await jobWorld(t, {}, '2026-11-24T13:00:00Z');
    const job = await jobIn(t, world, 'upcoming', at('09:00'));
    const send = (action: 'start' | 'end', key: string) =>
      call(t.server, 'POST', `/api/v1/jobs/${job}/${action}`, { token: world.providerToken, headers: { 'idempotency-key': key } });
    const [first, again] = [await send('start', 'offline-start-1'), await send('start', 'offline-start-1')];
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.status).toBe('in_progress');
    const ended = [await send('end', 'offline-end-1'), await send('end', 'offline-end-1')];
    expect(ended.map((res) => [res.status, res.body.status])).toEqual([[200, 'completed'], [200, 'completed']]);
    expect((await historyOf(world, job)).filter((entry) => ['start', 'end'].includes(entry.action)).map((entry) => entry.action)).toEqual(['start', 'end']);
    // Without a key, a second start is refused as before.
    expect((await call(t.server, 'POST', `/api/v1/jobs/${job}/start`, { token: world.providerToken })).status).toBe(409);
  });

  it('records at least a quarter hour for a job ended at once', async () => {
    const world = await jobWorld(t, {}, '2026-11-24T13:00:00Z');
    const job = await jobIn(t, world, 'upcoming', at('09:00'));
    await call(t.server, 'POST', `/api/v1/jobs/${job}/start`, { token: world.providerToken });
    const ended = await call(t.server, 'POST', `/api/v1/jobs/${job}/end`, { token: world.providerToken });
    expect(ended.body.actual_hours).toBe(0.25);
  });

  it.each(['completed', 'upcoming'] as const)('%s: the provider proposes a continuation session (new job, session n of total)', async (from) => {
    const world = await jobWorld(t);
    const original = await jobIn(t, world, from, at('09:00'));
    const res = await call(t.server, 'POST', '/api/v1/jobs/continuation', {
      token: world.providerToken,
      body: { original_job_id: original, scheduled_start: at('09:00', '2026-11-25'), duration_hours: 2, total_sessions: 3 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'continuation_proposed', original_job_id: original, session_number: 2, total_sessions: 3, client_id: world.clientId });
    const third = await call(t.server, 'POST', '/api/v1/jobs/continuation', {
      token: world.providerToken,
      body: { original_job_id: original, scheduled_start: at('09:00', '2026-11-26'), duration_hours: 2 },
    });
    expect(third.body).toMatchObject({ session_number: 3, total_sessions: 3 });
    const sessions = await call(t.server, 'GET', `/api/v1/jobs/${res.body.id}/sessions`, { token: world.clientToken });
    expect(sessions.body.items.map((j: { session_number: number; total_sessions: number }) => [j.session_number, j.total_sessions])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    const history = await historyOf(world, res.body.id);
    expect(history).toEqual([expect.objectContaining({ from_status: null, to_status: 'continuation_proposed', action: 'propose_continuation', actor: 'provider' })]);
  });

  it('refuses a continuation of a pending job (409) and by the client (403)', async () => {
    const world = await jobWorld(t);
    const pending = await jobIn(t, world, 'pending', at('09:00'));
    const body = { original_job_id: pending, scheduled_start: at('09:00', '2026-11-25'), duration_hours: 1 };
    expect((await call(t.server, 'POST', '/api/v1/jobs/continuation', { token: world.providerToken, body })).body.code).toBe('invalid_transition');
    expect((await call(t.server, 'POST', '/api/v1/jobs/continuation', { token: world.clientToken, body })).status).toBe(403);
  });

  it.each([
    ['accept_continuation', 'upcoming'],
    ['decline_continuation', 'cancelled_by_client'],
  ] as const)('continuation_proposed → %s by the client', async (action, to) => {
    const world = await jobWorld(t);
    const job = await jobIn(t, world, 'continuation_proposed', at('09:00'));
    const res = await patch(t, world.clientToken, job, { action });
    expect(res.body.status).toBe(to);
    await expectRecorded(world, job, 'continuation_proposed', to, action, 'client');
  });

  it.each(['pending', 'upcoming', 'modification_requested', 'schedule_change_pending'] as const)(
    '%s → cancelled_by_client: the client cancels',
    async (from) => {
      const world = await jobWorld(t);
      const job = await jobIn(t, world, from, at('09:00'));
      const res = await patch(t, world.clientToken, job, { action: 'cancel', reason: 'Ya lo resolví' });
      expect(res.body).toMatchObject({ status: 'cancelled_by_client', decline_reason: 'Ya lo resolví', proposed_start: null });
      await expectRecorded(world, job, from, 'cancelled_by_client', 'cancel', 'client');
    },
  );

  it('upcoming → cancelled: the provider cancels', async () => {
    const world = await jobWorld(t);
    const job = await jobIn(t, world, 'upcoming', at('09:00'));
    const res = await patch(t, world.providerToken, job, { action: 'cancel' });
    expect(res.body.status).toBe('cancelled');
    await expectRecorded(world, job, 'upcoming', 'cancelled', 'cancel', 'provider');
  });

  it('frees the time of a job that stops holding it', async () => {
    const world = await jobWorld(t);
    const job = await booked(t, world);
    await patch(t, world.providerToken, job.id, { action: 'decline' });
    expect((await booked(t, world)).status).toBe('pending');
  });
});

/** DESIGN.md §5 written out: the actions each party may take from each status. */
const expectedActions: Record<'client' | 'provider', Partial<Record<JobStatus, string[]>>> = {
  client: {
    pending: ['cancel'],
    upcoming: ['cancel', 'request_modification'],
    modification_requested: ['cancel'],
    schedule_change_pending: ['accept_schedule', 'cancel', 'request_modification'],
    continuation_proposed: ['accept_continuation', 'decline_continuation'],
  },
  provider: {
    pending: ['accept', 'decline', 'propose_schedule'],
    upcoming: ['cancel', 'propose_continuation'],
    in_progress: ['end', 'request_extension'],
    modification_requested: ['keep_schedule', 'propose_schedule'],
    completed: ['propose_continuation'],
  },
};

/** Which party an action belongs to (cancel: both). */
const owners: Record<string, ('client' | 'provider')[]> = {
  accept: ['provider'],
  decline: ['provider'],
  propose_schedule: ['provider'],
  keep_schedule: ['provider'],
  accept_schedule: ['client'],
  request_modification: ['client'],
  accept_continuation: ['client'],
  decline_continuation: ['client'],
  cancel: ['client', 'provider'],
};

const bodies: Record<string, Record<string, unknown>> = {
  accept: { action: 'accept', estimated_hours: 1 },
  decline: { action: 'decline' },
  propose_schedule: { action: 'propose_schedule', scheduled_start: at('15:00', '2026-11-25'), duration_hours: 1 },
  accept_schedule: { action: 'accept_schedule' },
  request_modification: { action: 'request_modification', explanation: 'Necesito otra fecha, gracias' },
  keep_schedule: { action: 'keep_schedule' },
  cancel: { action: 'cancel' },
  accept_continuation: { action: 'accept_continuation' },
  decline_continuation: { action: 'decline_continuation' },
};

describe('refused transitions and allowed_actions', () => {
  it.each(jobStatuses)('from %s: lists exactly the allowed actions per party and refuses the rest (403 wrong party, 409 wrong status)', async (status) => {
    const world = await jobWorld(t);
    const job = await jobIn(t, world, status, at('09:00'));
    for (const party of ['client', 'provider'] as const) {
      const token = party === 'client' ? world.clientToken : world.providerToken;
      const seen = await call(t.server, 'GET', `/api/v1/jobs/${job}`, { token });
      const expected = expectedActions[party][status] ?? [];
      expect([...seen.body.allowed_actions].sort(), `${party} ${status}`).toEqual(expected);
      for (const action of Object.keys(bodies)) {
        if (expected.includes(action)) continue;
        const res = await patch(t, token, job, bodies[action]!);
        const wrongParty = !owners[action]!.includes(party);
        expect([res.status, res.body.code], `${party} ${action} from ${status}`).toEqual(wrongParty ? [403, 'forbidden'] : [409, 'invalid_transition']);
      }
    }
    // Nothing refused changed the job or recorded a transition.
    expect((await call(t.server, 'GET', `/api/v1/jobs/${job}`, { token: world.clientToken })).body.status).toBe(status);
    expect(await historyOf(world, job)).toEqual([]);
  });

  it('refuses start and end out of their status (409) and to the client (403)', async () => {
    const world = await jobWorld(t, {}, '2026-11-24T13:00:00Z');
    const pending = await jobIn(t, world, 'pending', at('09:00'));
    expect((await call(t.server, 'POST', `/api/v1/jobs/${pending}/start`, { token: world.providerToken })).body.code).toBe('invalid_transition');
    expect((await call(t.server, 'POST', `/api/v1/jobs/${pending}/end`, { token: world.providerToken })).body.code).toBe('invalid_transition');
    const upcoming = await jobIn(t, world, 'upcoming', at('11:00'));
    expect((await call(t.server, 'POST', `/api/v1/jobs/${upcoming}/start`, { token: world.clientToken })).status).toBe(403);
  });
});

describe('lists of jobs', () => {
  it("shows the provider the client's full name, stored short name aside, and finds the job by the client's last name", async () => {
    const world = await jobWorld(t);
    const job = await jobIn(t, world, 'upcoming', at('09:00'));
    await t.knex('profiles').where({ id: world.clientId }).update({ display_name: 'Ana R.' });
    const seen = await call(t.server, 'GET', `/api/v1/jobs/${job}`, { token: world.providerToken });
    expect(seen.body.client.name).toBe('Ana Rivera');
    const found = await call(t.server, 'GET', '/api/v1/jobs?q=rivera', { token: world.providerToken });
    expect(found.body.items.map((j: { id: string }) => j.id)).toEqual([job]);
  });

  it('filters by status, role, dates and text (accents ignored) and pages with a cursor', async () => {
    const world = await jobWorld(t);
    const first = await jobIn(t, world, 'pending', at('09:00'));
    const second = await jobIn(t, world, 'upcoming', at('11:00'));
    const third = await jobIn(t, world, 'completed', at('09:00', '2026-11-25'));
    await t.knex('jobs').where({ id: second }).update({ title: 'Instalación de calentador' });
    const list = (query: string, token = world.clientToken) => call(t.server, 'GET', `/api/v1/jobs?${query}`, { token });
    expect((await list('status=pending,completed')).body.items.map((j: { id: string }) => j.id)).toEqual([third, first]);
    expect((await list('q=instalacion')).body.items.map((j: { id: string }) => j.id)).toEqual([second]);
    expect((await list('role=provider')).body.items).toEqual([]);
    expect((await list('role=provider', world.providerToken)).body.items).toHaveLength(3);
    expect((await list(`from=${tuesday}&to=2026-11-25`)).body.items).toHaveLength(2);
    const page1 = await list('limit=2&order=asc');
    expect(page1.body.items.map((j: { id: string }) => j.id)).toEqual([first, second]);
    const page2 = await list(`limit=2&order=asc&cursor=${page1.body.next_cursor}`);
    expect(page2.body).toEqual({ items: [expect.objectContaining({ id: third })], next_cursor: null });
    expect((await list('cursor=nonsense')).status).toBe(400);
    expect((await list('status=pending,nonsense')).status).toBe(400);
  });

  it('answers a calendar range of at most 62 days, and hides a finished job its party removed', async () => {
    const world = await jobWorld(t);
    const done = await jobIn(t, world, 'completed', at('09:00'));
    const open = await jobIn(t, world, 'upcoming', at('11:00'));
    const range = (token: string) => call(t.server, 'GET', `/api/v1/jobs/list?from=2026-11-01&to=2026-12-01`, { token });
    expect((await range(world.clientToken)).body.items).toHaveLength(2);
    expect((await call(t.server, 'GET', '/api/v1/jobs/list?from=2026-11-01&to=2027-02-01', { token: world.clientToken })).status).toBe(400);
    expect((await call(t.server, 'DELETE', `/api/v1/jobs/${open}`, { token: world.clientToken })).body.code).toBe('invalid_transition');
    expect((await call(t.server, 'DELETE', `/api/v1/jobs/${done}`, { token: world.clientToken })).status).toBe(204);
    expect((await range(world.clientToken)).body.items.map((j: { id: string }) => j.id)).toEqual([open]);
    expect((await range(world.providerToken)).body.items).toHaveLength(2);
    expect((await call(t.server, 'GET', `/api/v1/jobs/${done}`, { token: world.clientToken })).status).toBe(200);
  });

  it('marks the review prompt shown for the client only', async () => {
    const world = await jobWorld(t);
    const done = await jobIn(t, world, 'completed', at('09:00'));
    expect((await call(t.server, 'PATCH', `/api/v1/jobs/${done}/review-prompt-shown`, { token: world.providerToken })).status).toBe(403);
    const res = await call(t.server, 'PATCH', `/api/v1/jobs/${done}/review-prompt-shown`, { token: world.clientToken });
    expect(res.body.review_prompt_shown).toBe(true);
  });
});
