/**
 * Every date a request names is bounded (issue 25, decision 0046): a walk over every api route
 * sends year 9999 and year 0001, as days and as instants, in each date it takes (query, path and
 * body fields named like dates), as a visitor, a client, a provider and an admin, with ids of
 * things that exist. No answer is a 5xx; the one that was (`/availability/days?from=9999-12-31`,
 * "time zone displacement out of range" in PostgreSQL) is 400 out_of_range.
 */
import type { RequestRoute } from '@hapi/hapi';
import type Joi from 'joi';
import { beforeAll, describe, expect, it } from 'vitest';
import { dateBounds } from '@resuelve/contract';
import { call, useTestServer } from './server.ts';
import { mondayMorning, newAdmin, newClient, newConversation, newJob, newProject, newProvider, setClock, tokenFor } from './factories.ts';

const t = useTestServer();

const farDates = ['9999-12-31', '0001-01-01', '9999-12-31T23:59:59Z', '0001-01-01T00:00:00Z', '9999-12-31T20:00:00-04:00', '10000-01-01', '-000001-01-01'];

/** Names a date goes by in this api: from, to, date, since, until, day, and *_date, *_on, *_at, *_start, *_end. */
const dateLike = /^(from|to|date|since|until|day)$|_(date|on|at|start|end)$|^date_/;

function keysOf(schema: unknown): string[] {
  const described = (schema as Joi.Schema | undefined)?.describe?.() as { keys?: Record<string, unknown> } | undefined;
  return Object.keys(described?.keys ?? {});
}

let ids: Record<string, string>;
let tokens: { who: string; token?: string }[];

beforeAll(async () => {
  setClock(t, mondayMorning);
  const provider = await newProvider(t.knex);
  const client = await newClient(t.knex);
  const admin = await newAdmin(t);
  const job = await newJob(t.knex, { clientId: client, providerId: provider, start: '2026-11-24T14:00:00Z', status: 'upcoming' });
  const project = await newProject(t.knex, { providerId: provider });
  const conversation = await newConversation(t.knex, { clientId: client, providerId: provider });
  ids = { provider, client, job: job.id, project, conversation };
  tokens = [{ who: 'visitor' }, { who: 'client', token: tokenFor(t, client) }, { who: 'provider', token: tokenFor(t, provider, true) }, { who: 'admin', token: admin.token }];
});

/** The path with each parameter filled: a date parameter with `day`, an id with each thing that exists. */
function pathsOf(route: RequestRoute, day: string): string[] {
  const names = [...route.path.matchAll(/\{(\w+)\??\}/g)].map((m) => m[1]!);
  const fill = (id: string) => route.path.replace(/\{(\w+)\??\}/g, (_all, name: string) => (dateLike.test(name) ? day : name === 'token' ? 'x'.repeat(43) : id));
  return names.some((name) => !dateLike.test(name) && name !== 'token') ? Object.values(ids).map(fill) : [fill(ids.provider!)];
}

describe('dates a request names, as far as year 9999 and as near as year 0001', () => {
  it('never answer 5xx on any route', async () => {
    const routes = t.server.table().filter((route) => route.path.startsWith('/api/v1/') && !route.path.includes('{any*}') && !route.path.startsWith('/api/v1/dev/'));
    const dated = routes.filter((route) => {
      const validate = route.settings.validate ?? {};
      return [validate.query, validate.params, validate.payload].some((schema) => keysOf(schema).some((key) => dateLike.test(key)));
    });
    // The walk must reach the routes that take dates (a rename would silently skip them).
    expect(dated.map((route) => `${route.method.toUpperCase()} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/providers/{id}/availability/days',
        'GET /api/v1/providers/{id}/availability',
        'GET /api/v1/jobs',
        'GET /api/v1/providers',
        'POST /api/v1/providers/me/blocked-dates',
        'GET /api/v1/admin/logs',
      ]),
    );
    const failures: string[] = [];
    let sent = 0;
    for (const route of dated) {
      const validate = route.settings.validate ?? {};
      const queryKeys = keysOf(validate.query).filter((key) => dateLike.test(key));
      const payloadKeys = keysOf(validate.payload).filter((key) => dateLike.test(key));
      for (const day of farDates) {
        for (const path of pathsOf(route, day)) {
          const query = queryKeys.length ? `?${queryKeys.map((key) => `${key}=${encodeURIComponent(day)}`).join('&')}` : '';
          const bodies: (Record<string, string> | undefined)[] = route.method === 'get' || route.method === 'delete' ? [undefined] : payloadKeys.length ? payloadKeys.map((key) => ({ [key]: day })) : [{}];
          for (const body of bodies) {
            for (const { who, token } of tokens) {
              const res = await call(t.server, route.method.toUpperCase(), `${path}${query}`, { ...(token ? { token } : {}), ...(body ? { body } : {}) });
              sent += 1;
              if (res.status >= 500) failures.push(`${who} ${route.method.toUpperCase()} ${path}${query} ${JSON.stringify(body ?? '')} -> ${res.status} ${res.body?.code}`);
            }
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses a provider’s availability from year 9999 (once a 500) with 400 out_of_range', async () => {
    const client = tokenFor(t, ids.client!);
    const far = await call(t.server, 'GET', `/api/v1/providers/${ids.provider}/availability/days?from=9999-12-31`, { token: client });
    expect(far.body).toMatchObject({ status: 400, code: 'validation_failed', details: { from: 'out_of_range' } });
    const edge = await call(t.server, 'GET', `/api/v1/providers/${ids.provider}/availability/days?from=${dateBounds.latest}&days=30`, { token: client });
    expect(edge.status).toBe(200);
    const early = await call(t.server, 'GET', `/api/v1/jobs?from=0001-01-01T00:00:00Z`, { token: client });
    expect(early.body).toMatchObject({ status: 400, details: { from: 'out_of_range' } });
  });
});
