/**
 * Reviews per job (issue 27): a client who books the same provider again reviews the new job too;
 * each job takes one review; only the job's own client reviews it; my-review is the latest; each
 * job's review is read, edited, answered and rewarded on its own.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { newClient, newJob, newProvider, setClock, tokenFor, type JobWorld } from './factories.ts';
import { completedJob, postReview, reviewWorld } from './reviews-fixtures.ts';

const t = useTestServer();

let world: JobWorld & { jobId: string };

beforeAll(async () => {
  world = await reviewWorld(t);
});

async function pair() {
  const client = await newClient(t.knex);
  const first = await completedJob(t, { clientId: client, providerId: world.providerId }, 'Primera visita');
  const second = await completedJob(t, { clientId: client, providerId: world.providerId }, 'Segunda visita');
  return { client, token: tokenFor(t, client), first, second };
}

describe('a review per completed job', () => {
  it('lets a client review a second completed job with the same provider', async () => {
    const { client, token, first, second } = await pair();
    setClock(t, '2026-11-24T12:00:00Z');
    const a = await postReview(t, token, world.providerId, { rating: 5, comment: 'La primera', job_id: first });
    expect(a.status).toBe(201);
    expect(a.body.job_id).toBe(first);
    setClock(t, '2026-11-24T13:00:00Z');
    const b = await postReview(t, token, world.providerId, { rating: 3, comment: 'La segunda', job_id: second });
    expect(b.status).toBe(201);
    expect(b.body).toMatchObject({ job_id: second, client_id: client, rating: 3 });
    expect(await t.knex('reviews').where({ client_id: client }).orderBy('created_at').pluck('job_id')).toEqual([first, second]);

    // my-review answers the latest; each job answers its own.
    expect((await call(t.server, 'GET', `/api/v1/providers/${world.providerId}/reviews/my-review`, { token })).body.id).toBe(b.body.id);
    expect((await call(t.server, 'GET', `/api/v1/jobs/${first}/review`, { token })).body).toMatchObject({ id: a.body.id, comment: 'La primera' });
    expect((await call(t.server, 'GET', `/api/v1/jobs/${second}/review`, { token })).body).toMatchObject({ id: b.body.id, comment: 'La segunda' });
    // The job's provider reads it too.
    expect((await call(t.server, 'GET', `/api/v1/jobs/${second}/review`, { token: world.providerToken })).body.id).toBe(b.body.id);
    // Each job says which review is its own, in the lists too (the appointments' "Dejar reseña").
    expect((await call(t.server, 'GET', `/api/v1/jobs/${first}`, { token })).body.review_id).toBe(a.body.id);
    const listed = (await call(t.server, 'GET', '/api/v1/jobs?role=client', { token })).body.items;
    expect(listed.map((j: { id: string; review_id: string | null }) => [j.id, j.review_id]).sort()).toEqual([[first, a.body.id], [second, b.body.id]].sort());
  });

  it('picks, without a job named, the newest completed job not reviewed yet, then refuses with 409 when all are', async () => {
    const { token, first, second } = await pair();
    await t.knex('jobs').where({ id: first }).update({ ended_at: '2026-11-10T15:00:00Z' });
    await t.knex('jobs').where({ id: second }).update({ ended_at: '2026-11-12T15:00:00Z' });
    expect((await postReview(t, token, world.providerId, { rating: 4 })).body.job_id).toBe(second);
    expect((await postReview(t, token, world.providerId, { rating: 4 })).body.job_id).toBe(first);
    expect((await postReview(t, token, world.providerId, { rating: 4 })).body).toMatchObject({ status: 409, code: 'review_already_given' });
  });

  it("refuses another client's job (404 job_not_found), the provider's own, one not completed or with another provider", async () => {
    const { first } = await pair();
    const stranger = await newClient(t.knex);
    await completedJob(t, { clientId: stranger, providerId: world.providerId });
    const strangerToken = tokenFor(t, stranger);
    const theirs = await postReview(t, strangerToken, world.providerId, { rating: 1, job_id: first });
    expect(theirs.body).toMatchObject({ status: 404, code: 'job_not_found' });
    // The job's provider is not its client.
    expect((await postReview(t, world.providerToken, world.providerId, { rating: 5, job_id: first })).body).toMatchObject({ status: 403, code: 'review_not_allowed' });
    const upcoming = await newJob(t.knex, { clientId: stranger, providerId: world.providerId, start: '2026-12-01T13:00:00Z', status: 'upcoming' });
    expect((await postReview(t, strangerToken, world.providerId, { rating: 5, job_id: upcoming.id })).body).toMatchObject({ status: 403, code: 'review_not_allowed' });
    const elsewhere = await completedJob(t, { clientId: stranger, providerId: await newProvider(t.knex) });
    expect((await postReview(t, strangerToken, world.providerId, { rating: 5, job_id: elsewhere })).body).toMatchObject({ status: 403, code: 'review_not_allowed' });
    expect((await postReview(t, strangerToken, world.providerId, { rating: 5, job_id: crypto.randomUUID() })).body).toMatchObject({ status: 404, code: 'job_not_found' });
    expect((await postReview(t, strangerToken, world.providerId, { rating: 5, job_id: 'no-es-un-id' })).body).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(await t.knex('reviews').where({ job_id: first }).first()).toBeUndefined();
    // Nor is another person's job's review read through the job.
    expect((await call(t.server, 'GET', `/api/v1/jobs/${first}/review`, { token: strangerToken })).body).toMatchObject({ status: 404, code: 'job_not_found' });
  });

  it("answers 404 review_not_found for a job's review not written yet, and 401 without a session", async () => {
    const { token, first } = await pair();
    expect((await call(t.server, 'GET', `/api/v1/jobs/${first}/review`, { token })).body).toMatchObject({ status: 404, code: 'review_not_found' });
    expect((await call(t.server, 'GET', `/api/v1/jobs/${first}/review`)).status).toBe(401);
    expect((await call(t.server, 'GET', '/api/v1/jobs/nada/review', { token })).status).toBe(400);
  });

  it("edits, answers and rewards each job's review on its own", async () => {
    const { client, token, first, second } = await pair();
    const a = (await postReview(t, token, world.providerId, { rating: 5, job_id: first })).body;
    const b = (await postReview(t, token, world.providerId, { rating: 4, job_id: second })).body;
    expect((await call(t.server, 'PATCH', `/api/v1/reviews/${b.id}`, { token, body: { rating: 2, comment: 'Esta vez no' } })).status).toBe(200);
    await call(t.server, 'PUT', `/api/v1/reviews/${a.id}/reply`, { token: world.providerToken, body: { text: '¡Gracias!' } });
    expect((await call(t.server, 'GET', `/api/v1/jobs/${first}/review`, { token })).body).toMatchObject({ rating: 5, comment: '', reply: { text: '¡Gracias!' } });
    expect((await call(t.server, 'GET', `/api/v1/jobs/${second}/review`, { token })).body).toMatchObject({ rating: 2, comment: 'Esta vez no', reply: null });
    // Each review earns its points once (decision record 0025), and a deleted one gives back its own.
    const reviewPoints = async () => (await t.knex('loyalty_ledger').where({ client_id: client }).whereIn('reason', ['review', 'review_removed']).sum('points as sum'))[0]!.sum;
    expect(Number(await reviewPoints())).toBe(100);
    await call(t.server, 'DELETE', `/api/v1/reviews/${b.id}`, { token });
    expect(Number(await reviewPoints())).toBe(50);
    // The job is open to a review again, and the prompt may ask about it.
    expect((await postReview(t, token, world.providerId, { rating: 3, job_id: second })).status).toBe(201);
    expect(Number(await reviewPoints())).toBe(100);
  });

  it('asks, in the prompt, about a second job with a provider already reviewed for the first', async () => {
    const { token, first, second } = await pair();
    await postReview(t, token, world.providerId, { rating: 5, job_id: first });
    const prompt = (await call(t.server, 'GET', '/api/v1/reviews/prompt', { token })).body.prompt;
    expect(prompt).toMatchObject({ job_id: second, job_title: 'Segunda visita', provider_id: world.providerId });
  });
});
