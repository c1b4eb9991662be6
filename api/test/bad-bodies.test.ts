/**
 * Throws a generated set of malformed requests at every route the server has (routes added later
 * are picked up by themselves) and checks that none answers 5xx and every 4xx is in the error
 * shape. Each request comes from its own address so per-address limits do not hide validation.
 */
import type { RequestRoute, Server } from '@hapi/hapi';
import Joi from 'joi';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from './server.ts';
import { freshAddress } from './factories.ts';
import { signIn, signUpVerified } from './api-factories.ts';

const t = useTestServer();
let accessToken: string;

beforeAll(async () => {
  const account = await signUpVerified(t.server, t.knex);
  accessToken = (await signIn(t.server, account)).body.access_token;
});

const oneMegabyte = 1024 * 1024;
const deepObject = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
const deepArray = '['.repeat(50_000) + ']'.repeat(50_000);

/** Values of the wrong kind for any field. */
const badValues: unknown[] = [
  null,
  0,
  -1,
  1e308,
  true,
  [],
  ['a'],
  {},
  { $gt: '' },
  '',
  ' ',
  'x'.repeat(600_000),
  'nul\u0000byte',
  '\ud800 lone surrogate',
  '🙂'.repeat(2000),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '2026-02-30T25:61:00Z',
];

interface BadRequest {
  label: string;
  payload?: string | Buffer;
  contentType?: string;
}

function keysOf(schema: unknown): string[] {
  if (!Joi.isSchema(schema)) return [];
  const described = schema.describe() as { keys?: Record<string, unknown> };
  return Object.keys(described.keys ?? {});
}

function bodiesFor(route: RequestRoute): BadRequest[] {
  const keys = keysOf(route.settings.validate?.payload);
  const json = (label: string, value: unknown): BadRequest => ({ label, payload: JSON.stringify(value), contentType: 'application/json' });
  const filled = Object.fromEntries(keys.map((k) => [k, 'a']));
  const bodies: BadRequest[] = [
    { label: 'invalid JSON', payload: '{"a":', contentType: 'application/json' },
    { label: 'trailing garbage', payload: '{} x', contentType: 'application/json' },
    { label: 'empty body', payload: '', contentType: 'application/json' },
    { label: 'no content type', payload: '{}' },
    json('null', null),
    json('array', [1, 2]),
    json('array of objects', [{}]),
    json('string', 'text'),
    json('number', 42),
    json('true', true),
    json('empty object', {}),
    json('unknown field', { ...filled, unexpected_field: 1 }),
    { label: 'prototype pollution', payload: '{"__proto__":{"is_admin":true}}', contentType: 'application/json' },
    { label: 'constructor pollution', payload: '{"constructor":{"prototype":{"x":1}}}', contentType: 'application/json' },
    { label: 'deeply nested object', payload: deepObject, contentType: 'application/json' },
    { label: 'deeply nested array', payload: deepArray, contentType: 'application/json' },
    { label: 'over 1 MB', payload: JSON.stringify({ [keys[0] ?? 'a']: 'x'.repeat(oneMegabyte + 10) }), contentType: 'application/json' },
    { label: 'invalid UTF-8', payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), contentType: 'application/json' },
    { label: 'raw NUL bytes', payload: '{"a":"\u0000"}\u0000', contentType: 'application/json' },
    { label: 'text/plain', payload: JSON.stringify(filled), contentType: 'text/plain' },
    { label: 'form', payload: 'a=1&b[c]=2', contentType: 'application/x-www-form-urlencoded' },
    { label: 'multipart without boundary', payload: 'x', contentType: 'multipart/form-data' },
    { label: 'xml', payload: '<a>1</a>', contentType: 'application/xml' },
    { label: 'utf-16 JSON', payload: Buffer.from('{"a":1}', 'utf16le'), contentType: 'application/json; charset=utf-16' },
    { label: 'unknown content type', payload: '{}', contentType: 'application/x-nonsense' },
  ];
  for (const key of keys) {
    badValues.forEach((value, index) => bodies.push(json(`${key} = bad value #${index}`, { ...filled, [key]: value })));
  }
  return bodies;
}

