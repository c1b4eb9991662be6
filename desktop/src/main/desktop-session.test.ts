import { describe, expect, it } from 'vitest';
import { DesktopSession } from './desktop-session.ts';
import { networkErrorMessage } from './api-call.ts';
import { createFakeFetch, createMemoryTokenStore, json, sessionBody } from './testing/fake-api.ts';
import { createRecordingLogger } from './testing/recording-logger.ts';

const apiOrigin = 'http://api.test';

function setup(routes: Parameters<typeof createFakeFetch>[0], storedToken: string | null = null) {
  const fetch = createFakeFetch(routes);
  const tokenStore = createMemoryTokenStore(storedToken);
  const logger = createRecordingLogger();
  const session = new DesktopSession({ apiOrigin, fetch, tokenStore, logger, newCorrelationId: () => 'corr-1' });
  return { fetch, tokenStore, logger, session };
}

describe('DesktopSession.signIn', () => {
  it('asks for a desktop session and keeps the refresh token in the store, not in the answer', async () => {
    const { fetch, tokenStore, session } = setup({
      '/api/v1/auth/signin': () => json(200, sessionBody('rt-secret-1')),
    });

    const result = await session.signIn({ email: 'ana@example.com', password: 'Secreto#2026' });

    expect(fetch.requests[0]).toMatchObject({
      url: 'http://api.test/api/v1/auth/signin',
      method: 'POST',
      body: { email: 'ana@example.com', password: 'Secreto#2026', client: 'desktop' },
      headers: { 'X-Correlation-Id': 'corr-1', 'Content-Type': 'application/json' },
    });
    expect(tokenStore.value).toBe('rt-secret-1');
    expect(result).toEqual({ ok: true, value: { access_token: 'access-1', expires_in: 900, user: expect.any(Object) } });
    expect(JSON.stringify(result)).not.toContain('rt-secret-1');
  });

  it('passes the api error through with its code and Retry-After', async () => {
    const { tokenStore, session } = setup({
      '/api/v1/auth/signin': () =>
        json(429, { error: 'Too many attempts', status: 429, code: 'too_many_attempts' }, { 'Retry-After': '30' }),
    });
    const result = await session.signIn({ email: 'ana@example.com', password: 'wrong' });
    expect(result).toEqual({
      ok: false,
      error: {
        error: 'Too many attempts',
        status: 429,
        code: 'too_many_attempts',
        retry_after: 30,
        correlation_id: 'corr-1',
      },
    });
    expect(tokenStore.value).toBeNull();
  });

  it('surfaces a network failure as an error object with status 0', async () => {
    const { session } = setup({
      '/api/v1/auth/signin': () => {
        throw new TypeError('fetch failed');
      },
    });
    expect(await session.signIn({ email: 'a@b.co', password: 'x' })).toEqual({
      ok: false,
      error: { error: networkErrorMessage, status: 0, code: 'network_error', correlation_id: 'corr-1' },
    });
  });

  it('reports a non-JSON success as an invalid response', async () => {
    const { session } = setup({ '/api/v1/auth/signin': () => new Response('<html>', { status: 200 }) });
    const result = await session.signIn({ email: 'a@b.co', password: 'x' });
    expect(result).toMatchObject({
      ok: false,
      error: { error: 'Invalid response format. Expected JSON', code: 'invalid_response' },
    });
  });

  it('gives "HTTP {status}" when a failure has no JSON body', async () => {
    const { session } = setup({ '/api/v1/auth/signin': () => new Response('Bad Gateway', { status: 502 }) });
    expect(await session.signIn({ email: 'a@b.co', password: 'x' })).toEqual({
      ok: false,
      error: { error: 'HTTP 502', status: 502, code: 'http_502', correlation_id: 'corr-1' },
    });
  });

  it('clears an older stored token when the answer carries none', async () => {
    const { tokenStore, session, logger } = setup(
      { '/api/v1/auth/signin': () => json(200, sessionBody(undefined)) },
      'rt-of-someone-else',
    );
    const result = await session.signIn({ email: 'a@b.co', password: 'x' });
    expect(result.ok).toBe(true);
    expect(tokenStore.value).toBeNull();
    expect(logger.lines.some((l) => l.level === 'warn')).toBe(true);
  });
});

