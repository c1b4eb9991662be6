import { describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { categoryIds } from './factories.ts';
import { onboardedProvider, signedIn } from './api-factories.ts';

const t = useTestServer();

const slugsOf = (items: { slug: string }[]) => items.map((item) => item.slug);

describe("a provider's services", () => {
  it('are listed as localized categories, in the account language unless ?locale says otherwise', async () => {
    const me = await onboardedProvider(t.server, t.knex, 'en');
    const res = await call(t.server, 'GET', '/api/v1/providers/me/services', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [{ id: expect.any(Number), slug: 'plumbing', name: 'Plumbing', group: 'home', is_trending: true, is_interest: true }],
    });
    const spanish = await call(t.server, 'GET', '/api/v1/providers/me/services?locale=es', { token: me.token });
    expect(spanish.body.items[0].name).toBe('Plomería');
  });

  it('grow by one with POST (201, every offered category) and adding one already offered changes nothing', async () => {
    const me = await onboardedProvider(t.server, t.knex);
    const [electrical] = await categoryIds(t.knex, ['electrical']);
    const added = await call(t.server, 'POST', '/api/v1/providers/me/services', { token: me.token, body: { category_id: electrical } });
    expect(added.status).toBe(201);
    expect(slugsOf(added.body.items)).toEqual(['plumbing', 'electrical']);
    const again = await call(t.server, 'POST', '/api/v1/providers/me/services', { token: me.token, body: { category_id: electrical } });
    expect(again.status).toBe(201);
    expect(slugsOf(again.body.items)).toEqual(['plumbing', 'electrical']);
  });

  it('grow by many with the idempotent batch', async () => {
    const me = await onboardedProvider(t.server, t.knex);
    const ids = await categoryIds(t.knex, ['plumbing', 'hvac', 'solar']);
    const first = await call(t.server, 'POST', '/api/v1/providers/me/services/batch', { token: me.token, body: { category_ids: ids } });
    expect(first.status).toBe(200);
    expect(slugsOf(first.body.items)).toEqual(['plumbing', 'hvac', 'solar']);
    const second = await call(t.server, 'POST', '/api/v1/providers/me/services/batch', { token: me.token, body: { category_ids: ids } });
    expect(second.body).toEqual(first.body);
  });

  it('refuse unknown categories, empty and repeated batches, and change nothing then', async () => {
    const me = await onboardedProvider(t.server, t.knex);
    const [hvac] = await categoryIds(t.knex, ['hvac']);
    const unknown = await call(t.server, 'POST', '/api/v1/providers/me/services', { token: me.token, body: { category_id: 999_999 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual({ category_id: 'not_allowed' });
    const mixed = await call(t.server, 'POST', '/api/v1/providers/me/services/batch', { token: me.token, body: { category_ids: [hvac, 999_999] } });
    expect(mixed.status).toBe(400);
    expect(mixed.body.details).toEqual({ category_ids: 'not_allowed' });
    const empty = await call(t.server, 'POST', '/api/v1/providers/me/services/batch', { token: me.token, body: { category_ids: [] } });
    expect(empty.body.details).toEqual({ category_ids: 'too_short' });
    const repeated = await call(t.server, 'POST', '/api/v1/providers/me/services/batch', { token: me.token, body: { category_ids: [hvac, hvac] } });
    expect(repeated.status).toBe(400);
    const bySlug = await call(t.server, 'POST', '/api/v1/providers/me/services', { token: me.token, body: { category_id: 'hvac' } });
    expect(bySlug.body.details).toEqual({ category_id: 'invalid_type' });
    expect(slugsOf((await call(t.server, 'GET', '/api/v1/providers/me/services', { token: me.token })).body.items)).toEqual(['plumbing']);
  });

  it('shrink with DELETE by category id (204); one not offered is 404 not_found', async () => {
    const me = await onboardedProvider(t.server, t.knex);
    const [plumbing, cleaning, pool] = await categoryIds(t.knex, ['plumbing', 'cleaning', 'pool']);
    await call(t.server, 'POST', '/api/v1/providers/me/services', { token: me.token, body: { category_id: cleaning } });
    const removed = await call(t.server, 'DELETE', `/api/v1/providers/me/services/${plumbing}`, { token: me.token });
    expect(removed.status).toBe(204);
    expect(slugsOf((await call(t.server, 'GET', '/api/v1/providers/me/services', { token: me.token })).body.items)).toEqual(['cleaning']);
    const notOffered = await call(t.server, 'DELETE', `/api/v1/providers/me/services/${pool}`, { token: me.token });
    expect(notOffered.status).toBe(404);
    expect(notOffered.body.code).toBe('not_found');
  });

  it('keep at least one once onboarded: removing the last one is 409 conflict', async () => {
    const me = await onboardedProvider(t.server, t.knex);
    const [plumbing] = await categoryIds(t.knex, ['plumbing']);
    const last = await call(t.server, 'DELETE', `/api/v1/providers/me/services/${plumbing}`, { token: me.token });
    expect(last.status).toBe(409);
    expect(last.body.code).toBe('conflict');
    expect(slugsOf((await call(t.server, 'GET', '/api/v1/providers/me/services', { token: me.token })).body.items)).toEqual(['plumbing']);
  });

  it('keep at least one even when two removals race', async () => {
    const me = await onboardedProvider(t.server, t.knex);
    const [plumbing, painting] = await categoryIds(t.knex, ['plumbing', 'painting']);
    await call(t.server, 'POST', '/api/v1/providers/me/services', { token: me.token, body: { category_id: painting } });
    const answers = await Promise.all([
      call(t.server, 'DELETE', `/api/v1/providers/me/services/${plumbing}`, { token: me.token }),
      call(t.server, 'DELETE', `/api/v1/providers/me/services/${painting}`, { token: me.token }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([204, 409]);
    expect(await t.knex('provider_categories').where({ provider_id: me.id })).toHaveLength(1);
  });

  it('may all go while the provider is still onboarding', async () => {
    const me = await signedIn(t.server, t.knex);
    await call(t.server, 'POST', '/api/v1/providers', { token: me.token, body: { company_name: 'En Camino' } });
    const [roofing] = await categoryIds(t.knex, ['roofing']);
    await call(t.server, 'POST', '/api/v1/providers/me/services', { token: me.token, body: { category_id: roofing } });
    expect((await call(t.server, 'DELETE', `/api/v1/providers/me/services/${roofing}`, { token: me.token })).status).toBe(204);
  });
});