function queriesFor(route: RequestRoute): string[] {
  const queries = ['?unexpected=1', '?=&&=', '?a[b][c]=1', '?%zz', `?q=${'x'.repeat(100_000)}`];
  const schema = route.settings.validate?.query;
  // A route that reads no query (e.g. the generated OpenAPI document) only gets the generic ones.
  if (!Joi.isSchema(schema)) return queries;
  const keys = ['limit', 'offset', 'q', 'to', 'locale', ...keysOf(schema)];
  for (const key of new Set(keys)) {
    queries.push(`?${key}=`, `?${key}=abc`, `?${key}=-1`, `?${key}=99999999999999999999999`, `?${key}=%00`, `?${key}=1&${key}=2`, `?${key}[x]=1`);
  }
  return queries;
}

const paramValues = ['x', '%00', 'a'.repeat(5000), '%E2%98%83', '..%2F..%2Fetc', '00000000-0000-4000-8000-000000000000', '-1', '1e999'];

function fillPath(path: string, value: string): string {
  return path.replace(/\{(\w+)(\*\d*|\?)?\}/g, () => value);
}

interface Problem {
  request: string;
  status: number;
  body: string;
}

async function check(server: Server, problems: Problem[], request: { method: string; url: string } & BadRequest, token?: string) {
  const headers: Record<string, string> = {};
  if (request.contentType) headers['content-type'] = request.contentType;
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await server.inject({
    method: request.method,
    url: request.url,
    headers,
    remoteAddress: freshAddress(),
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
  const describe = `${request.method} ${request.url.slice(0, 120)} [${request.label}]${token ? ' with token' : ''}`;
  const status = response.statusCode;
  if (status >= 500) {
    problems.push({ request: describe, status, body: response.payload.slice(0, 300) });
    return;
  }
  if (status >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(response.payload);
    } catch {
      body = undefined;
    }
    const shaped =
      typeof body === 'object' &&
      body !== null &&
      typeof (body as { error?: unknown }).error === 'string' &&
      (body as { status?: unknown }).status === status &&
      typeof (body as { code?: unknown }).code === 'string';
    if (!shaped) problems.push({ request: describe, status, body: response.payload.slice(0, 300) });
  }
}

/** Api routes, the translation files and the child sitemaps; the web app's catch-all answers HTML by design. */
function routesUnderTest(server: Server): RequestRoute[] {
  return server.table().filter((route) => ['/api/v1/', '/locales/', '/sitemaps/'].some((prefix) => route.path.startsWith(prefix)));
}

describe('malformed requests', () => {
  it('covers the account routes (the walk really sees the table)', () => {
    const paths = routesUnderTest(t.server).map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /api/v1/auth/signup',
        'POST /api/v1/auth/signin',
        'POST /api/v1/auth/refresh',
        'PATCH /api/v1/profiles/me',
        'GET /api/v1/profiles/{id}',
      ]),
    );
  });

  it('never answer 5xx, and every 4xx is {error, status, code}', async () => {
    const problems: Problem[] = [];
    for (const route of routesUnderTest(t.server)) {
      const methods = route.method === '*' ? ['GET', 'POST', 'PATCH', 'DELETE'] : [route.method.toUpperCase()];
      const canonical = fillPath(route.path, '00000000-0000-4000-8000-000000000000');
      for (const method of methods) {
        const requests: ({ method: string; url: string } & BadRequest)[] = [];
        for (const value of paramValues) {
          if (route.path.includes('{')) requests.push({ method, url: fillPath(route.path, value), label: `param ${value.slice(0, 20)}` });
        }
        for (const query of queriesFor(route)) requests.push({ method, url: canonical + query, label: 'query' });
        if (method !== 'GET' && method !== 'HEAD') {
          for (const body of bodiesFor(route)) requests.push({ method, url: canonical, ...body });
        }
        // A few at a time: quicker, and it also shows that concurrent bad requests are harmless.
        for (let i = 0; i < requests.length; i += 8) {
          await Promise.all(
            requests.slice(i, i + 8).flatMap((request) => [check(t.server, problems, request), check(t.server, problems, request, accessToken)]),
          );
        }
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
