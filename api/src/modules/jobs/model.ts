/**
 * How a job is read: one select with both parties' names and the provider's zone, and the
 * contract's `Job` shape for one viewer (their `allowed_actions`, times with the zone's offset).
 */
import type { Knex } from 'knex';
import type { Job } from '@resuelve/contract';
import type { AppContext, Caller } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { isoInZone } from '../availability/service.ts';
import { partyNameSql as fullNameSql } from '../profiles/display-name.ts';
import { allowedActions, type JobParty } from './rules.ts';

/** The instants of a job: Dates in a row, ISO 8601 strings in the zone of the provider in a `Job`. */
type JobInstant = 'scheduled_start' | 'scheduled_end' | 'started_at' | 'ended_at' | 'proposed_start' | 'proposed_end' | 'created_at' | 'updated_at';

/** A row of `jobs`: the contract's job without what the answer adds (parties, zone, actions), instants as Dates. */
export interface JobRow extends Omit<Job, JobInstant | 'client' | 'provider' | 'timezone' | 'allowed_actions'> {
  scheduled_start: Date;
  scheduled_end: Date;
  started_at: Date | null;
  ended_at: Date | null;
  proposed_start: Date | null;
  proposed_end: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** What the job rules use of the app context: the database, the clock and the event bus. */
export type JobsContext = Pick<AppContext, 'knex' | 'clock' | 'events'>;

/** A job row with what its answer shows of the two parties. */
export interface JobView extends JobRow {
  /** Whether the provider may see the client's address on it (contactSharedSql). */
  contact_shared: boolean;
  timezone: string;
  client_name: string;
  client_picture: string | null;
  provider_name: string;
  provider_picture: string | null;
}

export const defaultTimeZone = 'America/Puerto_Rico';

const jobColumns = [
  'id',
  'status',
  'client_id',
  'provider_id',
  'category_id',
  'title',
  'description',
  'scheduled_start',
  'scheduled_end',
  'duration_hours',
  'estimated_hours',
  'actual_hours',
  'started_at',
  'ended_at',
  'location_type',
  'location_address',
  'session_number',
  'total_sessions',
  'original_job_id',
  'proposed_start',
  'proposed_end',
  'modification_request',
  'decline_reason',
  'review_prompt_shown',
  'created_at',
  'updated_at',
].map((column) => `j.${column}`);

/**
 * The parties' shown names over the view's joins: the client's full name (the two have a booking), the provider's
 * company (an account without a provider row yet: the person's name).
 */
export const partyNameSql = { client: fullNameSql('cp'), provider: `coalesce(pr.company_name, ${fullNameSql('pp')})` };

/**
 * A job shows the provider the client's address unless it ended before the provider ever accepted
 * it (cancelled by the client, declined, expired): accepted means it was once `upcoming`. The view
 * provider_client_links applies the same rule to GET /clients (migration 0020).
 */
const contactSharedSql = `(j.status NOT IN ('cancelled', 'cancelled_by_client', 'expired')
  OR EXISTS (SELECT 1 FROM job_transitions t WHERE t.job_id = j.id AND t.to_status = 'upcoming'))`;

const viewColumns = [
  ...jobColumns,
  `${contactSharedSql} AS contact_shared`,
  `coalesce(pr.timezone, '${defaultTimeZone}') AS timezone`,
  `coalesce(${partyNameSql.client}, '') AS client_name`,
  'cp.avatar_url AS client_picture',
  `coalesce(${partyNameSql.provider}, '') AS provider_name`,
  'coalesce(pr.profile_picture_url, pp.avatar_url) AS provider_picture',
].join(', ');

const viewJoins = 'JOIN profiles cp ON cp.id = j.client_id JOIN profiles pp ON pp.id = j.provider_id LEFT JOIN providers pr ON pr.id = j.provider_id';

/** Jobs with their parties; filter with `j.` columns. */
export function jobViews(db: Knex) {
  return db.from('jobs as j').joinRaw(viewJoins).select<JobView[]>(db.raw(viewColumns));
}

/** The same view over rows of another source named in SQL (a CTE of just-written jobs). */
export function jobViewsOf(source: string): string {
  return `SELECT ${viewColumns} FROM ${source} AS j ${viewJoins}`;
}

export function partyOf(job: Pick<JobRow, 'client_id' | 'provider_id'>, userId: string): JobParty | null {
  if (job.client_id === userId) return 'client';
  if (job.provider_id === userId) return 'provider';
  return null;
}

/** The wall-clock day of an instant in a zone (YYYY-MM-DD). */
export function localDay(instant: Date, timeZone: string): string {
  return isoInZone(instant, timeZone).slice(0, 10);
}

const isoOrNull = (value: Date | null, timeZone: string) => (value ? isoInZone(value, timeZone) : null);

export function toJob(row: JobView, viewerId: string, now: Date): Job {
  const tz = row.timezone;
  const onScheduledDay = localDay(row.scheduled_start, tz) === localDay(now, tz);
  return {
    id: row.id,
    status: row.status,
    client_id: row.client_id,
    provider_id: row.provider_id,
    category_id: row.category_id,
    title: row.title,
    description: row.description,
    scheduled_start: isoInZone(row.scheduled_start, tz),
    scheduled_end: isoInZone(row.scheduled_end, tz),
    duration_hours: Number(row.duration_hours),
    estimated_hours: row.estimated_hours === null ? null : Number(row.estimated_hours),
    actual_hours: row.actual_hours === null ? null : Number(row.actual_hours),
    started_at: isoOrNull(row.started_at, tz),
    ended_at: isoOrNull(row.ended_at, tz),
    location_type: row.location_type,
    location_address: row.contact_shared || partyOf(row, viewerId) !== 'provider' ? row.location_address : null,
    session_number: row.session_number,
    total_sessions: row.total_sessions,
    original_job_id: row.original_job_id,
    proposed_start: isoOrNull(row.proposed_start, tz),
    proposed_end: isoOrNull(row.proposed_end, tz),
    modification_request: row.modification_request,
    decline_reason: row.decline_reason,
    review_prompt_shown: row.review_prompt_shown,
    client: { id: row.client_id, name: row.client_name, profile_picture_url: row.client_picture },
    provider: { id: row.provider_id, name: row.provider_name, profile_picture_url: row.provider_picture },
    timezone: tz,
    allowed_actions: allowedActions(row.status, partyOf(row, viewerId), onScheduledDay),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export const jobNotFound = () => new AppError('job_not_found', 'Job not found');

/**
 * A job as `caller` sees it. Anyone but its client, its provider or an admin gets 404
 * job_not_found: a job's existence is not revealed.
 */
export async function jobForUser(db: Knex, jobId: string, caller: Caller, now: Date): Promise<Job> {
  const row = await jobViews(db).where('j.id', jobId).first();
  if (!row || (!partyOf(row, caller.userId) && !caller.isAdmin)) throw jobNotFound();
  return toJob(row, caller.userId, now);
}

/** The job row locked for a change, readable by the caller (404 otherwise). */
export async function lockJob(trx: Knex.Transaction, jobId: string, caller: Caller): Promise<JobRow> {
  const row = (await trx('jobs').where({ id: jobId }).forUpdate().first()) as JobRow | undefined;
  if (!row || (!partyOf(row, caller.userId) && !caller.isAdmin)) throw jobNotFound();
  return row;
}
