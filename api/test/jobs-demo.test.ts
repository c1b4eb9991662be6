import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, seedDemo } from '../src/db/demo-seed.ts';
import { call, useTestServer } from './server.ts';
import { signIn } from './api-factories.ts';

const t = useTestServer();

async function tokenOf(role: 'client' | 'provider'): Promise<string> {
  const account = demoAccounts.find((a) => a.role === role)!;
  const session = await signIn(t.server, { email: account.email, password: account.password });
  return session.body.access_token as string;
}

describe('the demo jobs', () => {
  beforeAll(async () => {
    await seedDemo(t.knex, t.server.app.context);
  }, 120_000);

  it('gives the demo provider a request, an accepted job and a reviewed finished job with the demo client', async () => {
    const provider = await tokenOf('provider');
    const client = await tokenOf('client');
    const clientJobs = await call(t.server, 'GET', '/api/v1/jobs?role=client&limit=100', { token: client });
    const mine = clientJobs.body.items.filter((job: { provider: { name: string } }) => job.provider.name === 'Plomería y Electricidad Demo');
    const statuses = mine.map((job: { status: string }) => job.status);
    for (const status of ['completed', 'pending', 'upcoming']) expect(statuses).toContain(status);
    const pending = mine.find((job: { status: string }) => job.status === 'pending');
    expect(new Date(pending.scheduled_start).getTime()).toBeGreaterThan(Date.now());
    const seen = await call(t.server, 'GET', `/api/v1/jobs/${pending.id}`, { token: provider });
    expect(seen.body.allowed_actions).toEqual(['accept', 'decline', 'propose_schedule']);
    const reviewed = await t.knex('reviews').whereIn('job_id', mine.map((job: { id: string }) => job.id)).first('rating');
    expect(reviewed?.rating).toBeGreaterThanOrEqual(1);
    const history = await call(t.server, 'GET', `/api/v1/jobs/${pending.id}/history`, { token: client });
    expect(history.body.items.map((h: { action: string }) => h.action)).toEqual(['book']);
    const stats = await call(t.server, 'GET', '/api/v1/providers/me/stats', { token: provider });
    expect(stats.body.pending).toBeGreaterThanOrEqual(1);
  });

  // Issue 27: the demo provider's dashboard said "Ganancias —" beside eleven completed jobs.
  it("counts the demo provider's earnings as the sum of its completed jobs' totals", async () => {
    const provider = await tokenOf('provider');
    const stats = (await call(t.server, 'GET', '/api/v1/providers/me/stats', { token: provider })).body;
    const completed: { price: { total_cents: number } | null; bill: { status: string; total_cents: number } | null }[] = [];
    let cursor: string | null = null;
    do {
      const page = await call(t.server, 'GET', `/api/v1/jobs?role=provider&status=completed&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: provider });
      completed.push(...page.body.items);
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(completed.length).toBe(stats.completed);
    expect(completed.every((job) => job.price !== null && job.price.total_cents > 0)).toBe(true);
    // Issue 28: a job with a bill (last week's demo job ended with a draft) counts its bill's total.
    expect(completed.filter((job) => job.bill?.status === 'draft')).toHaveLength(1);
    expect(stats.earnings_cents).toBe(completed.reduce((sum, job) => sum + (job.bill?.total_cents ?? job.price!.total_cents), 0));
    expect(stats.earnings_cents).toBeGreaterThan(0);
    expect(stats.rate).toEqual({ amount_cents: 6500, unit: 'hour', from: expect.any(Boolean) });
  });

  it('adds them once: a second seed changes nothing', async () => {
    const before = await t.knex('jobs').count<{ count: number }[]>('* as count');
    await seedDemo(t.knex, t.server.app.context);
    expect(await t.knex('jobs').count<{ count: number }[]>('* as count')).toEqual(before);
  });
});
