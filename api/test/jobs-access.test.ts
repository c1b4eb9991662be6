/**
 * Only a job's client and provider (and admins, to read) see or touch it. The routes are read
 * from the server's table, so a route added later under /jobs or /job-time-extensions is walked
 * too — and fails here until it is given a valid body below and keeps strangers out.
 */
import type { RequestRoute } from '@hapi/hapi';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../src/plugins/auth.ts';
import { call, useTestServer } from './server.ts';
import { jobWorld, type JobWorld, newProvider, tokenFor, tuesday } from './factories.ts';
import { patch } from './api-factories.ts';
import { jobIn, outsider } from './jobs-fixtures.ts';

const t = useTestServer();

let world: JobWorld;
let jobId: string;
let extensionId: string;

beforeAll(async () => {
  world = await jobWorld(t);
  jobId = await jobIn(t, world, 'in_progress', `${tuesday}T09:00:00-04:00`);
  const extension = await call(t.server, 'POST', '/api/v1/job-time-extensions', {
    token: world.providerToken,
    body: { job_id: jobId, additional_hours: 1 },
  });
  expect(extension.status).toBe(201);
  extensionId = extension.body.id;
});

/** A body each route would accept from a party, so the answer tests access, not validation. */
function validBody(method: string, path: string): unknown {
  const bodies: Record<string, unknown> = {
    'PATCH /api/v1/jobs/{id}': { action: 'cancel' },
    'POST /api/v1/jobs/{id}/start': {},
    'POST /api/v1/jobs/{id}/end': {},
    'PATCH /api/v1/jobs/{id}/review-prompt-shown': {},
    'POST /api/v1/jobs/continuation': { original_job_id: jobId, scheduled_start: `2026-11-25T09:00:00-04:00`, duration_hours: 1 },
    'POST /api/v1/jobs/provider-create': {
      client_id: world.clientId,
      category_id: world.categoryId,
      title: 'Trabajo nuevo',
      description: '',
      scheduled_start: `2026-11-25T13:00:00-04:00`,
      duration_hours: 1,
      location_type: 'on_site',
    },
    'POST /api/v1/job-time-extensions': { job_id: jobId, additional_hours: 0.5 },
    'PUT /api/v1/job-time-extensions/{id}': { status: 'approved' },
    'POST /api/v1/jobs/{id}/no-show': { note: 'Nadie abrió la puerta.' },
    'POST /api/v1/jobs/{id}/no-show/answer': { text: 'Estaba en casa.' },
    'POST /api/v1/jobs/{id}/on-my-way': { arrival_minutes: 30 },
    'POST /api/v1/jobs/series/{id}/cancel': { from_job_id: jobId },
    'POST /api/v1/jobs/{id}/payments': { purpose: 'deposit', phone: '7875550101' },
    'POST /api/v1/jobs/{id}/payments/other': { amount_cents: 1000, method: 'cash' },
    'POST /api/v1/jobs/{id}/bill': { lines: [{ kind: 'other', description: 'Visita', quantity: 1, unit_price_cents: 5000, tax_rate: 'exempt' }] },
    'POST /api/v1/jobs/{id}/quote': {
      lines: [{ kind: 'other', description: 'Visita', quantity: 1, unit_price_cents: 5000, tax_rate: 'exempt' }],
      hours: 1,
      valid_until: '2026-11-24T02:00:00Z',
    },
  };
  return bodies[`${method.toUpperCase()} ${path}`];
}

function urlOf(path: string): string {
  if (path.startsWith('/api/v1/job-time-extensions/job/')) return path.replace('{id}', jobId);
  if (path.startsWith('/api/v1/job-time-extensions/')) return path.replace('{id}', extensionId);
  return path.replace('{id}', jobId);
}

/** POST /jobs (and a series, or its preview) makes the caller's own booking: nobody else's job is involved. */
const ownCreation = new Set(['POST /api/v1/jobs', 'POST /api/v1/jobs/series', 'POST /api/v1/jobs/series/preview']);

function jobRoutes(): RequestRoute[] {
  return t.server
    .table()
    .filter((route) => /^\/api\/v1\/(jobs|job-time-extensions)(\/|$)/.test(route.path))
    .filter((route) => !ownCreation.has(`${route.method.toUpperCase()} ${route.path}`));
}

