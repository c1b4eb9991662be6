/**
 * The clock of the worker's own server (POST /api/v1/dev/clock), movable outside production. Each
 * worker owns its server, so a journey moves the clock without waiting for, or disturbing, any
 * other; every journey starts on the run's morning (fixtures.ts), so no move needs undoing.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, readServerClock } from './fixtures.ts';

/** POST /api/v1/dev/clock: forward by `advance_seconds`; browsers opened next see the moved time. */
export async function moveServerClock(request: APIRequestContext, move: { advance_seconds: number }): Promise<void> {
  const response = await request.post('/api/v1/dev/clock', { data: move });
  expect(response.status(), await response.text()).toBe(200);
  await readServerClock(request);
}
