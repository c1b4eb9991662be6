/** Free times grouped as people think of a day: morning, afternoon and evening, in the provider's time zone. */
import { dateTimeFormat } from '@resuelve/contract';
import type { FreeSlot } from '@resuelve/contract';

export const dayParts = ['morning', 'afternoon', 'evening'] as const;
export type DayPart = (typeof dayParts)[number];

/** The wall-clock hour (0–23) of an instant in a time zone. */
export function hourIn(iso: string, timeZone: string): number {
  return Number(dateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(new Date(iso)));
}

/** Before noon is morning, before 5 p.m. afternoon, then evening. */
export function dayPartOf(iso: string, timeZone: string): DayPart {
  const hour = hourIn(iso, timeZone);
  return hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening';
}

/** The non-empty parts of a day, in order, each with its slots in order. */
export function groupByDayPart(slots: FreeSlot[], timeZone: string): { part: DayPart; slots: FreeSlot[] }[] {
  const groups = new Map<DayPart, FreeSlot[]>(dayParts.map((part) => [part, []]));
  for (const slot of slots) groups.get(dayPartOf(slot.start, timeZone))!.push(slot);
  return dayParts.filter((part) => groups.get(part)!.length > 0).map((part) => ({ part, slots: groups.get(part)! }));
}

/** The wall-clock minute (0–59) of an instant in a time zone. */
function minuteIn(iso: string, timeZone: string): number {
  return Number(dateTimeFormat('en-US', { minute: 'numeric', timeZone }).format(new Date(iso)));
}

/**
 * The starts on the hour and the half hour, so a phone shows a short list instead of every quarter
 * hour (issue 27). All of them when none falls on the half hour (a gap that opens at 10:15), and
 * always `keep` (the start already chosen). The server still takes any free quarter-hour start.
 */
export function everyHalfHour(slots: FreeSlot[], timeZone: string, keep = ''): FreeSlot[] {
  const half = slots.filter((slot) => slot.start === keep || minuteIn(slot.start, timeZone) % 30 === 0);
  return half.some((slot) => slot.start !== keep) ? half : slots;
}
