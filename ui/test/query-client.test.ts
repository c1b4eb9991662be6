import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/lib/api-error.ts';
import { onlineManager } from '@tanstack/react-query';
import { createQueryClient, retryFailedOnReconnect, shouldRetryMutation, shouldRetryQuery } from '../src/app/query-client.ts';

const err = (status: number) => new ApiError(`HTTP ${status}`, status, `http_${status}`);

/** How many times a query runs in total before giving up, following the client's retry rule. */
function attemptsFor(status: number): number {
  let failures = 0;
  while (shouldRetryQuery(failures, err(status))) failures += 1;
  return failures + 1;
}

describe('query retry rules (SPEC.md §9)', () => {
  it.each([400, 401, 403, 404, 409, 422])('does not retry %i', (status) => {
    expect(attemptsFor(status)).toBe(1);
  });

  it.each([408, 429])('retries %i up to 2 times', (status) => {
    expect(attemptsFor(status)).toBe(3);
  });

  it.each([0, 500, 502, 503, 504])('retries status %i up to 3 times', (status) => {
    expect(attemptsFor(status)).toBe(4);
  });

  it('retries errors that are not ApiErrors like a lost connection', () => {
    expect(shouldRetryQuery(0, new TypeError('boom'))).toBe(true);
  });

  it('retries a mutation once, only on 5xx', () => {
    expect(shouldRetryMutation(0, err(500))).toBe(true);
    expect(shouldRetryMutation(1, err(500))).toBe(false);
    expect(shouldRetryMutation(0, err(400))).toBe(false);
    expect(shouldRetryMutation(0, err(0))).toBe(false);
  });

  it('sets stale time, focus and reconnect behaviour and backoff', () => {
    const options = createQueryClient().getDefaultOptions();
    expect(options.queries?.staleTime).toBe(30_000);
    expect(options.queries?.refetchOnWindowFocus).toBe(false);
    expect(options.queries?.refetchOnReconnect).toBe(true);
    const delay = options.queries?.retryDelay as (n: number, e: unknown) => number;
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => delay(n, err(500)))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(options.mutations?.retryDelay).toBe(2000);
  });
});

describe('query client behaviour', () => {
  afterEach(() => vi.useRealTimers());

  it('gives up on a 503 after 3 retries with doubling delays', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const fn = vi.fn(async () => Promise.reject(err(503)));
    const result = client.fetchQuery({ queryKey: ['x'], queryFn: fn, meta: { silent: true }, retry: client.getDefaultOptions().queries?.retry });
    result.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(999);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1 + 2000 + 4000);
    expect(fn).toHaveBeenCalledTimes(4);
    await expect(result).rejects.toMatchObject({ status: 503 });
  });

  it('retries failed queries one second after the connection comes back', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    let runs = 0;
    const queryFn = vi.fn(async () => {
      runs += 1;
      if (runs === 1) throw err(0);
      return 'back';
    });
    await client.prefetchQuery({ queryKey: ['jobs'], queryFn, retry: false, meta: { silent: true } });
    expect(client.getQueryState(['jobs'])?.status).toBe('error');
    const stop = retryFailedOnReconnect(client);
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(client.getQueryData(['jobs'])).toBe('back');
    stop();
  });
});
