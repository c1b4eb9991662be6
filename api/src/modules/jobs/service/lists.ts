/**
 * Lists of the caller's jobs: GET /jobs (filters, keyset pages) for appointments and dashboards,
 * GET /jobs/list (a date range, no pages) for calendars. A job a party hid (DELETE) leaves only
 * that party's lists.
 */
import type { Knex } from 'knex';
import { jobLimits, type Job, type JobPage } from '@resuelve/contract';
import { AppError } from '../../../lib/errors.ts';
import { decodeTimeCursor, encodeTimeCursor, likePattern } from '../../../lib/keyset.ts';
import type { Caller } from '../../../context.ts';
import { jobViews, partyNameSql, toJob, type JobView } from '../repository.ts';
import type { CalendarRange, ListFilters } from '../schemas.ts';


/** The longest range GET /jobs/list answers (a month view with its spill-over weeks, twice). */
export const calendarMaxDays = 62;

/**
 * A bound of scheduled_start: an instant with its offset, or a calendar day (midnight in Puerto
 * Rico, the zone of the product's providers; callers wanting another zone send an instant).
 */
export function boundOf(value: string): Date {
  // Puerto Rico keeps UTC-4 all year.
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00-04:00` : value);
}

function mine(query: Knex.QueryBuilder, caller: Caller, role: 'client' | 'provider' | undefined) {
  return query.where((q) => {
    if (role !== 'provider') q.orWhere((c) => c.where('j.client_id', caller.userId).whereNull('j.client_hidden_at'));
    if (role !== 'client') q.orWhere((p) => p.where('j.provider_id', caller.userId).whereNull('j.provider_hidden_at'));
  });
}

export async function listJobs(db: Knex, caller: Caller, filters: ListFilters, now: Date): Promise<JobPage> {
  const query = mine(jobViews(db), caller, filters.role);
  if (filters.status?.length) query.whereIn('j.status', filters.status);
  if (filters.from) query.where('j.scheduled_start', '>=', boundOf(filters.from));
  if (filters.to) query.where('j.scheduled_start', '<', boundOf(filters.to));
  if (filters.q) {
    // Title, description or the other party's name as the list shows it, without accents or case.
    query.whereRaw(
      `lower(f_unaccent(j.title || ' ' || j.description || ' ' ||
         coalesce(CASE WHEN j.client_id = ? THEN ${partyNameSql.provider} ELSE ${partyNameSql.client} END, '')))
       LIKE lower(f_unaccent(?))`,
      [caller.userId, likePattern(filters.q)],
    );
  }
  const direction = filters.order;
  if (filters.cursor) {
    const cursor = decodeTimeCursor(filters.cursor);
    query.whereRaw(`(j.scheduled_start, j.id) ${direction === 'asc' ? '>' : '<'} (?::timestamptz, ?::uuid)`, [cursor.at, cursor.id]);
  }
  const rows = (await query.orderBy('j.scheduled_start', direction).orderBy('j.id', direction).limit(filters.limit + 1)) as JobView[];
  const page = rows.slice(0, filters.limit);
  const last = page[page.length - 1];
  const next = rows.length > filters.limit && last ? encodeTimeCursor({ at: last.scheduled_start.toISOString(), id: last.id }) : null;
  return { items: page.map((row) => toJob(row, caller.userId, now)), next_cursor: next };
}

export async function calendarJobs(
  db: Knex,
  caller: Caller,
  range: CalendarRange,
  now: Date,
): Promise<{ items: Job[] }> {
  const from = boundOf(range.from);
  const to = boundOf(range.to);
  if (!(to > from) || to.getTime() - from.getTime() > calendarMaxDays * 86_400_000) {
    throw new AppError('validation_failed', `A range of at most ${calendarMaxDays} days`, { details: { to: 'out_of_range' } });
  }
  // Jobs that touch the range, so one that started the evening before still shows.
  const query = mine(jobViews(db), caller, range.role).where('j.scheduled_start', '<', to).where('j.scheduled_end', '>', from);
  if (range.status?.length) query.whereIn('j.status', range.status);
  const rows = (await query.orderBy('j.scheduled_start').orderBy('j.id').limit(jobLimits.listPageSizeMax * 20)) as JobView[];
  return { items: rows.map((row) => toJob(row, caller.userId, now)) };
}
