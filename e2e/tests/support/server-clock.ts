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

// A folder: creating one is atomic, so exactly one worker gets it. Inside, the holder's process id.
const lockDir = path.join(os.tmpdir(), `resuelve-e2e-clock-${e2ePort}.lock`);
const ownerFile = path.join(lockDir, 'owner');
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
function isAbandoned(): boolean {
  try {
    const owner = Number(fs.readFileSync(ownerFile, 'utf8'));
    return Number.isInteger(owner) && owner > 0 && !isAlive(owner);
  } catch {
    // No owner written yet: either just taken, or its taker died before writing; only the second grows old.
    const held = fs.statSync(lockDir, { throwIfNoEntry: false });
    return held !== undefined && Date.now() - held.mtimeMs > 5_000;
  }
}

export async function withClockLock<T>(work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + waitLimitMs;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      fs.writeFileSync(ownerFile, String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (isAbandoned()) fs.rmSync(lockDir, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`The server clock lock ${lockDir} stayed taken for ${waitLimitMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

/** POST /api/v1/dev/clock: forward by `advance_seconds`, or back to real time with `reset`. */
export async function moveServerClock(request: APIRequestContext, move: { advance_seconds: number } | { reset: true }): Promise<void> {
  const response = await request.post('/api/v1/dev/clock', { data: move });
  expect(response.status(), await response.text()).toBe(200);
}