describe('DesktopSession.refresh', () => {
  it('answers null without calling the api when no token is kept', async () => {
    const { fetch, session } = setup({});
    expect(await session.refresh()).toEqual({ ok: true, value: null });
    expect(fetch.requests).toHaveLength(0);
  });

  it('sends the kept token, stores the rotated one and hides it from the answer', async () => {
    const { fetch, tokenStore, session } = setup(
      { '/api/v1/auth/refresh': () => json(200, sessionBody('rt-2', 'access-2')) },
      'rt-1',
    );
    const result = await session.refresh();
    expect(fetch.requests[0]?.body).toEqual({ refresh_token: 'rt-1' });
    expect(tokenStore.value).toBe('rt-2');
    expect(result).toEqual({ ok: true, value: expect.objectContaining({ access_token: 'access-2' }) });
    expect(JSON.stringify(result)).not.toMatch(/rt-\d/);
  });

  it('clears the kept token and answers signed out on 401', async () => {
    const { tokenStore, session } = setup(
      {
        '/api/v1/auth/refresh': () =>
          json(401, { error: 'Invalid refresh token', status: 401, code: 'refresh_token_invalid' }),
      },
      'rt-revoked',
    );
    expect(await session.refresh()).toEqual({ ok: true, value: null });
    expect(tokenStore.value).toBeNull();
  });

  it('clears the kept token when the account is suspended, and passes the reason on', async () => {
    const { tokenStore, session } = setup(
      { '/api/v1/auth/refresh': () => json(403, { error: 'This account is suspended', status: 403, code: 'account_suspended' }) },
      'rt-suspended',
    );
    expect(await session.refresh()).toMatchObject({ ok: false, error: { status: 403, code: 'account_suspended' } });
    expect(tokenStore.value).toBeNull();
  });

  it('keeps the token when the network fails, answering status 0', async () => {
    const { tokenStore, session } = setup(
      {
        '/api/v1/auth/refresh': () => {
          throw new TypeError('fetch failed');
        },
      },
      'rt-1',
    );
    expect(await session.refresh()).toEqual({ ok: false, error: { error: networkErrorMessage, status: 0, code: 'network_error', correlation_id: 'corr-1' } });
    expect(tokenStore.value).toBe('rt-1');
  });

  it('keeps the token on a server error', async () => {
    const { tokenStore, session } = setup(
      { '/api/v1/auth/refresh': () => json(503, { error: 'down', status: 503, code: 'service_unavailable' }) },
      'rt-1',
    );
    expect(await session.refresh()).toMatchObject({ ok: false, error: { status: 503, code: 'service_unavailable' } });
    expect(tokenStore.value).toBe('rt-1');
  });

  it('rotates once when asked twice at the same time', async () => {
    let counter = 1;
    const { fetch, tokenStore, session } = setup(
      { '/api/v1/auth/refresh': () => json(200, sessionBody(`rt-${++counter}`, `access-${counter}`)) },
      'rt-1',
    );
    const [first, second] = await Promise.all([session.refresh(), session.refresh()]);
    expect(fetch.requests).toHaveLength(1);
    expect(first).toEqual(second);
    expect(tokenStore.value).toBe('rt-2');
  });

  it('uses the rotated token on the next refresh', async () => {
    let counter = 1;
    const { fetch, session } = setup(
      { '/api/v1/auth/refresh': () => json(200, sessionBody(`rt-${++counter}`)) },
      'rt-1',
    );
    await session.refresh();
    await session.refresh();
    expect(fetch.requests.map((r) => r.body)).toEqual([{ refresh_token: 'rt-1' }, { refresh_token: 'rt-2' }]);
  });

  it('clears the spent token when the answer carries no new one', async () => {
    const { tokenStore, session } = setup({ '/api/v1/auth/refresh': () => json(200, sessionBody(undefined)) }, 'rt-1');
    expect((await session.refresh()).ok).toBe(true);
    expect(tokenStore.value).toBeNull();
  });
});

describe('DesktopSession.signOut', () => {
  it('tells the api with the kept token and the access token, then forgets the token', async () => {
    const { fetch, tokenStore, session } = setup(
      { '/api/v1/auth/signout': () => new Response(null, { status: 204 }) },
      'rt-1',
    );
    expect(await session.signOut('access-1')).toEqual({ ok: true, value: null });
    expect(fetch.requests[0]).toMatchObject({
      body: { refresh_token: 'rt-1' },
      headers: { Authorization: 'Bearer access-1' },
    });
    expect(tokenStore.value).toBeNull();
  });

  it('signs out locally when the api cannot be reached, and logs it', async () => {
    const { tokenStore, session, logger } = setup(
      {
        '/api/v1/auth/signout': () => {
          throw new TypeError('fetch failed');
        },
      },
      'rt-1',
    );
    expect(await session.signOut(null)).toEqual({ ok: true, value: null });
    expect(tokenStore.value).toBeNull();
    expect(logger.lines).toContainEqual(expect.objectContaining({ level: 'warn', context: { status: 0, code: 'network_error' } }));
  });

  it('waits for a refresh in flight so the rotated token is not stored after sign-out', async () => {
    let releaseRefresh: () => void = () => undefined;
    const { tokenStore, session } = setup(
      {
        '/api/v1/auth/refresh': () =>
          new Promise<Response>((resolve) => {
            releaseRefresh = () => resolve(json(200, sessionBody('rt-2')));
          }),
        '/api/v1/auth/signout': () => new Response(null, { status: 204 }),
      },
      'rt-1',
    );
    const refreshing = session.refresh();
    const signingOut = session.signOut('access-1');
    await new Promise((r) => setTimeout(r, 0));
    releaseRefresh();
    await Promise.all([refreshing, signingOut]);
    expect(tokenStore.value).toBeNull();
  });
});
