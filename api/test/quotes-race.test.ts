/**
 * The race of issue 28's acceptance 3: 50 accepts of one quote and a revision sent at the same
 * moment end in exactly one outcome, with no 5xx: either the acceptance wins (accepted once, every
 * other accept and the revision 409) or the revision wins (every accept of the old version 409
 * quote_superseded, the quote at version 2 and the job still pending). The job holds its time once.
 */
import { describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { jobWorld, type JobWorld } from './factories.ts';
import { booked } from './api-factories.ts';

const t = useTestServer();

const body = (hours: number) => ({
  lines: [{ kind: 'labour_hourly', description: 'Mano de obra', quantity: hours, unit_price_cents: 6500, tax_rate: 'standard' }],
  hours,
  valid_until: '2026-11-24T02:00:00Z',
});

async function race(world: JobWorld, revisionFirst: boolean) {
  const jobId = (await booked(t, world)).id;
  const sent = await call(t.server, 'POST', `/api/v1/jobs/${jobId}/quote`, { token: world.providerToken, body: body(2) });
  const quoteId = sent.body.id as string;
  const accept = () => call(t.server, 'POST', `/api/v1/quotes/${quoteId}/accept`, { token: world.clientToken, body: { version: 1 } });
  const revise = () => call(t.server, 'POST', `/api/v1/jobs/${jobId}/quote`, { token: world.providerToken, body: body(3) });
  const calls = Array.from({ length: 50 }, accept);
  calls.splice(revisionFirst ? 0 : 25, 0, revise());
  const answers = await Promise.all(calls);
  const revision = answers[revisionFirst ? 0 : 25]!;
  const accepts = answers.filter((a) => a !== revision);
  const job = await t.knex('jobs').where({ id: jobId }).first('status', 'scheduled_end');
  const quote = await t.knex('quotes').where({ id: quoteId }).first('status', 'version', 'accepted_version');
  const transitions = await t.knex('job_transitions').where({ job_id: jobId, action: 'accept_quote' }).count<{ count: string }[]>('* as count');
  return { revision, accepts, job, quote, acceptTransitions: Number(transitions[0]!.count) };
}

describe('50 accepts of one quote and a revision at the same moment', () => {
  it.each([false, true])('end in exactly one outcome, with no 5xx (revision sent first: %s)', async (revisionFirst) => {
    const world = await jobWorld(t);
    const { revision, accepts, job, quote, acceptTransitions } = await race(world, revisionFirst);
    const statuses = [revision.status, ...accepts.map((a) => a.status)];
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const accepted = accepts.filter((a) => a.status === 200);
    if (revision.status === 201) {
      // The revision won: every accept named the old version.
      expect(accepted).toHaveLength(0);
      expect(new Set(accepts.map((a) => `${a.status} ${a.body.code}`))).toEqual(new Set(['409 quote_superseded']));
      expect(quote).toMatchObject({ status: 'sent', version: 2, accepted_version: null });
      expect(job.status).toBe('pending');
      expect(acceptTransitions).toBe(0);
    } else {
      // The acceptance won: once; every other accept and the revision were refused.
      expect(revision).toMatchObject({ status: 409, body: { code: 'quote_already_answered' } });
      expect(accepted).toHaveLength(1);
      expect(new Set(accepts.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body.code}`))).toEqual(new Set(['409 quote_already_answered']));
      expect(quote).toMatchObject({ status: 'accepted', version: 1, accepted_version: 1 });
      expect(job.status).toBe('upcoming');
      expect(acceptTransitions).toBe(1);
    }
    // The provider's time is held once: one job of theirs in a status that holds time.
    const held = await t.knex('jobs').where({ provider_id: world.providerId }).whereIn('status', ['pending', 'upcoming']).count<{ count: string }[]>('* as count');
    expect(Number(held[0]!.count)).toBe(1);
  }, 60_000);
});