describe('a third user on every job and extension route', () => {
  it('walks at least every job and extension route the app has', () => {
    const names = jobRoutes().map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/v1/jobs',
        'GET /api/v1/jobs/list',
        'GET /api/v1/jobs/{id}',
        'POST /api/v1/jobs/provider-create',
        'POST /api/v1/jobs/continuation',
        'GET /api/v1/jobs/{id}/sessions',
        'PATCH /api/v1/jobs/{id}',
        'DELETE /api/v1/jobs/{id}',
        'PATCH /api/v1/jobs/{id}/review-prompt-shown',
        'POST /api/v1/jobs/{id}/start',
        'POST /api/v1/jobs/{id}/end',
        'GET /api/v1/jobs/series/{id}',
        'POST /api/v1/jobs/series/{id}/accept',
        'POST /api/v1/jobs/series/{id}/cancel',
        'POST /api/v1/job-time-extensions',
        'GET /api/v1/job-time-extensions/job/{id}',
        'PUT /api/v1/job-time-extensions/{id}',
        'GET /api/v1/job-time-extensions',
      ]),
    );
  });

  it.each(['client', 'provider'] as const)('a stranger %s gets 403/404 on each, and lists without the job', async (kind) => {
    const stranger = kind === 'client' ? await outsider(t) : await (async () => {
      const id = await newProvider(t.knex, { categories: ['plumbing'] });
      return { id, token: tokenFor(t, id, true) };
    })();
    for (const route of jobRoutes()) {
      const method = route.method.toUpperCase();
      const name = `${method} ${route.path}`;
      const url = urlOf(route.path);
      const query = route.path === '/api/v1/jobs/list' ? '?from=2026-11-01&to=2026-12-01' : '';
      const res = await call(t.server, method, url + query, { token: stranger.token, body: validBody(method, route.path) });
      if (method === 'GET' && !route.path.includes('{id}')) {
        expect(res.status, name).toBe(200);
        expect(res.raw, name).not.toContain(jobId);
        expect(res.raw, name).not.toContain(extensionId);
      } else {
        expect([403, 404], `${name} answered ${res.status} ${res.raw}`).toContain(res.status);
      }
    }
    // Nothing a stranger sent changed the job or its extension.
    const job = await t.knex('jobs').where({ id: jobId }).first('status', 'client_hidden_at', 'provider_hidden_at', 'review_prompt_shown');
    expect(job).toEqual({ status: 'in_progress', client_hidden_at: null, provider_hidden_at: null, review_prompt_shown: false });
    expect((await t.knex('job_time_extensions').where({ id: extensionId }).first('status')).status).toBe('pending');
  });

  it('hides a job from a stranger with 404 job_not_found (not 403)', async () => {
    const stranger = await outsider(t);
    const res = await call(t.server, 'GET', `/api/v1/jobs/${jobId}`, { token: stranger.token });
    expect(res.body).toMatchObject({ status: 404, code: 'job_not_found' });
  });

  it('lets an admin read a job but act on nothing', async () => {
    const stranger = await outsider(t);
    await t.knex('profiles').where({ id: stranger.id }).update({ is_admin: true });
    const admin = issueAccessToken(t.config.jwtSecret, { id: stranger.id, is_admin: true, is_contractor: false }, stranger.id).token;
    const seen = await call(t.server, 'GET', `/api/v1/jobs/${jobId}`, { token: admin });
    expect(seen.status).toBe(200);
    expect(seen.body.allowed_actions).toEqual([]);
    expect((await patch(t, admin, jobId, { action: 'cancel' })).status).toBe(403);
  });

  it('refuses provider stats to a client with 403', async () => {
    const res = await call(t.server, 'GET', '/api/v1/providers/me/stats', { token: world.clientToken });
    expect(res.status).toBe(403);
  });

  it('refuses a provider creating a job for a client they have no job with (404)', async () => {
    const stranger = await outsider(t);
    const res = await call(t.server, 'POST', '/api/v1/jobs/provider-create', {
      token: world.providerToken,
      body: { ...(validBody('POST', '/api/v1/jobs/provider-create') as object), client_id: stranger.id },
    });
    expect(res.status).toBe(404);
  });
});
