/**
 * The journeys' server has one clock for every worker, movable outside production
 * (POST /api/v1/dev/clock). A journey that moves it, and any step whose outcome depends on server
 * time (a phone code's 10 minutes, the 30-second sign-in lock), runs inside `withClockLock`, so no
 * jump lands in the middle of another worker's step.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { e2ePort } from '../../server-state.ts';
import { expect } from './fixtures.ts';

// A folder per lock: creating one is atomic, so exactly one worker gets it. Inside, the holder's process id.
const lockDir = (name: string) => path.join(os.tmpdir(), `resuelve-e2e-${name}-${e2ePort}.lock`);
const waitLimitMs = 45_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock left by a worker that died holding it (killed at a timeout, say). */
function isAbandoned(dir: string): boolean {
  try {
    const owner = Number(fs.readFileSync(path.join(dir, 'owner'), 'utf8'));
    return Number.isInteger(owner) && owner > 0 && !isAlive(owner);
  } catch {
    // No owner written yet: either just taken, or its taker died before writing; only the second grows old.
    const held = fs.statSync(dir, { throwIfNoEntry: false });
    return held !== undefined && Date.now() - held.mtimeMs > 5_000;
  }
}

export interface LockOptions {
  /** How long to wait for the lock before failing. */
  waitMs?: number;
}

/**
 * Runs `work` holding the lock `name`, shared by every worker of the run. Locks taken inside one
 * another are always taken in the same order (a journey's own lock first, then `clock`).
 */
export async function withLock<T>(name: string, work: () => Promise<T>, { waitMs = waitLimitMs }: LockOptions = {}): Promise<T> {
  const dir = lockDir(name);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'owner'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (isAbandoned(dir)) fs.rmSync(dir, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`The lock ${dir} stayed taken for ${waitMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `work` holding the server clock's lock: no other worker moves the clock meanwhile. */
export function withClockLock<T>(work: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  return withLock('clock', work, options);
}

/** POST /api/v1/dev/clock: forward by `advance_seconds`, or back to real time with `reset`. */
export async function moveServerClock(request: APIRequestContext, move: { advance_seconds: number } | { reset: true }): Promise<void> {
  const response = await request.post('/api/v1/dev/clock', { data: move });
  expect(response.status(), await response.text()).toBe(200);
}
