import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newAdmin, newClient, newProject, newProvider, setClock, tokenFor } from './factories.ts';
import { multipart, multipartType } from './multipart.ts';
import { smallPng } from './photos.ts';
import { call, useTestServer } from './server.ts';

const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resuelve-projects-'));
// Visitors' answers kept a minute, as in production (10 s there): every change must still show at once.
const t = useTestServer({ UPLOADS_DIR: uploadsDir, SEARCH_CACHE_SECONDS: '60' });
afterAll(() => fs.rmSync(uploadsDir, { recursive: true, force: true }));

interface Person {
  id: string;
  token: string;
}

async function provider(): Promise<Person> {
  const id = await newProvider(t.knex);
  return { id, token: tokenFor(t, id, true) };
}

async function client(): Promise<Person> {
  const id = await newClient(t.knex);
  return { id, token: tokenFor(t, id) };
}

let seed = 0;

/** Uploads `count` small photos as `who`; answers their paths and widths. */
async function photos(who: Person, count: number): Promise<{ path: string; widths: number[] }[]> {
  const files = await Promise.all(Array.from({ length: count }, () => smallPng((seed += 1), 700, 500)));
  const res = await call(t.server, 'POST', '/api/v1/uploads/project-images', {
    token: who.token,
    raw: multipart(files.map((data, i) => ({ name: 'files', filename: `p${i}.png`, contentType: 'image/png', data }))) as unknown as string,
    headers: { 'content-type': multipartType },
  });
  expect(res.status).toBe(201);
  return res.body.items;
}

function body(images: { path: string }[], overrides: Record<string, unknown> = {}) {
  return {
    title: 'Terraza en Rincón',
    description: 'Terraza de madera tratada con vista al mar y barandas de acero.',
    is_public: true,
    images: images.map((image, i) => ({ path: image.path, is_cover: i === 0 })),
    ...overrides,
  };
}

async function create(who: Person, overrides: Record<string, unknown> = {}, count = 2) {
  const images = await photos(who, count);
  return call(t.server, 'POST', '/api/v1/projects', { token: who.token, body: body(images, overrides) });
}

const keysOf = (image: { path: string; widths: number[] }) => image.widths.flatMap((width) => [`${image.path}-${width}.webp`, `${image.path}-${width}.jpg`]);
const storage = () => t.server.app.context.storage;

