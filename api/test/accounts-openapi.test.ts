import { describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';

const t = useTestServer();

describe('account routes in the OpenAPI document', () => {
  it('lists every account and profile route with its method', async () => {
    const res = await call(t.server, 'GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    const expected: [string, string][] = [
      ['/auth/signup', 'post'],
      ['/auth/verify-email', 'post'],
      ['/auth/resend-verification', 'post'],
      ['/auth/signin', 'post'],
      ['/auth/refresh', 'post'],
      ['/auth/signout', 'post'],
      ['/auth/password-reset', 'post'],
      ['/auth/password-reset/confirm', 'post'],
      ['/profiles/me', 'get'],
      ['/profiles/me', 'patch'],
      ['/profiles/{id}', 'get'],
    ];
    for (const [path, method] of expected) expect(paths[path]?.[method], `${method} ${path}`).toBeTruthy();
  });
});
