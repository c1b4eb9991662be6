/**
 * Each listed provider's next free time as provider_next_available (migration 0016) answers it,
 * kept with how long the answer holds and the answer that follows it, so a card needs no
 * statement at search time and time passing needs none either (load.ts rolls them ahead).
 */
import { searchLimits } from '@resuelve/contract';
import { isoInZone } from '../../../availability/index.ts';
import { statementChunk, type PlaceCopy } from './copy.ts';

/** The slot length and window of a card's next free time (query.ts uses the same). */
export const nextAvailableSlotMinutes = 60;

/**
 * A provider's next free time as provider_next_available answered it for a moment `at`, and
 * until when that answer holds with nothing changed: a free slot S stays the first one until S
 * itself (the walk finds the first free quarter-hour start at or after now, and none was free
 * between), no free slot in the window until the provider's next local midnight (when a new day
 * enters the window). `following` is the answer for just after `until`, computed ahead so that
 * time passing needs no statement.
 */
export interface NextFree {
  at: number;
  /** The last millisecond the answer holds (inclusive). */
  until: number;
  value: Date | null;
  following?: NextFree;
  /** `value` in ISO with the offset of `isoZone`, as the card shows it (kept after the first card). */
  iso?: string;
  isoZone?: string;
}

export interface NextFreeRow {
  id: string;
  at: Date;
  value: Date | null;
  midnight: Date | null;
}

export type RunNextFree = (text: string, values: unknown[]) => Promise<{ rows: NextFreeRow[] }>;

/** What provider_next_available answers for each (provider, moment), and the next local midnight when nothing is free. */
const nextFreeSql = `SELECT u.id, u.at, provider_next_available(u.id, u.at, ${nextAvailableSlotMinutes}, ${searchLimits.nextAvailableDays}) AS value,
    (((u.at AT TIME ZONE p.timezone)::date + 1)::timestamp AT TIME ZONE p.timezone) AS midnight
  FROM unnest($1::uuid[], $2::timestamptz[]) AS u(id, at) JOIN providers p ON p.id = u.id`;

/** A next free time as a card shows it, kept with the answer for the zone it was written in. */
export function isoOf(next: NextFree, timeZone: string): string | null {
  if (!next.value) return null;
  if (next.iso === undefined || next.isoZone !== timeZone) {
    next.iso = isoInZone(next.value, timeZone);
    next.isoZone = timeZone;
  }
  return next.iso;
}

export class NextFreeTimes {
  /** provider id -> its next free time and how long that holds */
  private readonly times = new Map<string, NextFree>();

  constructor(private readonly copy: PlaceCopy) {}

  clear(): void {
    this.times.clear();
  }

  delete(id: string): void {
    this.times.delete(id);
  }

  /** The next free time that holds at `at`, moving on to the one computed ahead once time passed. */
  at(id: string, at: number): NextFree | undefined {
    const first = this.times.get(id);
    let entry = first;
    while (entry && at > entry.until && entry.following) entry = entry.following;
    if (!entry || at < entry.at || at > entry.until) return undefined;
    if (entry !== first) this.times.set(id, entry);
    return entry;
  }

  /**
   * provider_next_available for each (provider, moment), kept for the moment's provider unless a
   * change to that provider was heard meanwhile. A moment just after a kept answer's end becomes
   * that answer's `following`; any other replaces what is kept.
   */
  async compute(pairs: { id: string; at: number }[], run: RunNextFree): Promise<void> {
    for (let start = 0; start < pairs.length; start += statementChunk) {
      const chunk = pairs.slice(start, start + statementChunk);
      const versions = chunk.map(({ id }) => this.copy.version(id));
      const { rows } = await run(nextFreeSql, [chunk.map((p) => p.id), chunk.map((p) => new Date(p.at).toISOString())]);
      this.copy.counts.nextFreeComputed += rows.length;
      const byId = new Map(rows.map((row) => [row.id, row]));
      chunk.forEach(({ id, at }, i) => {
        const row = byId.get(id);
        if (!row || this.copy.version(id) !== versions[i] || !this.copy.cards.has(id)) return;
        const value = row.value;
        const until = value ? value.getTime() : row.midnight ? row.midnight.getTime() - 1 : at;
        const answer: NextFree = { at, until, value };
        const kept = this.times.get(id);
        let last = kept;
        while (last?.following) last = last.following;
        if (last && last.until + 1 === at) last.following = answer;
        else this.times.set(id, answer);
      });
    }
  }

  /** The next free times that stop holding within `aheadMs` of `now` with nothing computed to follow them (moving on to those that follow first). */
  due(now: number, aheadMs: number): { id: string; at: number }[] {
    const pairs: { id: string; at: number }[] = [];
    for (const [id, first] of this.times) {
      let entry = first;
      while (entry.following && now > entry.until) entry = entry.following;
      if (entry !== first) this.times.set(id, entry);
      if (!entry.following && entry.until < now + aheadMs) pairs.push({ id, at: entry.until + 1 });
    }
    return pairs;
  }
}