describe('creating a project', () => {
  it('answers 201 with every field, the photos in order with one cover, and the derived duration', async () => {
    const me = await provider();
    const images = await photos(me, 3);
    const res = await call(t.server, 'POST', '/api/v1/projects', {
      token: me.token,
      body: {
        ...body(images),
        images: images.map((image, i) => ({ path: image.path, is_cover: i === 1 })),
        project_type: 'Remodelación',
        location: 'rincon',
        start_date: '2026-03-02',
        completion_date: '2026-03-20',
        budget_range: '5k_15k',
        materials: ['madera', ' acero ', 'madera'],
        tags: ['terraza', 'exterior'],
        featured: true,
        is_public: false,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      provider_id: me.id,
      title: 'Terraza en Rincón',
      project_type: 'Remodelación',
      location: 'rincon',
      location_name: 'Rincón',
      start_date: '2026-03-02',
      completion_date: '2026-03-20',
      duration_days: 19,
      budget_range: '5k_15k',
      materials: ['madera', 'acero'],
      tags: ['terraza', 'exterior'],
      featured: true,
      is_public: false,
      likes: 0,
      views: 0,
      liked: false,
    });
    expect(res.body.images.map((image: { path: string }) => image.path)).toEqual(images.map((image) => image.path));
    expect(res.body.images.map((image: { is_cover: boolean }) => image.is_cover)).toEqual([false, true, false]);
    expect(res.body.images[0]).toMatchObject({ width: 700, height: 500, placeholder: expect.stringMatching(/^data:image\/webp;base64,/) });
    expect(res.body.images[0]).toMatchObject({ widths: [320, 640, 700], src: `/api/v1/uploads/${images[0]!.path}` });
  });

  it('keeps a title under 3, a description under 10, no photos and a completion before the start out with 400', async () => {
    const me = await provider();
    const images = await photos(me, 1);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'ab' }, 'title'],
      [{ description: 'corta' }, 'description'],
      [{ images: [] }, 'images'],
      [{ start_date: '2026-05-02', completion_date: '2026-05-01' }, 'completion_date'],
      [{ location: 'atlantis' }, 'location'],
      [{ budget_range: 'a lot' }, 'budget_range'],
      [{ start_date: '2026-02-30' }, 'start_date'],
    ];
    for (const [override, field] of cases) {
      const res = await call(t.server, 'POST', '/api/v1/projects', { token: me.token, body: body(images, override) });
      expect(res.status, field).toBe(400);
      expect(res.body.code, field).toBe('validation_failed');
      expect(Object.keys(res.body.details ?? {}), field).toContain(field);
    }
    const missing = await call(t.server, 'POST', '/api/v1/projects', { token: me.token, body: { title: 'Algo' } });
    expect(missing.status).toBe(400);
  });

  it('wants exactly one cover: none or two is 400 project_cover_required', async () => {
    const me = await provider();
    const images = await photos(me, 2);
    for (const covers of [[false, false], [true, true]]) {
      const res = await call(t.server, 'POST', '/api/v1/projects', {
        token: me.token,
        body: { ...body(images), images: images.map((image, i) => ({ path: image.path, is_cover: covers[i] })) },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('project_cover_required');
    }
  });

  it('refuses 11 photos with 400 too_many_images', async () => {
    const me = await provider();
    const images = [...(await photos(me, 10)), ...(await photos(me, 1))];
    const res = await call(t.server, 'POST', '/api/v1/projects', { token: me.token, body: body(images) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('too_many_images');
    const ten = await call(t.server, 'POST', '/api/v1/projects', { token: me.token, body: body(images.slice(0, 10)) });
    expect(ten.status).toBe(201);
    expect(ten.body.images).toHaveLength(10);
  });

  it("refuses someone else's upload, an unknown path and a photo already in another project with 400 project_image_unknown", async () => {
    const me = await provider();
    const other = await provider();
    const theirs = await photos(other, 1);
    const taken = (await create(me)).body.images[0];
    for (const images of [theirs, [{ path: 'project/2026/11/00000000-0000-4000-8000-000000000000' }], [taken]]) {
      const res = await call(t.server, 'POST', '/api/v1/projects', { token: me.token, body: body(images) });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('project_image_unknown');
    }
    expect(await t.knex('projects').where({ provider_id: me.id }).count('* as n')).toEqual([{ n: 1 }]);
  });

  it('lets only providers create: 401 for a visitor, 403 for a client', async () => {
    const me = await provider();
    const images = await photos(me, 1);
    expect((await call(t.server, 'POST', '/api/v1/projects', { body: body(images) })).status).toBe(401);
    const res = await call(t.server, 'POST', '/api/v1/projects', { token: (await client()).token, body: body(images) });
    expect(res.status).toBe(403);
  });
});

describe('reading projects', () => {
  it('shows visitors and clients the public projects only, and the owner all of them', async () => {
    const me = await provider();
    const open = (await create(me, { title: 'Pública' })).body;
    const hidden = (await create(me, { title: 'Privada', is_public: false })).body;
    const url = `/api/v1/providers/${me.id}/projects`;
    const visitor = await call(t.server, 'GET', url);
    expect(visitor.status).toBe(200);
    expect(visitor.body.items.map((p: { id: string }) => p.id)).toEqual([open.id]);
    const someone = await call(t.server, 'GET', url, { token: (await client()).token });
    expect(someone.body.items.map((p: { id: string }) => p.id)).toEqual([open.id]);
    const otherProvider = await call(t.server, 'GET', url, { token: (await provider()).token });
    expect(otherProvider.body.items.map((p: { id: string }) => p.id)).toEqual([open.id]);
    const owner = await call(t.server, 'GET', url, { token: me.token });
    expect(owner.body.items.map((p: { id: string }) => p.id).sort()).toEqual([open.id, hidden.id].sort());
    const mine = await call(t.server, 'GET', '/api/v1/projects/my-projects', { token: me.token });
    expect(mine.body.items).toHaveLength(2);

    expect((await call(t.server, 'GET', `/api/v1/projects/${hidden.id}`)).status).toBe(404);
    const stranger = await call(t.server, 'GET', `/api/v1/projects/${hidden.id}`, { token: (await provider()).token });
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe('project_not_found');
    expect((await call(t.server, 'GET', `/api/v1/projects/${hidden.id}`, { token: me.token })).status).toBe(200);
    expect((await call(t.server, 'GET', `/api/v1/providers/00000000-0000-4000-8000-000000000000/projects`)).body.code).toBe('provider_not_found');
  });

  it('sorts by newest, oldest, most liked and most viewed', async () => {
    const me = await provider();
    const a = await newProject(t.knex, { providerId: me.id, title: 'A', likes: 5, views: 1, createdAt: new Date('2026-01-01') });
    const b = await newProject(t.knex, { providerId: me.id, title: 'B', likes: 1, views: 9, createdAt: new Date('2026-02-01') });
    const c = await newProject(t.knex, { providerId: me.id, title: 'C', likes: 3, views: 4, createdAt: new Date('2026-03-01') });
    const order = async (sort: string) =>
      (await call(t.server, 'GET', `/api/v1/providers/${me.id}/projects?sort=${sort}`)).body.items.map((p: { id: string }) => p.id);
    expect(await order('newest')).toEqual([c, b, a]);
    expect(await order('oldest')).toEqual([a, b, c]);
    expect(await order('most_liked')).toEqual([a, c, b]);
    expect(await order('most_viewed')).toEqual([b, c, a]);
    expect((await call(t.server, 'GET', `/api/v1/providers/${me.id}/projects?sort=random`)).status).toBe(400);
  });

  it('counts a view once per viewer and day, never the owner’s own', async () => {
    const me = await provider();
    const project = (await create(me)).body;
    const fan = await client();
    const url = `/api/v1/projects/${project.id}`;
    setClock(t, '2026-11-24T14:00:00Z');
    expect((await call(t.server, 'GET', url, { token: me.token })).body.views).toBe(0);
    expect((await call(t.server, 'GET', url, { token: fan.token })).body.views).toBe(1);
    expect((await call(t.server, 'GET', url, { token: fan.token })).body.views).toBe(1);
    expect((await call(t.server, 'GET', url, { address: '10.9.0.1' })).body.views).toBe(2);
    expect((await call(t.server, 'GET', url, { address: '10.9.0.1' })).body.views).toBe(2);
    setClock(t, '2026-11-25T14:00:00Z');
    expect((await call(t.server, 'GET', url, { token: fan.token })).body.views).toBe(3);
    expect((await call(t.server, 'GET', url, { token: me.token })).body.views).toBe(3);
  });

  it('counts a visitor by address alone: 60 User-Agents from one address are one view a day', async () => {
    const me = await provider();
    const project = (await create(me)).body;
    const url = `/api/v1/projects/${project.id}`;
    setClock(t, '2026-11-24T14:00:00Z');
    for (let i = 0; i < 60; i += 1) {
      const seen = await call(t.server, 'GET', url, { address: '10.9.0.60', headers: { 'user-agent': `Navegador/${i}.0 (prueba ${i})` } });
      expect(seen.status).toBe(200);
    }
    expect((await call(t.server, 'GET', url, { address: '10.9.0.60' })).body.views).toBe(1);
    // A signed-in viewer counts by account, whatever their address or browser.
    const fan = await client();
    for (const address of ['10.9.0.61', '10.9.0.62']) {
      await call(t.server, 'GET', url, { token: fan.token, address, headers: { 'user-agent': `Otro/${address}` } });
    }
    expect((await call(t.server, 'GET', url, { address: '10.9.0.60' })).body.views).toBe(2);
  });

  it('lists the public projects an admin featured for the landing page', async () => {
    const me = await provider();
    const admin = await newAdmin(t);
    const shown = await newProject(t.knex, { providerId: me.id });
    const hidden = await newProject(t.knex, { providerId: me.id, is_public: false });
    const plain = await newProject(t.knex, { providerId: me.id, featured: true });
    for (const id of [shown, hidden]) {
      const put = await call(t.server, 'PUT', `/api/v1/admin/projects/${id}/featured`, { token: admin.token, body: { featured: true } });
      expect(put.body).toEqual({ id, featured_on_site: true });
    }
    const res = await call(t.server, 'GET', '/api/v1/projects/featured?limit=30');
    expect(res.status).toBe(200);
    const ids = res.body.items.map((p: { id: string }) => p.id);
    expect(ids).toContain(shown);
    expect(ids).not.toContain(hidden);
    expect(ids).not.toContain(plain);
    expect((await call(t.server, 'GET', '/api/v1/projects/featured?limit=31')).status).toBe(400);
  });

  it('lets a provider mark which of their projects lead their gallery, never put one on the landing (an admin does, recorded)', async () => {
    const me = await provider();
    const older = (await create(me)).body;
    const newer = (await create(me)).body;
    const marked = await call(t.server, 'PATCH', `/api/v1/projects/${older.id}`, { token: me.token, body: { featured: true } });
    expect(marked.status).toBe(200);
    expect(marked.body.featured).toBe(true);
    const onSite = async () => (await call(t.server, 'GET', '/api/v1/projects/featured?limit=30')).body.items.map((p: { id: string }) => p.id);
    expect(await onSite()).not.toContain(older.id);
    // The provider's mark leads their own gallery, before the newer project.
    expect((await call(t.server, 'GET', `/api/v1/providers/${me.id}/projects`)).body.items.map((p: { id: string }) => p.id)).toEqual([older.id, newer.id]);
    // Only an admin features on the landing: the provider's own call to the admin route is 403.
    const byProvider = await call(t.server, 'PUT', `/api/v1/admin/projects/${older.id}/featured`, { token: me.token, body: { featured: true } });
    expect(byProvider.body).toMatchObject({ status: 403, code: 'forbidden' });
    const admin = await newAdmin(t);
    expect((await call(t.server, 'PUT', `/api/v1/admin/projects/${newer.id}/featured`, { token: admin.token, body: { featured: true } })).status).toBe(200);
    expect(await onSite()).toContain(newer.id);
    expect((await call(t.server, 'PUT', `/api/v1/admin/projects/${newer.id}/featured`, { token: admin.token, body: { featured: false } })).body.featured_on_site).toBe(false);
    expect(await onSite()).not.toContain(newer.id);
    const history = await call(t.server, 'GET', `/api/v1/admin/accounts/${me.id}/actions`, { token: admin.token });
    expect(history.body.items.map((a: { action: string; details: { project_id: string } }) => [a.action, a.details.project_id])).toEqual([
      ['project_unfeatured', newer.id],
      ['project_featured', newer.id],
    ]);
    const missing = await call(t.server, 'PUT', `/api/v1/admin/projects/${crypto.randomUUID()}/featured`, { token: admin.token, body: { featured: true } });
    expect(missing.body).toMatchObject({ status: 404, code: 'project_not_found' });
  });

  it('gives the owner the portfolio figures: projects, views, likes, featured', async () => {
    const me = await provider();
    await newProject(t.knex, { providerId: me.id, likes: 2, views: 10, featured: true });
    await newProject(t.knex, { providerId: me.id, likes: 3, views: 5, is_public: false });
    const res = await call(t.server, 'GET', '/api/v1/projects/my-stats', { token: me.token });
    expect(res.body).toEqual({ total: 2, views: 15, likes: 5, featured: 1 });
    expect((await call(t.server, 'GET', '/api/v1/projects/my-stats')).status).toBe(401);
  });
});

describe('changing and removing a project', () => {
  it('lets the owner change fields, reorder photos, move the cover and drop a photo, whose files go', async () => {
    const me = await provider();
    const project = (await create(me, {}, 3)).body;
    const [first, second, third] = project.images;
    const res = await call(t.server, 'PATCH', `/api/v1/projects/${project.id}`, {
      token: me.token,
      body: { title: 'Terraza nueva', images: [{ path: third.path, is_cover: true }, { path: first.path, is_cover: false }], tags: ['mar'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Terraza nueva', tags: ['mar'] });
    expect(res.body.images.map((image: { path: string; is_cover: boolean }) => [image.path, image.is_cover])).toEqual([
      [third.path, true],
      [first.path, false],
    ]);
    for (const key of keysOf(second)) expect(await storage().read(key), key).toBeNull();
    for (const key of keysOf(first)) expect(await storage().read(key), key).not.toBeNull();
    // The photo a project shows is changed through the project, not the upload route.
    const direct = await call(t.server, 'DELETE', '/api/v1/uploads/project-image', { token: me.token, body: { path: first.path } });
    expect(direct.status).toBe(409);
    expect(direct.body.code).toBe('project_image_in_use');
  });

  it('keeps the dates in order across changes', async () => {
    const me = await provider();
    const project = (await create(me, { start_date: '2026-04-01', completion_date: '2026-04-03' })).body;
    const res = await call(t.server, 'PATCH', `/api/v1/projects/${project.id}`, { token: me.token, body: { start_date: '2026-04-05' } });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ completion_date: 'out_of_range' });
  });

  it("answers someone else's public project with 403 and private one with 404, for a provider and a client", async () => {
    const me = await provider();
    const open = (await create(me)).body;
    const hidden = (await create(me, { is_public: false })).body;
    for (const stranger of [await provider(), await client()]) {
      for (const [id, status] of [[open.id, 403], [hidden.id, 404]] as const) {
        expect((await call(t.server, 'PATCH', `/api/v1/projects/${id}`, { token: stranger.token, body: { title: 'Mío ahora' } })).status).toBe(status);
        expect((await call(t.server, 'DELETE', `/api/v1/projects/${id}`, { token: stranger.token })).status).toBe(status);
      }
    }
    expect((await call(t.server, 'PATCH', `/api/v1/projects/${open.id}`, { body: { title: 'Nadie' } })).status).toBe(401);
    expect((await call(t.server, 'DELETE', `/api/v1/projects/${open.id}`)).status).toBe(401);
    expect((await call(t.server, 'GET', `/api/v1/projects/${open.id}`, { token: me.token })).body.title).toBe('Terraza en Rincón');
  });

  it('removes every stored size of every photo with the project', async () => {
    const me = await provider();
    const project = (await create(me, {}, 3)).body;
    const keys = project.images.flatMap(keysOf);
    expect(keys.length).toBe(3 * 3 * 2); // 320, 640 and 700, WebP and JPEG
    for (const key of keys) expect(await storage().read(key)).not.toBeNull();
    const res = await call(t.server, 'DELETE', `/api/v1/projects/${project.id}`, { token: me.token });
    expect(res.status).toBe(204);
    for (const key of keys) expect(await storage().read(key), key).toBeNull();
    expect(await t.knex('project_images').where({ project_id: project.id }).first()).toBeUndefined();
    expect((await call(t.server, 'GET', `/api/v1/projects/${project.id}`, { token: me.token })).status).toBe(404);
  });
});

describe('likes', () => {
  it('toggles a signed-in client’s like: a second press takes it back', async () => {
    const me = await provider();
    const project = (await create(me)).body;
    const fan = await client();
    const url = `/api/v1/projects/${project.id}/like`;
    expect((await call(t.server, 'POST', url, { token: fan.token })).body).toEqual({ liked: true, likes: 1 });
    expect((await call(t.server, 'GET', `${url}-status`, { token: fan.token })).body).toEqual({ liked: true, likes: 1 });
    expect((await call(t.server, 'GET', `/api/v1/providers/${me.id}/projects`, { token: fan.token })).body.items[0].liked).toBe(true);
    expect((await call(t.server, 'GET', `${url}-status`)).body).toEqual({ liked: false, likes: 1 });
    expect((await call(t.server, 'POST', url, { token: fan.token })).body).toEqual({ liked: false, likes: 0 });
  });

  it("shows visitors a like, a change and a removal at once, though their gallery answers are kept", async () => {
    const me = await provider();
    const project = (await create(me)).body;
    const gallery = async () => (await call(t.server, 'GET', `/api/v1/providers/${me.id}/projects`)).body.items;
    expect((await gallery())[0].likes).toBe(0);
    await call(t.server, 'POST', `/api/v1/projects/${project.id}/like`, { token: (await client()).token });
    expect((await gallery())[0].likes).toBe(1);
    await call(t.server, 'PATCH', `/api/v1/projects/${project.id}`, { token: me.token, body: { title: 'Terraza renovada', featured: true } });
    expect((await gallery())[0].title).toBe('Terraza renovada');
    const admin = await newAdmin(t);
    await call(t.server, 'PUT', `/api/v1/admin/projects/${project.id}/featured`, { token: admin.token, body: { featured: true } });
    expect((await call(t.server, 'GET', '/api/v1/projects/featured')).body.items.map((p: { id: string }) => p.id)).toContain(project.id);
    await call(t.server, 'DELETE', `/api/v1/projects/${project.id}`, { token: me.token });
    expect(await gallery()).toEqual([]);
    expect((await call(t.server, 'GET', '/api/v1/projects/featured')).body.items.map((p: { id: string }) => p.id)).not.toContain(project.id);
  });

  it('refuses visitors (401), providers and the owner (403 like_not_allowed), and private projects', async () => {
    const me = await provider();
    const open = (await create(me)).body;
    const hidden = (await create(me, { is_public: false })).body;
    expect((await call(t.server, 'POST', `/api/v1/projects/${open.id}/like`)).status).toBe(401);
    for (const who of [me, await provider()]) {
      const res = await call(t.server, 'POST', `/api/v1/projects/${open.id}/like`, { token: who.token });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('like_not_allowed');
    }
    const own = await call(t.server, 'POST', `/api/v1/projects/${hidden.id}/like`, { token: me.token });
    expect(own.status).toBe(403);
    const fan = await call(t.server, 'POST', `/api/v1/projects/${hidden.id}/like`, { token: (await client()).token });
    expect(fan.status).toBe(404);
    expect((await call(t.server, 'GET', `/api/v1/projects/${hidden.id}/like-status`, { token: (await client()).token })).status).toBe(404);
    expect((await t.knex('projects').whereIn('id', [open.id, hidden.id]).pluck('likes'))).toEqual([0, 0]);
  });

  it('counts 60 clients liking at once exactly 60 times, and 60 taking it back at once down to 0', async () => {
    const me = await provider();
    const project = await newProject(t.knex, { providerId: me.id });
    const fans = await Promise.all(Array.from({ length: 60 }, () => client()));
    const url = `/api/v1/projects/${project}/like`;
    const liked = await Promise.all(fans.map((fan) => call(t.server, 'POST', url, { token: fan.token })));
    expect(liked.every((res) => res.status === 200 && res.body.liked)).toBe(true);
    expect(new Set(liked.map((res) => res.body.likes)).size).toBe(60); // each saw its own count
    expect(await t.knex('projects').where({ id: project }).first('likes')).toEqual({ likes: 60 });
    await Promise.all(fans.map((fan) => call(t.server, 'POST', url, { token: fan.token })));
    expect(await t.knex('projects').where({ id: project }).first('likes')).toEqual({ likes: 0 });
    expect(await t.knex('project_likes').where({ project_id: project }).first()).toBeUndefined();
  });
});

describe('a stranger on every project and project photo route', () => {
  it.each(['client', 'provider'] as const)('a %s reaches nothing of a private project of someone else', async (kind) => {
    const owner = await provider();
    const hidden = (await create(owner, { is_public: false, featured: true })).body;
    const stranger = kind === 'client' ? await client() : await provider();
    const photo = hidden.images[0].path;
    const walked: [string, string, unknown, (res: Awaited<ReturnType<typeof call>>) => void][] = [
      ['PATCH', `/api/v1/projects/${hidden.id}`, { title: 'Mío' }, (res) => expect(res.status).toBe(404)],
      ['DELETE', `/api/v1/projects/${hidden.id}`, undefined, (res) => expect(res.status).toBe(404)],
      ['GET', `/api/v1/projects/${hidden.id}`, undefined, (res) => expect(res.status).toBe(404)],
      ['POST', `/api/v1/projects/${hidden.id}/like`, undefined, (res) => expect(res.status).toBe(404)],
      ['GET', `/api/v1/projects/${hidden.id}/like-status`, undefined, (res) => expect(res.status).toBe(404)],
      ['GET', `/api/v1/providers/${owner.id}/projects`, undefined, (res) => expect(res.body.items).toEqual([])],
      ['GET', '/api/v1/projects/featured', undefined, (res) => expect(res.body.items.map((p: { id: string }) => p.id)).not.toContain(hidden.id)],
      ['GET', '/api/v1/projects/my-projects', undefined, (res) => expect(JSON.stringify(res.body)).not.toContain(hidden.id)],
      ['GET', '/api/v1/projects/my-stats', undefined, (res) => expect(res.body).toEqual({ total: 0, views: 0, likes: 0, featured: 0 })],
      ['DELETE', '/api/v1/uploads/project-image', { path: photo }, (res) => expect(res.status).toBe(404)],
      ['POST', '/api/v1/projects', body([{ path: photo }]), (res) => expect(res.status).toBe(kind === 'client' ? 403 : 400)],
    ];
    const names = new Set(walked.map(([method, url]) => `${method} ${url.replace(hidden.id, '{id}').replace(owner.id, '{id}')}`));
    const routes = t.server
      .table()
      .filter((route) => /^\/api\/v1\/(projects|uploads\/project-image$|providers\/\{id\}\/projects)/.test(route.path))
      .filter((route) => !(route.method === 'post' && route.path.startsWith('/api/v1/uploads/'))) // uploads are tested with files
      .map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect([...names].sort()).toEqual(routes.sort());
    for (const [method, url, payload, check] of walked) {
      const res = await call(t.server, method, url, { token: stranger.token, body: payload });
      check(res);
      expect(res.status, `${method} ${url}`).toBeLessThan(500);
    }
    const after = await call(t.server, 'GET', `/api/v1/projects/${hidden.id}`, { token: owner.token });
    expect(after.body).toMatchObject({ title: 'Terraza en Rincón', likes: 0, views: 0 });
    expect(await storage().read(`${photo}-320.webp`)).not.toBeNull();
  });
});
