import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';

const toast = vi.hoisted(() => {
  const fn = Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), warning: vi.fn(), loading: vi.fn() });
  return fn;
});
vi.mock('sonner', () => ({ toast }));

const { ApiError } = await import('../src/lib/api-error.ts');
const { errorToastFor, reportApiError, toastKeyFor } = await import('../src/lib/error-toasts.ts');
const { autoRecover, resetErrorCount, resetLocalData } = await import('../src/lib/error-recovery.ts');
const { setActiveQueryClient } = await import('../src/lib/query-registry.ts');
const { storageKeys } = await import('../src/lib/preferences.ts');

const apiError = (status: number, code = `http_${status}`, path = '/jobs') => {
  const e = new ApiError('x', status, code);
  e.path = path;
  return e;
};

describe('toast by status (SPEC.md §8)', () => {
  it.each([
    [0, 'query', null],
    [0, 'mutation', 'connection'],
    [400, 'query', 'invalid_request'],
    [401, 'query', 'auth_required'],
    [403, 'mutation', 'access_denied'],
    [404, 'query', 'not_found'],
    [429, 'query', 'too_many_requests'],
    [500, 'query', 'server_error'],
    [502, 'mutation', 'server_error'],
    [503, 'query', 'server_error'],
    [504, 'query', 'server_error'],
    [409, 'query', 'failed_to_load'],
    [409, 'mutation', 'action_failed'],
    [501, 'query', 'failed_to_load'],
  ] as const)('status %i of a %s -> %s', (status, kind, key) => {
    expect(toastKeyFor(status, kind)).toBe(key);
  });

  it('titles in the current language and describes by the error code when it is known', () => {
    const shown = errorToastFor(apiError(429, 'too_many_attempts'), 'mutation');
    expect(shown).toEqual({
      key: 'too_many_requests',
      title: 'Demasiadas solicitudes',
      description: 'Demasiados intentos fallidos. Espera 30 segundos e inténtalo de nuevo.',
    });
    expect(errorToastFor(apiError(500), 'query')?.description).toBe('Algo salió mal de nuestro lado. Inténtalo más tarde.');
  });
});

describe('reporting errors', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    resetErrorCount();
  });

  it('toasts a failed query once per kind of problem', () => {
    reportApiError(apiError(404), 'query');
    expect(toast.error).toHaveBeenCalledWith('No encontrado', expect.objectContaining({ id: 'error-not_found' }));
  });

  it('stays silent for connection problems of queries, silent meta, profile and auth calls', () => {
    reportApiError(apiError(0), 'query');
    reportApiError(apiError(500), 'query', { silent: true });
    reportApiError(apiError(500, 'x', '/profiles/me'), 'query');
    reportApiError(apiError(401, 'invalid_credentials', '/auth/signin'), 'mutation');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('still toasts when saving the profile fails', () => {
    reportApiError(apiError(500, 'internal_error', '/profiles/me'), 'mutation');
    expect(toast.error).toHaveBeenCalledWith('Error del servidor', expect.anything());
  });

  it('offers recovery after 5 errors, and again after 5 more', () => {
    for (let i = 0; i < 4; i += 1) reportApiError(apiError(500), 'query');
    expect(toast.warning).not.toHaveBeenCalled();
    reportApiError(apiError(500), 'query');
    expect(toast.warning).toHaveBeenCalledTimes(1);
    const [title, options] = toast.warning.mock.calls[0]!;
    expect(title).toBe('Estamos teniendo problemas');
    expect(options.action.label).toBe('Recuperar');
    expect(options.cancel.label).toBe('Restablecer datos');
    for (let i = 0; i < 5; i += 1) reportApiError(apiError(500), 'query');
    expect(toast.warning).toHaveBeenCalledTimes(2);
  });
});

describe('automatic recovery', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    setActiveQueryClient(null);
  });

  /** A query that failed once; later runs answer with `next`. */
  async function failedQuery(client: QueryClient, next: () => Promise<unknown>) {
    let runs = 0;
    const queryFn = vi.fn(() => (runs++ === 0 ? Promise.reject(new Error('down')) : next()));
    await client.prefetchQuery({ queryKey: ['jobs'], queryFn, retry: false });
    expect(client.getQueryState(['jobs'])?.status).toBe('error');
    return queryFn;
  }

  it('retries failed queries after 2 s and says it worked', async () => {
    const client = new QueryClient();
    const queryFn = await failedQuery(client, async () => ['ok']);
    const done = autoRecover(client);
    expect(toast.loading).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1999);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe(true);
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(client.getQueryData(['jobs'])).toEqual(['ok']);
    expect(toast.success).toHaveBeenCalledWith('Todo vuelve a funcionar.', expect.anything());
  });

  it('says so when queries still fail', async () => {
    const client = new QueryClient();
    await failedQuery(client, () => Promise.reject(new Error('still down')));
    const done = autoRecover(client);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(done).resolves.toBe(false);
    expect(toast.error).toHaveBeenCalledWith(expect.stringContaining('Aún hay problemas'), expect.anything());
  });
});

describe('reset local data', () => {
  it('clears local storage except the auth token, preferences and theme, then reloads', () => {
    localStorage.setItem(storageKeys.authToken, 't');
    localStorage.setItem(storageKeys.preferences, '{"language":"en"}');
    localStorage.setItem(storageKeys.theme, 'dark');
    localStorage.setItem('resuelve.draft-message', 'hola');
    localStorage.setItem('other', '1');
    const reload = vi.fn();
    resetLocalData(localStorage, reload);
    expect(Object.keys(localStorage).sort()).toEqual(
      [storageKeys.authToken, storageKeys.preferences, storageKeys.theme].sort(),
    );
    expect(localStorage.getItem(storageKeys.preferences)).toBe('{"language":"en"}');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
