import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, seedDemo } from '../src/db/demo-seed.ts';
import { signIn } from './accounts-fixtures.ts';
import { call, useTestServer } from './server.ts';

const t = useTestServer();

async function tokenOf(role: 'client' | 'provider'): Promise<string> {
  const account = demoAccounts.find((a) => a.role === role)!;
  const session = await signIn(t.server, { email: account.email, password: account.password });
  return session.body.access_token as string;
}

describe('the demo jobs', () => {
  beforeAll(async () => {
    await seedDemo(t.knex);
  }, 120_000);

  it('gives the demo provider a request, an accepted job and a reviewed finished job with the demo client', async () => {
    const provider = await tokenOf('provider');
    const client = await tokenOf('client');
    const clientJobs = await call(t.server, 'GET', '/api/v1/jobs?role=client&limit=100', { token: client });
    const demoTitles = ['Cambio de calentador de agua', 'Fuga debajo del fregadero', 'Revisión del panel eléctrico'];
    const mine = clientJobs.body.items.filter((job: { title: string; provider: { name: string } }) => job.provider.name === 'Plomería y Electricidad Demo' && demoTitles.includes(job.title));
    expect(mine.map((job: { status: string }) => job.status).sort()).toEqual(['completed', 'pending', 'upcoming']);
    const pending = mine.find((job: { status: string }) => job.status === 'pending');
    expect(new Date(pending.scheduled_start).getTime()).toBeGreaterThan(Date.now());
    const seen = await call(t.server, 'GET', `/api/v1/jobs/${pending.id}`, { token: provider });
    expect(seen.body.allowed_actions).toEqual(['accept', 'decline', 'propose_schedule']);
    const done = mine.find((job: { status: string }) => job.status === 'completed');
    expect(await t.knex('reviews').where({ job_id: done.id }).first('rating')).toEqual({ rating: 5 });
    const history = await call(t.server, 'GET', `/api/v1/jobs/${done.id}/history`, { token: client });
    expect(history.body.items.map((h: { action: string }) => h.action)).toEqual(['book', 'accept', 'start', 'end']);
    const stats = await call(t.server, 'GET', '/api/v1/providers/me/stats', { token: provider });
    expect(stats.body.pending).toBeGreaterThanOrEqual(1);
  });

  it('adds them once: a second seed changes nothing', async () => {
    const before = await t.knex('jobs').count<{ count: number }[]>('* as count');
    await seedDemo(t.knex);
    expect(await t.knex('jobs').count<{ count: number }[]>('* as count')).toEqual(before);
  });
});
