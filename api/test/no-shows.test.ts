/**
 * No-shows (issue 28, contract no-shows.ts): a report opens 15 minutes after an upcoming job's
 * start (14:59 past is refused, 15:00 allowed, read from the job, never the body); the provider
 * marking the client absent records the policy's late fee as client_no_show, the client reporting
 * the provider records none; the other side answers once; the admin lists open reports with both
 * sides' words and resolves them, waiving the fee when asked. Strangers get 404, wrong sides 403.
 */
import { describe, expect, it } from 'vitest';
import { call, eventually, useTestServer } from './server.ts';
import { jobWorld, newAdmin, setClock, tuesday, type JobWorld } from './factories.ts';
import { jobIn, outsider } from './jobs-fixtures.ts';
import { outboxTo } from './outbox.ts';

const t = useTestServer();

const start = `${tuesday}T10:00:00-04:00`;
const at = (time: string) => `${tuesday}T${time}-04:00`;

/** A world whose provider charges $25 after 24 hours before the start, and an upcoming job at 10:00. */
async function upcomingJob(): Promise<{ world: JobWorld; jobId: string }> {
  const world = await jobWorld(t);
  await t.knex('providers').where({ id: world.providerId }).update({ cancel_free_hours: 24, cancel_fee_kind: 'fixed', cancel_fee_value: 2500 });
  const jobId = await jobIn(t, world, 'upcoming', start, 2);
  return { world, jobId };
}

const report = (token: string, jobId: string, body: unknown = { note: 'Toqué la puerta y nadie abrió.' }) =>
  call(t.server, 'POST', `/api/v1/jobs/${jobId}/no-show`, { token, body });
const answer = (token: string, jobId: string, text = 'Estaba en casa, nadie tocó.') =>
  call(t.server, 'POST', `/api/v1/jobs/${jobId}/no-show/answer`, { token, body: { text } });
const getJob = async (token: string, jobId: string) => (await call(t.server, 'GET', `/api/v1/jobs/${jobId}`, { token })).body;

async function emailOf(id: string): Promise<string> {
  return (await t.knex('users').where({ id }).first('email')).email;
}

describe('reporting a no-show', () => {
  it('is refused 14 minutes 59 seconds after the start and allowed at 15 minutes, listed only then', async () => {
    const { world, jobId } = await upcomingJob();
    setClock(t, at('10:14:59'));
    expect((await getJob(world.providerToken, jobId)).allowed_actions).not.toContain('report_no_show');
    const early = await report(world.providerToken, jobId, { note: 'Nadie abrió.', scheduled_start: '2026-11-24T09:00:00-04:00' });
    expect(early.status).toBe(400); // the start is the job's, never the body's
    const tooEarly = await report(world.providerToken, jobId);
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.code).toBe('no_show_too_early');
    expect((await t.knex('no_show_reports').where({ job_id: jobId })).length).toBe(0);

    setClock(t, at('10:15:00'));
    expect((await getJob(world.providerToken, jobId)).allowed_actions).toContain('report_no_show');
    expect((await getJob(world.clientToken, jobId)).allowed_actions).toContain('report_no_show');
    const res = await report(world.providerToken, jobId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled_by_client', allowed_actions: [] });
  });

  it("records the policy's late fee as client_no_show when the provider marks the client absent, and tells the client", async () => {
    const { world, jobId } = await upcomingJob();
    setClock(t, at('10:20'));
    const res = await report(world.providerToken, jobId);
    expect(res.body).toMatchObject({
      status: 'cancelled_by_client',
      fee_cents: 2500,
      fee_kind: 'client_no_show',
      no_show: { reported_by: 'provider', note: 'Toqué la puerta y nadie abrió.', answer: null, fee_cents: 2500, status: 'open', fee_waived: false },
    });
    const history = (await call(t.server, 'GET', `/api/v1/jobs/${jobId}/history`, { token: world.clientToken })).body.items;
    expect(history.at(-1)).toMatchObject({ from_status: 'upcoming', to_status: 'cancelled_by_client', action: 'client_no_show', actor: 'provider', actor_id: world.providerId });
    const client = await getJob(world.clientToken, jobId);
    expect(client.no_show).toMatchObject({ reported_by: 'provider', note: 'Toqué la puerta y nadie abrió.' });
    expect(client.allowed_actions).toEqual(['answer_no_show']);
    const mails = await eventually(
      async () => outboxTo(t.knex, await emailOf(world.clientId)),
      (rows) => rows.length > 0,
    );
    expect(mails.at(-1)?.body).toContain('marcó que no estabas');
  });

  it('records no fee when the client reports that the provider did not come', async () => {
    const { world, jobId } = await upcomingJob();
    setClock(t, at('10:30'));
    const preview = await call(t.server, 'GET', `/api/v1/jobs/${jobId}/no-show/preview`, { token: world.clientToken });
    expect(preview.body).toEqual({ opens_at: '2026-11-24T14:15:00.000Z', fee_cents: 0 });
    const res = await report(world.clientToken, jobId, { note: 'Esperé una hora y no llegó.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', fee_cents: null, fee_kind: null, no_show: { reported_by: 'client', fee_cents: null } });
    const history = (await call(t.server, 'GET', `/api/v1/jobs/${jobId}/history`, { token: world.providerToken })).body.items;
    expect(history.at(-1)).toMatchObject({ to_status: 'cancelled', action: 'provider_no_show', actor: 'client' });
    expect((await getJob(world.providerToken, jobId)).allowed_actions).toEqual(['answer_no_show']);
  });

  it("previews the provider's fee before they report", async () => {
    const { world, jobId } = await upcomingJob();
    setClock(t, at('09:00'));
    const preview = await call(t.server, 'GET', `/api/v1/jobs/${jobId}/no-show/preview`, { token: world.providerToken });
    expect(preview.body).toEqual({ opens_at: '2026-11-24T14:15:00.000Z', fee_cents: 2500 });
  });

  it('refuses a second report with 409, a stranger with 404, a started job with 409, a short note with 400', async () => {
    const { world, jobId } = await upcomingJob();
    setClock(t, at('10:15'));
    const stranger = await outsider(t);
    expect((await report(stranger.token, jobId)).body.code).toBe('job_not_found');
    expect((await report(world.clientToken, jobId, { note: 'x' })).status).toBe(400);
    expect((await report(world.clientToken, jobId, {})).status).toBe(400);
    expect((await report(world.providerToken, jobId)).status).toBe(200);
    const second = await report(world.clientToken, jobId);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('no_show_already_reported');

    const started = await jobIn(t, world, 'in_progress', at('13:00'), 1);
    setClock(t, at('13:30'));
    expect((await report(world.providerToken, started)).body.code).toBe('invalid_transition');
    const admin = await newAdmin(t);
    const other = await jobIn(t, world, 'upcoming', at('15:00'), 1);
    setClock(t, at('15:30'));
    expect((await report(admin.token, other)).status).toBe(403);
  });
});

