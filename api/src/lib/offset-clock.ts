import type { Clock } from './clock.ts';

/**
 * System time moved by an offset. Outside production the server runs on one, so a person or a
 * browser test can jump ahead (expire a code, pass a reminder) or start on a chosen morning through
 * /api/v1/dev/clock.
 */
export class OffsetClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(milliseconds: number): void {
    this.offsetMs += milliseconds;
  }

  /** Moves the clock to `at`, forward or back; time flows on from there. */
  setTo(at: Date): void {
    this.offsetMs = at.getTime() - Date.now();
  }

  reset(): void {
    this.offsetMs = 0;
  }

  get offsetSeconds(): number {
    return Math.round(this.offsetMs / 1000);
  }
}
