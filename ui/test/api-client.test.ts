import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../src/lib/api-client.ts';
import { useSession } from '../src/lib/session-store.ts';
import { setActiveQueryClient } from '../src/lib/query-registry.ts';
import { registerNavigator } from '../src/lib/navigation.ts';
import { fakeTransport, jsonResponse, mockFetch, profile, resetSession, signInResponse, usePlatform } from './helpers.tsx';

function signedIn(token = 'old-token') {
  useSession.getState().signedIn(signInResponse(profile(), token));
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  beforeEach(() => {
    resetSession();
    usePlatform();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setActiveQueryClient(null);
  });

  it('sends JSON with the bearer token and a new correlation id per request, under /api/v1', async () => {
    signedIn('token-123');
    const fetch = mockFetch({ 'POST /things': () => jsonResponse({ ok: true }, 201) });
    await expect(apiFetch('/things', { body: { name: 'Ana' } })).resolves.toEqual({ ok: true });
    await apiFetch('/things', { method: 'POST', body: {} });
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe('/api/v1/things');
    const headers = init!.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer token-123');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init!.body).toBe('{"name":"Ana"}');
    const secondId = (fetch.mock.calls[1]![1]!.headers as Record<string, string>)['X-Correlation-Id'];
    expect(headers['X-Correlation-Id']).toMatch(/.{8,}/);
    expect(secondId).not.toBe(headers['X-Correlation-Id']);
  });

  it('gives undefined for 204', async () => {
    mockFetch({ 'DELETE /things/1': () => new Response(null, { status: 204 }) });
    await expect(apiFetch('/things/1', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('turns an error answer into the error object with the server message, status, code and details', async () => {
    mockFetch({
      'POST /auth/signup': () =>
        jsonResponse({ error: 'Validation failed', status: 400, code: 'validation_failed', details: { email: 'invalid_email' } }, 400),
    });
    const error = await caught(apiFetch('/auth/signup', { method: 'POST', body: {}, auth: false }));
    expect(error.message).toBe('Validation failed');
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation_failed');
    expect(error.details).toEqual({ email: 'invalid_email' });
    expect(error.path).toBe('/auth/signup');
  });

  it('keeps the Retry-After seconds of a 429', async () => {
    mockFetch({
      'POST /auth/signin': () =>
        new Response(JSON.stringify({ error: 'locked', status: 429, code: 'too_many_attempts' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '27' },
        }),
    });
    const error = await caught(apiFetch('/auth/signin', { method: 'POST', body: {}, auth: false }));
    expect(error.retryAfter).toBe(27);
  });

  it('uses "HTTP {status}" when the error answer has no message', async () => {
    mockFetch({ 'GET /boom': () => new Response('<html>bad gateway</html>', { status: 502 }) });
    const error = await caught(apiFetch('/boom'));
    expect(error.message).toBe('HTTP 502');
    expect(error.status).toBe(502);
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await caught(apiFetch('/profiles/me'));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Network error or server unavailable');
    expect(error.code).toBe('network_error');
  });

  it('refuses a successful answer that is not JSON', async () => {
    mockFetch({ 'GET /health': () => new Response('<html>ok</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }) });
    const error = await caught(apiFetch('/health'));
    expect(error.message).toBe('Invalid response format. Expected JSON');
    expect(error.code).toBe('invalid_response');
  });

  it('on 401 refreshes once and retries with the new token', async () => {
    const refresh = vi.fn(async () => signInResponse(profile(), 'new-token'));
    usePlatform(fakeTransport({ refresh }));
    signedIn('old-token');
    const fetch = mockFetch({
      'GET /profiles/me': (init) =>
        (init?.headers as Record<string, string>).Authorization === 'Bearer new-token'
          ? jsonResponse(profile())
          : jsonResponse({ error: 'expired', status: 401, code: 'token_expired' }, 401),
    });
    await expect(apiFetch('/profiles/me')).resolves.toMatchObject({ id: 'u-1' });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(useSession.getState().accessToken).toBe('new-token');
  });

  it('shares one refresh between requests that fail together', async () => {
    const refresh = vi.fn(async () => signInResponse(profile(), 'new-token'));
    usePlatform(fakeTransport({ refresh }));
    signedIn('old-token');
    mockFetch({
      'GET /a': (init) =>
        (init?.headers as Record<string, string>).Authorization === 'Bearer new-token'
          ? jsonResponse({ a: 1 })
          : jsonResponse({ error: 'expired', status: 401, code: 'token_expired' }, 401),
    });
    await Promise.all([apiFetch('/a'), apiFetch('/a'), apiFetch('/a')]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('when still 401 after the refresh, signs out, clears the cache and goes to /auth remembering the origin', async () => {
    usePlatform(fakeTransport({ refresh: vi.fn(async () => signInResponse(profile(), 'new-token')) }));
    signedIn('old-token');
    const queryClient = new QueryClient();
    queryClient.setQueryData(['jobs'], [1, 2]);
    setActiveQueryClient(queryClient);
    const navigate = vi.fn();
    const unregister = registerNavigator(navigate, () => '/client/history?page=2');
    const fetch = mockFetch({ 'GET /jobs': () => jsonResponse({ error: 'no', status: 401, code: 'unauthorized' }, 401) });

    const error = await caught(apiFetch('/jobs'));
    unregister();

    expect(error.status).toBe(401);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(useSession.getState()).toMatchObject({ status: 'signed_out', accessToken: null, user: null });
    expect(queryClient.getQueryData(['jobs'])).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/auth', { replace: true, state: { from: '/client/history?page=2' } });
  });

  it('signs out without a retry when the refresh finds no session', async () => {
    usePlatform(fakeTransport({ refresh: vi.fn(async () => null) }));
    signedIn();
    const navigate = vi.fn();
    const unregister = registerNavigator(navigate, () => '/messages');
    const fetch = mockFetch({ 'GET /jobs': () => jsonResponse({ error: 'no', status: 401, code: 'token_expired' }, 401) });
    await caught(apiFetch('/jobs'));
    unregister();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(useSession.getState().status).toBe('signed_out');
    expect(navigate).toHaveBeenCalledWith('/auth', { replace: true, state: { from: '/messages' } });
  });

  it('keeps the session when the refresh itself cannot reach the server', async () => {
    usePlatform(fakeTransport({ refresh: vi.fn(async () => Promise.reject(new ApiError('down', 0, 'network_error'))) }));
    signedIn();
    mockFetch({ 'GET /jobs': () => jsonResponse({ error: 'no', status: 401, code: 'token_expired' }, 401) });
    const error = await caught(apiFetch('/jobs'));
    expect(error.status).toBe(0);
    expect(useSession.getState().status).toBe('signed_in');
  });

  it('stays on an auth page when the session ends there', async () => {
    usePlatform(fakeTransport({ refresh: vi.fn(async () => null) }));
    signedIn();
    const navigate = vi.fn();
    const unregister = registerNavigator(navigate, () => '/auth/reset-password?token=x');
    mockFetch({ 'GET /jobs': () => jsonResponse({ error: 'no', status: 401, code: 'token_expired' }, 401) });
    await caught(apiFetch('/jobs'));
    unregister();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('treats a 401 of a public call (sign-in) as an answer, not an expired session', async () => {
    const refresh = vi.fn(async () => null);
    usePlatform(fakeTransport({ refresh }));
    signedIn();
    mockFetch({ 'POST /auth/signin': () => jsonResponse({ error: 'bad', status: 401, code: 'invalid_credentials' }, 401) });
    const error = await caught(apiFetch('/auth/signin', { method: 'POST', body: {}, auth: false }));
    expect(error.code).toBe('invalid_credentials');
    expect(refresh).not.toHaveBeenCalled();
    expect(useSession.getState().status).toBe('signed_in');
  });

  it('answers a signed-in 401 that is not about the session (a wrong password) without ending the session', async () => {
    const refresh = vi.fn(async () => null);
    usePlatform(fakeTransport({ refresh }));
    signedIn();
    const navigate = vi.fn();
    const unregister = registerNavigator(navigate, () => '/settings');
    mockFetch({ 'POST /auth/email-change': () => jsonResponse({ error: 'bad', status: 401, code: 'invalid_credentials' }, 401) });
    const error = await caught(apiFetch('/auth/email-change', { method: 'POST', body: {} }));
    unregister();
    expect(error.code).toBe('invalid_credentials');
    expect(refresh).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(useSession.getState().status).toBe('signed_in');
  });
});
