import type { Clock } from './clock.ts';

/**
 * System time moved by an offset. Outside production the server runs on one, so a person or a
 * browser test can jump ahead (expire a code, pass a reminder) through /api/v1/dev/clock.
 */
export class OffsetClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(milliseconds: number): void {
    this.offsetMs += milliseconds;
  }

  reset(): void {
    this.offsetMs = 0;
  }

  get offsetSeconds(): number {
    return Math.round(this.offsetMs / 1000);
  }
}