describe('answering a no-show report', () => {
  it('is for the other side, once; the reporter gets 403 and a stranger 404', async () => {
    const { world, jobId } = await upcomingJob();
    setClock(t, at('10:15'));
    expect((await answer(world.clientToken, jobId)).body.code).toBe('no_show_not_found');
    await report(world.providerToken, jobId);
    expect((await answer(world.providerToken, jobId)).status).toBe(403);
    expect((await answer((await outsider(t)).token, jobId)).status).toBe(404);
    const first = await answer(world.clientToken, jobId);
    expect(first.status).toBe(200);
    expect(first.body.no_show).toMatchObject({ answer: 'Estaba en casa, nadie tocó.', answered_at: expect.stringMatching(/-04:00$/) });
    expect(first.body.allowed_actions).toEqual([]);
    const again = await answer(world.clientToken, jobId, 'Otra vez');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('no_show_already_answered');
    expect((await getJob(world.providerToken, jobId)).no_show.answer).toBe('Estaba en casa, nadie tocó.');
    const mails = await eventually(
      async () => outboxTo(t.knex, await emailOf(world.providerId)),
      (rows) => rows.some((row) => row.body.includes('respondió a tu reporte')),
    );
    expect(mails.some((row) => row.body.includes('respondió a tu reporte'))).toBe(true);
  });
});

describe("the admin's no-show reports", () => {
  it('lists open reports with the job, both names and both sides\' words; anyone else gets 403', async () => {
    const { world, jobId } = await upcomingJob();
    setClock(t, at('10:15'));
    await report(world.providerToken, jobId);
    await answer(world.clientToken, jobId);
    const admin = await newAdmin(t);
    expect((await call(t.server, 'GET', '/api/v1/admin/no-shows?status=open', { token: world.providerToken })).status).toBe(403);
    expect((await call(t.server, 'GET', '/api/v1/admin/no-shows?status=open')).status).toBe(401);
    const list = await call(t.server, 'GET', '/api/v1/admin/no-shows?status=open&limit=200', { token: admin.token });
    expect(list.status).toBe(200);
    const item = list.body.items.find((row: { job: { id: string } }) => row.job.id === jobId);
    expect(item).toMatchObject({
      reported_by: 'provider',
      note: 'Toqué la puerta y nadie abrió.',
      answer: 'Estaba en casa, nadie tocó.',
      fee_cents: 2500,
      status: 'open',
      job: { id: jobId, title: 'Reparar tubería', scheduled_start: '2026-11-24T10:00:00-04:00', status: 'cancelled_by_client' },
      client: { id: world.clientId, name: 'Ana Rivera' },
      provider: { id: world.providerId, name: expect.stringMatching(/^Empresa/) },
    });
    expect(list.body.total).toBeGreaterThanOrEqual(1);
  });

  it('resolves a report with a note, waiving the fee when asked, once', async () => {
    const { world, jobId } = await upcomingJob();
    setClock(t, at('10:15'));
    const reported = await report(world.providerToken, jobId);
    const id = reported.body.no_show.id as string;
    const admin = await newAdmin(t);
    const resolve = (body: unknown, token = admin.token, reportId = id) => call(t.server, 'POST', `/api/v1/admin/no-shows/${reportId}/resolve`, { token, body });
    expect((await resolve({ note: 'Revisado' }, world.clientToken)).status).toBe(403);
    expect((await resolve({ note: '' })).status).toBe(400);
    expect((await resolve({ note: 'Revisado' }, admin.token, '00000000-0000-4000-8000-000000000000')).body.code).toBe('no_show_not_found');
    const done = await resolve({ note: 'El cliente mostró que estaba en casa.', waive_fee: true });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'resolved', resolution: 'El cliente mostró que estaba en casa.', fee_cents: 2500, fee_waived: true });
    expect(await getJob(world.clientToken, jobId)).toMatchObject({ fee_cents: null, fee_kind: null, no_show: { status: 'resolved', fee_waived: true } });
    const again = await resolve({ note: 'Otra vez' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('no_show_already_resolved');
    const open = await call(t.server, 'GET', '/api/v1/admin/no-shows?status=open&limit=200', { token: admin.token });
    expect(open.body.items.map((row: { id: string }) => row.id)).not.toContain(id);
  });
});
