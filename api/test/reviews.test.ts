/**
 * Reviews (SPEC.md §2, §6, §7; decision record 0021): only a client with a completed job reviews a
 * provider, once per job, even when two reviews arrive at once; only the author edits or deletes it; only
 * the reviewed provider replies, once, then edits the reply; the lists page by keyset; the text
 * comes back exactly as typed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../src/lib/events.ts';
import { call, useTestServer } from './server.ts';
import { newClient, newJob, newProvider, newReview, setClock, tokenFor, type JobWorld } from './factories.ts';
import { anotherReviewer, completedJob, postReview, reviewWorld } from './reviews-fixtures.ts';

const t = useTestServer();

let world: JobWorld & { jobId: string };

beforeAll(async () => {
  world = await reviewWorld(t);
});

describe('POST /providers/{id}/reviews', () => {
  it('lets a client with a completed job review the provider: 201 with the review, named "María R."', async () => {
    const reviewer = await anotherReviewer(t, world.providerId, { first_name: 'María', last_name: 'Rivera' });
    const res = await postReview(t, reviewer.token, world.providerId, { rating: 4, comment: 'Buen trabajo' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      job_id: expect.any(String),
      provider_id: world.providerId,
      client_id: reviewer.id,
      rating: 4,
      comment: 'Buen trabajo',
      reply: null,
      client_name: 'María R.',
      provider_name: 'Plomería Borinquen',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const mine = await call(t.server, 'GET', `/api/v1/providers/${world.providerId}/reviews/my-review`, { token: reviewer.token });
    expect(mine.status).toBe(200);
    expect(mine.body.id).toBe(res.body.id);
  });

  it('refuses a client without a completed job with 403 review_not_allowed', async () => {
    const client = await newClient(t.knex);
    const token = tokenFor(t, client);
    expect((await postReview(t, token, world.providerId, { rating: 5 })).body.code).toBe('review_not_allowed');
    // A job that is not completed (upcoming, cancelled) is not enough either.
    await newJob(t.knex, { clientId: client, providerId: world.providerId, start: '2026-11-17T13:00:00Z', status: 'cancelled' });
    await newJob(t.knex, { clientId: client, providerId: world.providerId, start: '2026-11-30T13:00:00Z', status: 'upcoming' });
    const res = await postReview(t, token, world.providerId, { rating: 5 });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('review_not_allowed');
    // Nor is a completed job with another provider.
    const other = await newProvider(t.knex);
    await completedJob(t, { clientId: client, providerId: other });
    expect((await postReview(t, token, world.providerId, { rating: 5 })).status).toBe(403);
    expect(await t.knex('reviews').where({ client_id: client, provider_id: world.providerId }).first()).toBeUndefined();
  });

  it('refuses the provider reviewing themselves, a visitor, and an unknown provider', async () => {
    expect((await postReview(t, world.providerToken, world.providerId, { rating: 5 })).body).toMatchObject({ status: 403, code: 'review_not_allowed' });
    expect((await postReview(t, undefined, world.providerId, { rating: 5 })).status).toBe(401);
    expect((await postReview(t, world.clientToken, crypto.randomUUID(), { rating: 5 })).body).toMatchObject({ status: 404, code: 'provider_not_found' });
  });

  it('needs a rating from 1 to 5, whole, and a comment of at most 2000 characters', async () => {
    const reviewer = await anotherReviewer(t, world.providerId);
    for (const body of [{}, { comment: 'sin nota' }, { rating: 0 }, { rating: 6 }, { rating: 3.5 }, { rating: '4' + 'x' }, { rating: 4, comment: 'x'.repeat(2001) }, { rating: 4, extra: 1 }]) {
      const res = await postReview(t, reviewer.token, world.providerId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    expect((await postReview(t, reviewer.token, world.providerId, { rating: 4, comment: 'x'.repeat(2000) })).status).toBe(201);
  });

  it('answers a second review of the same job with 409 review_already_given', async () => {
    const reviewer = await anotherReviewer(t, world.providerId);
    const first = await postReview(t, reviewer.token, world.providerId, { rating: 3 });
    expect(first.status).toBe(201);
    for (const body of [{ rating: 5 }, { rating: 5, job_id: first.body.job_id }]) {
      const second = await postReview(t, reviewer.token, world.providerId, body);
      expect(second.body, JSON.stringify(body)).toMatchObject({ status: 409, code: 'review_already_given' });
    }
    expect(Number((await t.knex('reviews').where({ client_id: reviewer.id }).count('* as count'))[0]!.count)).toBe(1);
  });

  it('keeps one review when the same client sends several at the same instant', async () => {
    const reviewer = await anotherReviewer(t, world.providerId);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => postReview(t, reviewer.token, world.providerId, { rating: (i % 5) + 1 })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(7);
    for (const answer of refused) expect(answer.body).toMatchObject({ status: 409, code: 'review_already_given' });
    expect(Number((await t.knex('reviews').where({ client_id: reviewer.id }).count('* as count'))[0]!.count)).toBe(1);
    // The database itself holds the rule, whoever writes: a second row for the job is refused by the
    // constraint the error plugin answers as review_already_given.
    const kept = await t.knex('reviews').where({ client_id: reviewer.id }).first('job_id');
    await expect(t.knex('reviews').insert({ job_id: kept.job_id, provider_id: world.providerId, client_id: reviewer.id, rating: 5 })).rejects.toMatchObject({
      constraint: 'reviews_one_per_job',
    });
  });

  it('stores the text as typed and gives it back as typed, as JSON (the ui escapes it on screen)', async () => {
    const reviewer = await anotherReviewer(t, world.providerId);
    const typed = `<script>alert("hola")</script> & <b>negrita</b> 'comillas' ñandú`;
    const res = await postReview(t, reviewer.token, world.providerId, { rating: 5, comment: typed });
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body.comment).toBe(typed);
    expect((await t.knex('reviews').where({ id: res.body.id }).first('comment')).comment).toBe(typed);
    const listed = await call(t.server, 'GET', `/api/v1/providers/${world.providerId}/reviews?limit=50`);
    expect(listed.body.items.find((r: { id: string }) => r.id === res.body.id).comment).toBe(typed);
    // The raw answer never carries the text as markup a browser would run.
    expect(listed.raw).not.toContain('<script>alert("hola")');
  });

  it('tells the provider at once with a review.created live event', async () => {
    const events: { recipients: string[]; event: DomainEvent }[] = [];
    const stop = t.server.app.context.events.subscribe('review.created', (event, recipients) => void events.push({ recipients, event }));
    try {
      const reviewer = await anotherReviewer(t, world.providerId);
      const res = await postReview(t, reviewer.token, world.providerId, { rating: 2 });
      await expect.poll(() => events.find((e) => 'review_id' in e.event && e.event.review_id === res.body.id)).toBeTruthy();
      const seen = events.find((e) => 'review_id' in e.event && e.event.review_id === res.body.id)!;
      expect(seen.recipients).toEqual([world.providerId]);
      expect(seen.event).toMatchObject({ type: 'review.created', provider_id: world.providerId, rating: 2 });
    } finally {
      stop();
    }
  });
});

describe('PATCH and DELETE /reviews/{id}', () => {
  it('lets the author change the rating and the comment, and nobody else', async () => {
    const reviewer = await anotherReviewer(t, world.providerId);
    const created = (await postReview(t, reviewer.token, world.providerId, { rating: 2, comment: 'Llegó tarde' })).body;
    const stranger = tokenFor(t, await newClient(t.knex));
    for (const token of [stranger, world.providerToken]) {
      const res = await call(t.server, 'PATCH', `/api/v1/reviews/${created.id}`, { token, body: { rating: 5 } });
      expect(res.body).toMatchObject({ status: 403, code: 'forbidden' });
    }
    expect((await call(t.server, 'PATCH', `/api/v1/reviews/${created.id}`, { body: { rating: 5 } })).status).toBe(401);
    expect((await call(t.server, 'PATCH', `/api/v1/reviews/${created.id}`, { token: reviewer.token, body: {} })).status).toBe(400);
    const res = await call(t.server, 'PATCH', `/api/v1/reviews/${created.id}`, { token: reviewer.token, body: { rating: 4, comment: 'Llegó tarde, pero quedó bien' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, rating: 4, comment: 'Llegó tarde, pero quedó bien', created_at: created.created_at });
    expect((await call(t.server, 'PATCH', `/api/v1/reviews/${crypto.randomUUID()}`, { token: reviewer.token, body: { rating: 4 } })).body.code).toBe('review_not_found');
  });

  it('lets the author delete it (then write a new one), and nobody else', async () => {
    const reviewer = await anotherReviewer(t, world.providerId);
    const created = (await postReview(t, reviewer.token, world.providerId, { rating: 1 })).body;
    const stranger = tokenFor(t, await newClient(t.knex));
    for (const token of [stranger, world.providerToken]) {
      expect((await call(t.server, 'DELETE', `/api/v1/reviews/${created.id}`, { token })).status).toBe(403);
    }
    expect((await call(t.server, 'DELETE', `/api/v1/reviews/${created.id}`)).status).toBe(401);
    const res = await call(t.server, 'DELETE', `/api/v1/reviews/${created.id}`, { token: reviewer.token });
    expect(res.status).toBe(204);
    expect(res.raw).toBe('');
    expect((await call(t.server, 'GET', `/api/v1/reviews/${created.id}`)).body.code).toBe('review_not_found');
    expect((await call(t.server, 'GET', `/api/v1/providers/${world.providerId}/reviews/my-review`, { token: reviewer.token })).status).toBe(404);
    expect((await call(t.server, 'DELETE', `/api/v1/reviews/${created.id}`, { token: reviewer.token })).status).toBe(404);
    expect((await postReview(t, reviewer.token, world.providerId, { rating: 3 })).status).toBe(201);
  });
});

describe('PUT /reviews/{id}/reply', () => {
  it('lets only the reviewed provider reply, once, and edit that reply', async () => {
    const reviewer = await anotherReviewer(t, world.providerId);
    const created = (await postReview(t, reviewer.token, world.providerId, { rating: 3, comment: 'Regular' })).body;
    const otherProvider = await newProvider(t.knex);
    for (const token of [reviewer.token, tokenFor(t, otherProvider, true), tokenFor(t, await newClient(t.knex))]) {
      const res = await call(t.server, 'PUT', `/api/v1/reviews/${created.id}/reply`, { token, body: { text: 'No' } });
      expect(res.body).toMatchObject({ status: 403, code: 'forbidden' });
    }
    expect((await call(t.server, 'PUT', `/api/v1/reviews/${created.id}/reply`, { body: { text: 'No' } })).status).toBe(401);
    for (const body of [{}, { text: '' }, { text: '   ' }, { text: 'x'.repeat(2001) }]) {
      expect((await call(t.server, 'PUT', `/api/v1/reviews/${created.id}/reply`, { token: world.providerToken, body })).status).toBe(400);
    }
    const first = await call(t.server, 'PUT', `/api/v1/reviews/${created.id}/reply`, { token: world.providerToken, body: { text: 'Gracias, <i>mejoraremos</i>' } });
    expect(first.status).toBe(200);
    expect(first.body.reply).toEqual({ text: 'Gracias, <i>mejoraremos</i>', created_at: expect.any(String), updated_at: expect.any(String) });
    const second = await call(t.server, 'PUT', `/api/v1/reviews/${created.id}/reply`, { token: world.providerToken, body: { text: 'Gracias por su paciencia' } });
    // One reply: the second is an edit of the first, which keeps its first date.
    expect(second.body.reply).toMatchObject({ text: 'Gracias por su paciencia', created_at: first.body.reply.created_at });
    const row = await t.knex('reviews').where({ id: created.id }).first('reply');
    expect(row.reply).toBe('Gracias por su paciencia');
    // The client sees the reply with their review.
    expect((await call(t.server, 'GET', `/api/v1/providers/${world.providerId}/reviews/my-review`, { token: reviewer.token })).body.reply.text).toBe('Gracias por su paciencia');
    expect((await call(t.server, 'PUT', `/api/v1/reviews/${crypto.randomUUID()}/reply`, { token: world.providerToken, body: { text: 'Hola' } })).status).toBe(404);
  });
});

describe('the lists', () => {
  it('pages a provider\'s reviews newest first without a gap or a repeat, with the counts per rating', async () => {
    const provider = await newProvider(t.knex);
    const same = new Date('2026-11-10T12:00:00Z');
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      ids.push(await newReview(t.knex, { providerId: provider, rating: [5, 5, 4, 3, 5, 1, 4][i]!, createdAt: i < 3 ? same : new Date(Date.UTC(2026, 10, 11 + i)) }));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let first: { distribution: unknown; rating_average: number; review_count: number } | null = null;
    do {
      const res = await call(t.server, 'GET', `/api/v1/providers/${provider}/reviews?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      first ??= res.body;
      seen.push(...res.body.items.map((r: { id: string }) => r.id));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(seen.slice(0, 4)).toEqual([ids[6], ids[5], ids[4], ids[3]]);
    expect(first).toMatchObject({ distribution: { 1: 1, 2: 0, 3: 1, 4: 2, 5: 3 }, rating_average: 3.86, review_count: 7 });
    const bad = await call(t.server, 'GET', `/api/v1/providers/${provider}/reviews?cursor=bm90LWEtY3Vyc29y`);
    expect(bad.body).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((await call(t.server, 'GET', `/api/v1/providers/${crypto.randomUUID()}/reviews`)).body.code).toBe('provider_not_found');
  });

  it("lists the client's own reviews (my-reviews) and the provider's (for-me), each only to its side", async () => {
    const provider = await newProvider(t.knex, { company_name: 'Electricidad Sol' });
    const client = await newClient(t.knex);
    const token = tokenFor(t, client);
    await completedJob(t, { clientId: client, providerId: provider });
    await completedJob(t, { clientId: client, providerId: world.providerId });
    setClock(t, '2026-11-23T12:00:00Z');
    const a = (await postReview(t, token, provider, { rating: 5 })).body;
    setClock(t, '2026-11-23T13:00:00Z');
    const b = (await postReview(t, token, world.providerId, { rating: 4 })).body;
    const mine = await call(t.server, 'GET', '/api/v1/reviews/my-reviews?limit=1', { token });
    expect(mine.body.items.map((r: { id: string }) => r.id)).toEqual([b.id]);
    const rest = await call(t.server, 'GET', `/api/v1/reviews/my-reviews?limit=1&cursor=${mine.body.next_cursor}`, { token });
    expect(rest.body).toMatchObject({ items: [expect.objectContaining({ id: a.id, provider_name: 'Electricidad Sol' })], next_cursor: null });
    const forMe = await call(t.server, 'GET', '/api/v1/reviews/for-me', { token: tokenFor(t, provider, true) });
    expect(forMe.body.items.map((r: { id: string }) => r.id)).toEqual([a.id]);
    expect((await call(t.server, 'GET', '/api/v1/reviews/for-me', { token })).body).toMatchObject({ status: 403, code: 'forbidden' });
    expect((await call(t.server, 'GET', '/api/v1/reviews/my-reviews', { token: tokenFor(t, provider, true) })).status).toBe(403);
    for (const path of ['/api/v1/reviews/my-reviews', '/api/v1/reviews/for-me', '/api/v1/reviews/prompt']) {
      expect((await call(t.server, 'GET', path)).status).toBe(401);
    }
  });
});

describe('the review prompt', () => {
  it('asks about the newest completed job until it was shown or reviewed', async () => {
    const provider = await newProvider(t.knex, { company_name: 'Limpieza Total' });
    const client = await newClient(t.knex);
    const token = tokenFor(t, client);
    expect((await call(t.server, 'GET', '/api/v1/reviews/prompt', { token })).body).toEqual({ prompt: null });
    const jobId = await completedJob(t, { clientId: client, providerId: provider }, 'Limpiar la casa');
    const asked = await call(t.server, 'GET', '/api/v1/reviews/prompt', { token });
    expect(asked.body).toEqual({ prompt: { job_id: jobId, job_title: 'Limpiar la casa', provider_id: provider, provider_name: 'Limpieza Total' } });
    // The provider is not asked, and cannot mark the client's prompt.
    expect((await call(t.server, 'GET', '/api/v1/reviews/prompt', { token: tokenFor(t, provider, true) })).body).toEqual({ prompt: null });
    expect((await call(t.server, 'PATCH', `/api/v1/jobs/${jobId}/review-prompt-shown`, { token: tokenFor(t, provider, true), body: {} })).status).toBe(403);
    expect((await call(t.server, 'PATCH', `/api/v1/jobs/${jobId}/review-prompt-shown`, { token, body: {} })).status).toBe(200);
    expect((await call(t.server, 'GET', '/api/v1/reviews/prompt', { token })).body).toEqual({ prompt: null });
    // A job reviewed is not asked about again.
    const second = await completedJob(t, { clientId: client, providerId: provider }, 'Otra limpieza');
    expect((await call(t.server, 'GET', '/api/v1/reviews/prompt', { token })).body.prompt.job_id).toBe(second);
    await postReview(t, token, provider, { rating: 5, job_id: second });
    expect((await call(t.server, 'GET', '/api/v1/reviews/prompt', { token })).body).toEqual({ prompt: null });
  });
});
