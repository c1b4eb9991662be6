/**
 * iCalendar text of jobs (RFC 5545, ical-generator). Times are written in UTC ("…Z"), which every
 * calendar shows at the right local time. (ical-generator, given a TZID and a plain Date, writes
 * the UTC wall clock under that TZID: hours off by the zone's offset. UTC avoids that whole class.)
 */
import ical, { ICalEventStatus, type ICalCalendar } from 'ical-generator';
import type { JobStatus } from '@resuelve/contract';

export interface CalendarJob {
  id: string;
  title: string;
  description: string;
  status: JobStatus;
  scheduled_start: Date;
  scheduled_end: Date;
  location: string | null;
  /** The other party, shown in the event title. */
  with_name: string;
  link: string;
  updated_at: Date;
}

export interface CalendarWords {
  name: string;
  /** Status labels in the reader's language. */
  status: Record<string, string>;
  seeJob: string;
}

const tentative: JobStatus[] = ['pending', 'schedule_change_pending', 'continuation_proposed', 'modification_requested'];

export function buildCalendar(jobs: CalendarJob[], words: CalendarWords, prodId: string): ICalCalendar {
  const calendar = ical({ name: words.name, prodId, ttl: 15 * 60 });
  for (const job of jobs) {
    const status = words.status[job.status] ?? job.status;
    calendar.createEvent({
      id: `${job.id}@resuelve`,
      start: job.scheduled_start,
      end: job.scheduled_end,
      summary: `${job.title} · ${job.with_name}`,
      description: [`${status}`, job.description, `${words.seeJob}: ${job.link}`].filter(Boolean).join('\n\n'),
      location: job.location,
      url: job.link,
      status: tentative.includes(job.status) ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
      lastModified: job.updated_at,
      stamp: job.updated_at,
    });
  }
  return calendar;
}
