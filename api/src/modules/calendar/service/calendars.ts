/**
 * Calendars, so jobs show in the calendar app people already use: each account's private iCal
 * feed behind a secret address (regenerable: the old address stops working), and one job's .ics
 * for "add to calendar".
 */
import { randomBytes } from 'node:crypto';
import { finalJobStatuses, type Locale } from '@resuelve/contract';
import { AppError } from '../../../lib/errors.ts';
import { textsWith } from '../../../lib/texts.ts';
import type { AppContext } from '../../../context.ts';
import { languageOf } from '../../profiles/index.ts';
import { feedOwner, feedTokenOf, jobsOf, replaceFeedToken, type JobRowForCalendar } from '../repository.ts';
import { buildCalendar, type CalendarJob, type CalendarWords } from './ics.ts';

export const feedTokenPattern = /^[A-Za-z0-9_-]{43}$/;
/** The feed shows jobs from this long ago onwards, and at most this many. */
const feedPastDays = 180;
const feedMaxJobs = 2000;
const prodId = '//Resuelve//Calendario//ES';

type Context = Pick<AppContext, 'knex' | 'config' | 'clock'>;

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function feedUrl(context: Pick<AppContext, 'config'>, token: string): string {
  return `${context.config.publicUrl}/api/v1/calendar/${token}.ics`;
}

export async function feedOf(context: Context, userId: string): Promise<{ url: string }> {
  return { url: feedUrl(context, await feedTokenOf(context.knex, userId, newToken())) };
}

export async function regenerateFeed(context: Context, userId: string): Promise<{ url: string }> {
  const token = newToken();
  await replaceFeedToken(context.knex, userId, token, context.clock.now());
  return { url: feedUrl(context, token) };
}

interface FeedWords {
  words: CalendarWords;
  /** The place types in each party's words: "at your location" is the client's, "at the client's place" the provider's. */
  locations: Record<'client' | 'provider', Record<string, string>>;
}

async function wordsFor(context: Context, userId: string): Promise<FeedWords> {
  const language = await languageOf(context.knex, userId);
  const locale: Locale = language === 'en' ? 'en' : 'es';
  const calendar = (await textsWith(context.config.localesDir, locale, 'calendar', 'feed_name')) as Record<string, string>;
  const jobs = (await textsWith(context.config.localesDir, locale, 'jobs', 'status')) as { status: Record<string, string>; location: Record<string, string> };
  const provider = (await textsWith(context.config.localesDir, locale, 'provider-jobs', 'place')) as { place: { type: Record<string, string> } };
  return { words: { name: calendar.feed_name!, status: jobs.status, seeJob: calendar.see_job! }, locations: { client: jobs.location, provider: provider.place.type } };
}

/** Where the job is for this party: the provider gets the client's address (home or custom) only once the job is accepted. */
function placeFor(row: JobRowForCalendar, party: 'client' | 'provider'): string | null {
  const shared = party === 'client' || row.contact_shared;
  switch (row.location_type) {
    case 'client_location':
      return shared ? row.location_address : null;
    case 'provider_office':
      return row.business_address;
    case 'on_site':
      return party === 'provider' && shared ? row.client_address : null;
    default:
      return null;
  }
}

function toCalendarJob(context: Context, row: JobRowForCalendar, userId: string, locations: FeedWords['locations']): CalendarJob {
  const party = row.provider_id === userId ? 'provider' : 'client';
  const place = placeFor(row, party);
  const label = locations[party][row.location_type] ?? row.location_type;
  const { contact_shared: _shared, client_address: _address, ...job } = row;
  return { ...job, location: place ? `${label}: ${place}` : label, link: `${context.config.publicUrl}/${party}/jobs/${row.id}` };
}

/** The iCalendar text of a feed, or null for an unknown (or replaced) token. */
export async function feedCalendar(context: Context, token: string): Promise<string | null> {
  if (!feedTokenPattern.test(token)) return null;
  // A suspended account's feed answers nothing, as its sessions do (its address also ended at suspension).
  const userId = await feedOwner(context.knex, token);
  if (!userId) return null;
  const since = new Date(context.clock.now().getTime() - feedPastDays * 86_400_000);
  const rows: JobRowForCalendar[] = await jobsOf(context.knex, userId)
    .whereNotIn('j.status', finalJobStatuses.filter((status) => status !== 'completed'))
    .where('j.scheduled_end', '>=', since)
    .orderBy('j.scheduled_start')
    .limit(feedMaxJobs);
  const { words, locations } = await wordsFor(context, userId);
  return buildCalendar(rows.map((row) => toCalendarJob(context, row, userId, locations)), words, prodId).toString();
}

/** One job's .ics for its client or provider; 404 for anyone else. */
export async function jobCalendar(context: Context, jobId: string, userId: string): Promise<string> {
  const row: JobRowForCalendar | undefined = await jobsOf(context.knex, userId).where('j.id', jobId).first();
  if (!row) throw new AppError('job_not_found', 'Job not found');
  const { words, locations } = await wordsFor(context, userId);
  return buildCalendar([toCalendarJob(context, row, userId, locations)], words, prodId).toString();
}
