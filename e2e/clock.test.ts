/**
 * The journeys' clock (decision 0045): every journey starts on one Puerto Rico weekday morning,
 * whatever the hour of the run, and no journey reads the real time of day to choose a path.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { journeyMorning } from './tests/support/morning.ts';

const prWallClock = (at: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'America/Puerto_Rico', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

describe('the journeys’ morning', () => {
  it('is 08:00 of the next weekday in Puerto Rico, at any hour of the run', () => {
    // Friday 27 November 2026, every hour of the UTC day (Puerto Rico is UTC−4): 20:00 Thursday to 19:00 Friday there.
    for (let hour = 0; hour < 24; hour += 1) {
      const run = new Date(Date.UTC(2026, 10, 27, hour, 30));
      const morning = journeyMorning(run);
      expect(prWallClock(morning), run.toISOString()).toMatch(/^(Mon|Tue|Wed|Thu|Fri) 08:00$/);
      expect(morning.getTime()).toBeGreaterThan(run.getTime());
      expect(morning.getTime() - run.getTime()).toBeLessThanOrEqual(4 * 86_400_000);
    }
    // Before 04:00 UTC it is still Thursday in Puerto Rico: the morning is Friday's; after, Monday's.
    expect(journeyMorning(new Date('2026-11-27T03:00:00Z')).toISOString()).toBe('2026-11-27T12:00:00.000Z');
    expect(journeyMorning(new Date('2026-11-27T15:00:00Z')).toISOString()).toBe('2026-11-30T12:00:00.000Z');
    expect(journeyMorning(new Date('2026-11-29T23:59:00Z')).toISOString()).toBe('2026-11-30T12:00:00.000Z');
  });
});

describe('the journeys', () => {
  const dir = path.join(import.meta.dirname, 'tests');
  const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));

  it('never choose a path by the hour of the day', () => {
    // An hour read from a clock (getHours, a wall clock's minutes compared), or the clock put back to real time.
    const hourChecks = /getU?T?C?Hours\(|\.minutes\s*[<>]=?|minutes\s*[<>]=?\s*\d+\s*\*\s*60|reset:\s*true/;
    const found = files.flatMap((file) =>
      fs
        .readFileSync(path.join(dir, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (hourChecks.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('share no lock between workers: each has its own server and clock', () => {
    const locks = files.filter((file) => /withLock|withClockLock|\.lock`/.test(fs.readFileSync(path.join(dir, file), 'utf8')));
    expect(locks).toEqual([]);
  });
});
