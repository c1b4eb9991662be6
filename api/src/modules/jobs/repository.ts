/**
 * How a job is read: one select with both parties' names and the provider's zone, and the
 * contract's `Job` shape for one viewer (their `allowed_actions`, times with the zone's offset).
 */
import type { Knex } from 'knex';
import { hoursToMinutes, noShowOpensAt, priceAtRate, type ContactMethod, type Job, type JobClientContact, type JobOnMyWay, type JobPlace, type JobPrice, type RateSnapshot, type RateUnit } from '@resuelve/contract';
import type { AppContext, Caller } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { isoInZone } from '../availability/index.ts';
import { partyNameSql as fullNameSql } from '../profiles/index.ts';
import { allowedActions, type JobParty } from './service/rules.ts';
import { billJsonSql, toJobBill, type BillJson } from './service/bill-summary.ts';
import { noShowJsonSql, toJobNoShow, type NoShowJson } from './service/no-show-summary.ts';
import { quoteSummaryJsonSql, toQuoteSummary, type QuoteSummaryJson } from './repository/quotes.ts';
import { depositPaidSql, toJobDeposit } from './repository/deposits.ts';

/** The instants of a job: Dates in a row, ISO 8601 strings in the zone of the provider in a `Job`. */
type JobInstant = 'scheduled_start' | 'scheduled_end' | 'started_at' | 'ended_at' | 'proposed_start' | 'proposed_end' | 'created_at' | 'updated_at';

/** A row of `jobs`: the contract's job without what the answer adds (parties, zone, actions), instants as Dates. */
export interface JobRow extends Omit<Job, JobInstant | 'client' | 'provider' | 'timezone' | 'allowed_actions' | 'place' | 'client_contact' | 'price' | 'quote' | 'no_show' | 'bill' | 'series' | 'on_my_way' | 'provider_whatsapp' | 'deposit'> {
  /** The rate as it was when the job was accepted (migration 0035); both null before, or without a rate. */
  rate_cents_snapshot: number | null;
  rate_unit_snapshot: RateUnit | null;
  scheduled_start: Date;
  scheduled_end: Date;
  started_at: Date | null;
  ended_at: Date | null;
  proposed_start: Date | null;
  proposed_end: Date | null;
  /** The recurring series this job is a visit of (migration 0045) and its visit number; both null otherwise. */
  series_id: string | null;
  series_visit: number | null;
  /** The provider's latest "on my way" and its arrival (migration 0043), both set or both null. */
  on_my_way_at: Date | null;
  arrival_estimate_at: Date | null;
  /**
   * The deposit its accepted quote asked for (migration 0047), kept once paid or released; and
   * while it is due, when the held time is released unpaid (cleared once settled).
   */
  deposit_cents: number | null;
  deposit_hold_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A deposit is due on the job: its hold runs while it is pending (service/deposits.ts settles it). */
export function depositDue(job: Pick<JobRow, 'status' | 'deposit_hold_until'>): boolean {
  return job.status === 'pending' && job.deposit_hold_until !== null;
}

/** What the job rules use of the app context: the database, the clock and the event bus. */
export type JobsContext = Pick<AppContext, 'knex' | 'clock' | 'events'>;

/** A job row with what its answer shows of the two parties. */
export interface JobView extends JobRow {
  /** Whether the provider may see the client's address and contact on it (contactSharedSql). */
  contact_shared: boolean;
  client_address: string | null;
  client_municipality: string | null;
  client_phone: string | null;
  client_email: string | null;
  client_preferred_contact: ContactMethod;
  /** The id of the job's review, if written (one per job). */
  review_id: string | null;
  /** Its quote, if any (repository/quotes.ts). */
  quote: QuoteSummaryJson | null;
  /** Its bill, once it ended (service/bill-summary.ts). */
  bill: BillJson | null;
  /** Its no-show report, if any (service/no-show-summary.ts). */
  no_show: NoShowJson | null;
  /** The municipality the custom address of client_location names, if any. */
  custom_municipality: string | null;
  provider_address: string | null;
  provider_municipality: string | null;
  timezone: string;
  client_name: string;
  client_picture: string | null;
  provider_name: string;
  provider_picture: string | null;
  /** Its series as the answer shows it, without the visit number (jobs.series_visit). */
  series_json: { id: string; visits: number; every_weeks: 1 | 2 | 4 } | null;
  /** The provider's WhatsApp digits (migration 0043); toJob gives them to the client of an accepted job only. */
  provider_whatsapp: string | null;
  /** A deposit payment of the job was read back paid (repository/deposits.ts). */
  deposit_paid: boolean;
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
  'rate_cents_snapshot',
  'rate_unit_snapshot',
  'fee_cents',
  'fee_kind',
  'series_id',
  'series_visit',
  'on_my_way_at',
  'arrival_estimate_at',
  'deposit_cents',
  'deposit_hold_until',
  'created_at',
  'updated_at',
].map((column) => `j.${column}`);

/**
 * The parties' shown names over the view's joins: the client's full name (the two have a booking), the provider's
 * company (an account without a provider row yet: the person's name).
 */
export const partyNameSql = { client: fullNameSql('cp'), provider: `coalesce(pr.company_name, ${fullNameSql('pp')})` };

/**
 * A job shows the provider the client's address and contact once it was accepted (decision record
 * 0030): it is, or was once, `upcoming` (accepted, agreed to a new time, or created by the provider
 * for the client), or it is a later session of an accepted job. Before that the provider sees the
 * municipality only. The view provider_client_links applies the same rule to GET /clients
 * (migration 0025).
 */
export const contactSharedSql = `(j.status IN ('upcoming', 'in_progress', 'completed') OR j.original_job_id IS NOT NULL
  OR EXISTS (SELECT 1 FROM job_transitions t WHERE t.job_id = j.id AND t.to_status = 'upcoming'))`;

/** A street address on one line: "Calle Sol 25, Ponce, PR 00730". */
export const addressLineSql = (table: string, street: string) =>
  `nullif(concat_ws(', ', nullif(trim(${table}.${street}), ''), nullif(trim(${table}.city), ''),
     nullif(trim(concat_ws(' ', ${table}.state, ${table}.zip_code)), '')), '')`;

/**
 * The municipality a custom address names, as a whole word without accents or case; the last one
 * named wins ("Calle Ponce de León 5, San Juan" is in San Juan).
 */
const customMunicipalityJoin = `LEFT JOIN LATERAL (
    SELECT m.name FROM municipalities m, lower(f_unaccent(coalesce(j.location_address, ''))) AS a(text)
    WHERE j.location_type = 'client_location' AND a.text ~ ('\\m' || m.search_name || '\\M')
    ORDER BY length(a.text) - strpos(reverse(a.text), reverse(m.search_name)) DESC, length(m.search_name) DESC
    LIMIT 1) cm ON true`;

const viewColumns = [
  ...jobColumns,
  `${contactSharedSql} AS contact_shared`,
  // One review per job (migration 0034's reviews_one_per_job, whose index this reads).
  '(SELECT r.id FROM reviews r WHERE r.job_id = j.id) AS review_id',
  quoteSummaryJsonSql,
  noShowJsonSql,
  billJsonSql,
  `coalesce(pr.timezone, '${defaultTimeZone}') AS timezone`,
  `coalesce(${partyNameSql.client}, '') AS client_name`,
  'cp.avatar_url AS client_picture',
  `coalesce(${partyNameSql.provider}, '') AS provider_name`,
  'coalesce(pr.profile_picture_url, pp.avatar_url) AS provider_picture',
  `(SELECT json_build_object('id', s.id, 'visits', s.visits, 'every_weeks', s.every_weeks) FROM job_series s WHERE s.id = j.series_id) AS series_json`,
  'pr.whatsapp_number AS provider_whatsapp',
  `${depositPaidSql} AS deposit_paid`,
  `${addressLineSql('cl', 'address')} AS client_address`,
  'coalesce(mc.name, cl.city) AS client_municipality',
  'CASE WHEN cp.phone_verified_at IS NOT NULL THEN cp.phone_number END AS client_phone',
  'cu.email AS client_email',
  `coalesce(cl.preferred_contact, 'email') AS client_preferred_contact`,
  'cm.name AS custom_municipality',
  `${addressLineSql('pr', 'business_address')} AS provider_address`,
  'coalesce(mp.name, pr.city) AS provider_municipality',
].join(', ');

const viewJoins = `JOIN profiles cp ON cp.id = j.client_id JOIN profiles pp ON pp.id = j.provider_id LEFT JOIN providers pr ON pr.id = j.provider_id
  LEFT JOIN users cu ON cu.id = j.client_id LEFT JOIN client_profiles cl ON cl.id = j.client_id
  LEFT JOIN municipalities mc ON mc.slug = cl.municipality_slug LEFT JOIN municipalities mp ON mp.slug = pr.municipality_slug
  ${customMunicipalityJoin}`;

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

/** Where the job is, as the viewer may see it: the provider gets the municipality only until it is accepted. */
function placeOf(row: JobView, shared: boolean): JobPlace {
  switch (row.location_type) {
    case 'on_site':
      return { municipality: row.client_municipality, address: shared ? row.client_address : null };
    case 'client_location':
      return { municipality: row.custom_municipality, address: shared ? row.location_address : null };
    case 'provider_office':
      return { municipality: row.provider_municipality, address: row.provider_address };
    case 'remote':
      return { municipality: null, address: null };
  }
}

/** The client's way to be reached, by their preference: the phone for a call or a text (when verified), else the email. */
function clientContactOf(row: JobView): JobClientContact {
  const byPhone = row.client_preferred_contact !== 'email' && row.client_phone !== null;
  return { preferred_contact: row.client_preferred_contact, phone: byPhone ? row.client_phone : null, email: byPhone ? null : row.client_email };
}

const isoOrNull = (value: Date | null, timeZone: string) => (value ? isoInZone(value, timeZone) : null);

/** Minutes of the job's one duration, the booked time (whole minutes: times are on quarter hours). */
export function bookedMinutes(row: Pick<JobRow, 'scheduled_start' | 'scheduled_end'>): number {
  return Math.round((row.scheduled_end.getTime() - row.scheduled_start.getTime()) / 60_000);
}

/**
 * The job's price from its rate snapshot (contract money.ts): the rate over the booked time once
 * accepted; once completed, over the worked time, or the estimate when none was recorded.
 */
export function priceOf(row: Pick<JobRow, 'status' | 'scheduled_start' | 'scheduled_end' | 'actual_hours' | 'rate_cents_snapshot' | 'rate_unit_snapshot'>): JobPrice | null {
  if (row.rate_cents_snapshot === null || row.rate_unit_snapshot === null) return null;
  const rate = { amount_cents: row.rate_cents_snapshot, unit: row.rate_unit_snapshot };
  const booked = bookedMinutes(row);
  const estimate = priceAtRate(rate, booked);
  return { rate, estimate_cents: estimate, total_cents: row.status === 'completed' ? totalAtRate(rate, booked, row.actual_hours) : null };
}

/** A completed job's total: the rate over the worked hours, or over the booked minutes when none were recorded. */
export function totalAtRate(rate: RateSnapshot, booked: number, actualHours: number | string | null): number {
  return priceAtRate(rate, actualHours === null ? booked : hoursToMinutes(Number(actualHours)));
}

/** The provider's latest "on my way" while the job is still upcoming (once started it has done its work). */
function onMyWayOf(row: JobView): JobOnMyWay | null {
  if (row.status !== 'upcoming' || !row.on_my_way_at || !row.arrival_estimate_at) return null;
  return { at: isoInZone(row.on_my_way_at, row.timezone), arrival_at: isoInZone(row.arrival_estimate_at, row.timezone) };
}

/**
 * The client reaches the provider on WhatsApp once the job was accepted (the rule that shares the
 * client's address, contactSharedSql) and while it is not cancelled or expired (decision record 0055).
 */
function whatsappShared(row: JobView): boolean {
  return row.contact_shared && !['cancelled', 'cancelled_by_client', 'expired'].includes(row.status);
}

export function toJob(row: JobView, viewerId: string, now: Date): Job {
  const tz = row.timezone;
  const onScheduledDay = localDay(row.scheduled_start, tz) === localDay(now, tz);
  const viewer = partyOf(row, viewerId);
  const shared = row.contact_shared || viewer !== 'provider';
  const noShowOpen = !row.no_show && now >= noShowOpensAt(row.scheduled_start);
  // The side that did not report answers it, once.
  const answersNoShow = viewer !== null && row.no_show !== null && row.no_show.reported_by !== viewer && row.no_show.answer === null;
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
    location_address: shared ? row.location_address : null,
    place: placeOf(row, shared),
    client_contact: viewer === 'provider' && row.contact_shared ? clientContactOf(row) : null,
    session_number: row.session_number,
    total_sessions: row.total_sessions,
    original_job_id: row.original_job_id,
    series: row.series_json && row.series_visit !== null ? { ...row.series_json, visit: row.series_visit } : null,
    proposed_start: isoOrNull(row.proposed_start, tz),
    proposed_end: isoOrNull(row.proposed_end, tz),
    modification_request: row.modification_request,
    decline_reason: row.decline_reason,
    review_prompt_shown: row.review_prompt_shown,
    review_id: row.review_id,
    price: priceOf(row),
    quote: toQuoteSummary(row.quote, row.status, now),
    bill: toJobBill(row.bill, tz),
    fee_cents: row.fee_cents,
    fee_kind: row.fee_kind,
    no_show: toJobNoShow(row.no_show, tz),
    on_my_way: onMyWayOf(row),
    deposit: toJobDeposit(row),
    provider_whatsapp: viewer === 'client' && whatsappShared(row) ? row.provider_whatsapp : null,
    client: { id: row.client_id, name: row.client_name, profile_picture_url: row.client_picture },
    provider: { id: row.provider_id, name: row.provider_name, profile_picture_url: row.provider_picture },
    timezone: tz,
    allowed_actions: [...allowedActions(row.status, viewer, onScheduledDay, noShowOpen, depositDue(row)), ...(answersNoShow ? (['answer_no_show'] as const) : [])],
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
