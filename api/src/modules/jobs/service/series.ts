/**
 * Recurring jobs (issue 30, decision record 0057, contract series.ts). A client books a series of
 * visits every 1, 2 or 4 weeks; each visit is its own pending job, written by the same steps as a
 * single booking (checkSchedule, then the insert the exclusion constraint guards), each in its own
 * savepoint so that one refusal is read as that visit's conflict. The preview runs exactly those
 * steps and rolls everything back; the booking runs them in one transaction and, if any visit the
 * client did not agree to leave out conflicts, rolls the whole series back: nothing half-written.
 * The provider accepts every pending visit at once (or single visits by PATCH); either side cancels
 * a visit and all that follow.
 */
import type { Knex } from 'knex';
import {
  seriesConflicts,
  seriesLimits,
  seriesVisitCount,
  type Job,
  type NewSeries,
  type NewSeriesBooking,
  type SeriesAccept,
  type SeriesBooked,
  type SeriesCancel,
  type SeriesChanged,
  type SeriesConflict,
  type SeriesPreview,
  type SeriesVisit,
} from '@resuelve/contract';
import { AppError, forbidden } from '../../../lib/errors.ts';
import { onceForKey, type KeyedAnswer } from '../../../lib/idempotency.ts';
import type { AppContext, Caller } from '../../../context.ts';
import { isoInZone } from '../../availability/index.ts';
import { jobNotFound, jobViews, localDay, partyOf, toJob, type JobRow, type JobsContext } from '../repository.ts';
import { addressFor, defaultTitle, insertJob } from './booking.ts';
import { changesFor, writeTransition } from './lifecycle.ts';
import { announceQuote } from './quotes.ts';
import { transitionTable, type JobParty } from './rules.ts';
import { checkSchedule, endOf } from './schedule-check.ts';
import { announce, type TransitionRecord } from './transitions.ts';

interface PlannedVisit {
  visit: number;
  start: Date;
}

interface SeriesRow {
  id: string;
  client_id: string;
  provider_id: string;
  every_weeks: 1 | 2 | 4;
  visits: number;
}

const isConflict = (error: unknown): error is AppError & { code: SeriesConflict } =>
  error instanceof AppError && (seriesConflicts as readonly string[]).includes(error.code);

/**
 * Every visit of the series: the first start, then the same wall-clock time in the provider's zone
 * every `every_weeks` weeks. A series past `seriesLimits.maxVisits` is refused whole (series_too_long).
 */
async function planVisits(db: Knex, series: NewSeries): Promise<{ timezone: string; visits: PlannedVisit[] }> {
  const provider = (await db('providers').where({ id: series.provider_id }).first('timezone')) as { timezone: string } | undefined;
  if (!provider) throw new AppError('provider_not_found', 'Provider not found');
  const first = new Date(series.scheduled_start);
  const firstDay = localDay(first, provider.timezone);
  const count = seriesVisitCount(firstDay, series.every_weeks, { visits: series.visits, until: series.until });
  const field = series.visits !== undefined ? 'visits' : 'until';
  if (count > seriesLimits.maxVisits) {
    throw new AppError('series_too_long', `A series has at most ${seriesLimits.maxVisits} visits`, { details: { [field]: 'out_of_range' } });
  }
  if (count < seriesLimits.minVisits) {
    throw new AppError('validation_failed', `A series has at least ${seriesLimits.minVisits} visits`, { details: { [field]: 'out_of_range' } });
  }
  const { rows } = await db.raw<{ rows: { visit: number; start: Date }[] }>(
    `SELECT n AS visit, ((:start::timestamptz AT TIME ZONE :tz) + ((n - 1) * :every * 7) * interval '1 day') AT TIME ZONE :tz AS start
       FROM generate_series(1, :count::int) AS n ORDER BY n`,
    { start: first, tz: provider.timezone, every: series.every_weeks, count },
  );
  return { timezone: provider.timezone, visits: rows };
}

/** One visit written as a single booking would be, in a savepoint: its job and transition, or the conflict that refused it. */
async function tryVisit(
  trx: Knex.Transaction,
  context: { caller: Caller; series: NewSeries; title: string; now: Date; seriesId: string | null },
  planned: PlannedVisit,
): Promise<{ record: TransitionRecord } | { conflict: SeriesConflict }> {
  const { caller, series, now } = context;
  try {
    return await trx.transaction(async (savepoint) => {
      await checkSchedule(savepoint, {
        providerId: series.provider_id,
        start: planned.start,
        hours: series.duration_hours,
        now,
        categoryId: series.category_id,
        bookerId: caller.userId,
      });
      const created = await insertJob(
        savepoint,
        {
          client_id: caller.userId,
          provider_id: series.provider_id,
          category_id: series.category_id,
          title: context.title,
          description: series.description,
          status: 'pending',
          start: planned.start,
          hours: series.duration_hours,
          estimated_hours: null,
          location_type: series.location_type,
          location_address: addressFor(series.location_type, series.location_address),
          created_by: caller.userId,
        },
        'book',
        now,
      );
      if (context.seriesId) {
        await savepoint('jobs').where({ id: created.record.jobId }).update({ series_id: context.seriesId, series_visit: planned.visit });
      }
      return { record: created.record };
    });
  } catch (error) {
    if (isConflict(error)) return { conflict: error.code };
    throw error;
  }
}

const titleOf = async (trx: Knex.Transaction, context: Pick<AppContext, 'config'>, series: NewSeries, clientId: string) =>
  series.title ?? (await defaultTitle(trx, context.config.localesDir, series, clientId));

/** Thrown to roll the preview's transaction back with its answer. */
class PreviewDone extends Error {
  constructor(readonly preview: SeriesPreview) {
    super('preview done');
  }
}

/** POST /jobs/series/preview: every visit with the conflict it would meet, by the booking's own steps, then rolled back. */
export async function previewSeries(context: JobsContext & Pick<AppContext, 'config'>, caller: Caller, series: NewSeries): Promise<SeriesPreview> {
  const now = context.clock.now();
  try {
    await context.knex.transaction(async (trx) => {
      const { timezone, visits } = await planVisits(trx, series);
      const title = await titleOf(trx, context, series, caller.userId);
      const answer: SeriesVisit[] = [];
      for (const planned of visits) {
        const tried = await tryVisit(trx, { caller, series, title, now, seriesId: null }, planned);
        answer.push({
          visit: planned.visit,
          scheduled_start: isoInZone(planned.start, timezone),
          scheduled_end: isoInZone(endOf(planned.start, series.duration_hours), timezone),
          conflict: 'conflict' in tried ? tried.conflict : null,
        });
      }
      throw new PreviewDone({ every_weeks: series.every_weeks, visits: answer });
    });
  } catch (error) {
    if (error instanceof PreviewDone) return error.preview;
    throw error;
  }
  throw new Error('unreachable: the preview always rolls back');
}

/** The series' jobs as `viewerId` sees them, in visit order. */
async function seriesJobs(db: Knex, seriesId: string, viewerId: string, now: Date): Promise<Job[]> {
  const rows = await jobViews(db).where('j.series_id', seriesId).orderBy('j.series_visit');
  return rows.map((row) => toJob(row, viewerId, now));
}

/**
 * POST /jobs/series: books every visit but the ones the client agreed to leave out (`skip`), in one
 * transaction. A visit that conflicts now and is not in `skip` refuses the whole series with 409
 * series_conflicts (details: visit number → conflict), so the client sees the new list and decides.
 */
export async function bookSeries(
  context: JobsContext & Pick<AppContext, 'config'>,
  caller: Caller,
  booking: NewSeriesBooking,
  idempotencyKey: string | undefined,
): Promise<KeyedAnswer<SeriesBooked>> {
  const now = context.clock.now();
  const records: TransitionRecord[] = [];
  const answer = await onceForKey(
    context.knex,
    { userId: caller.userId, key: idempotencyKey, scope: 'POST /jobs/series', body: booking, now, status: 201 },
    async (trx) => {
      const { visits } = await planVisits(trx, booking);
      if (booking.skip.some((visit) => visit > visits.length)) {
        throw new AppError('validation_failed', 'A skipped visit is not one of the series', { details: { skip: 'out_of_range' } });
      }
      const wanted = visits.filter((planned) => !booking.skip.includes(planned.visit));
      if (wanted.length === 0) throw new AppError('validation_failed', 'No visit is left to book', { details: { skip: 'out_of_range' } });
      const [series] = (await trx('job_series')
        .insert({ client_id: caller.userId, provider_id: booking.provider_id, every_weeks: booking.every_weeks, visits: visits.length, created_at: now })
        .returning('id')) as { id: string }[];
      const title = await titleOf(trx, context, booking, caller.userId);
      const conflicts: Record<string, string> = {};
      for (const planned of wanted) {
        const tried = await tryVisit(trx, { caller, series: booking, title, now, seriesId: series!.id }, planned);
        if ('conflict' in tried) conflicts[String(planned.visit)] = tried.conflict;
        else records.push(tried.record);
      }
      if (Object.keys(conflicts).length > 0) {
        records.length = 0;
        throw new AppError('series_conflicts', 'Some visits of the series cannot be booked', { details: conflicts });
      }
      return { series_id: series!.id, jobs: await seriesJobs(trx, series!.id, caller.userId, now) };
    },
  );
  for (const record of records) await announce(context, record);
  return answer;
}

/** The series, readable by its two parties and an admin; anyone else gets 404 series_not_found. */
async function seriesFor(db: Knex, seriesId: string, caller: Caller): Promise<SeriesRow> {
  const row = (await db('job_series').where({ id: seriesId }).first()) as SeriesRow | undefined;
  if (!row || (!partyOf(row, caller.userId) && !caller.isAdmin)) throw new AppError('series_not_found', 'Series not found');
  return row;
}

/** The party acting on a series; an admin who is not a party reads it but acts on nothing. */
function actingParty(series: SeriesRow, caller: Caller): JobParty {
  const party = partyOf(series, caller.userId);
  if (!party) throw forbidden();
  return party;
}

/** GET /jobs/series/{id}: every visit booked, in order. */
export async function getSeries(context: JobsContext, seriesId: string, caller: Caller): Promise<SeriesChanged> {
  await seriesFor(context.knex, seriesId, caller);
  return { jobs: await seriesJobs(context.knex, seriesId, caller.userId, context.clock.now()) };
}

/** How `party` ends a visit in `status`: a cancel, or the provider's decline of a visit still pending; null when neither applies. */
function endingOf(party: JobParty, status: JobRow['status']): { action: 'cancel' | 'decline'; to: JobRow['status'] } | null {
  for (const action of ['cancel', 'decline'] as const) {
    const rule = transitionTable.find((candidate) => candidate.action === action && candidate.by === party && candidate.from.includes(status));
    if (rule?.to) return { action, to: rule.to };
  }
  return null;
}

/**
 * Runs one change over some jobs of a series in one transaction (locked in visit order), then
 * announces each; answers the whole series as the caller now sees it.
 */
async function changeSeries(
  context: JobsContext,
  seriesId: string,
  caller: Caller,
  change: (trx: Knex.Transaction, series: SeriesRow, party: JobParty, now: Date) => Promise<TransitionRecord[]>,
): Promise<{ answer: SeriesChanged; records: TransitionRecord[] }> {
  const now = context.clock.now();
  const records = await context.knex.transaction(async (trx) => {
    const series = await seriesFor(trx, seriesId, caller);
    return change(trx, series, actingParty(series, caller), now);
  });
  for (const record of records) await announce(context, record);
  return { answer: { jobs: await seriesJobs(context.knex, seriesId, caller.userId, now) }, records };
}

/** POST /jobs/series/{id}/accept: the provider accepts every visit still pending, each for `estimated_hours` (default: the hours asked). */
export async function acceptSeries(context: JobsContext, seriesId: string, caller: Caller, body: SeriesAccept | null): Promise<SeriesChanged> {
  const { answer, records } = await changeSeries(context, seriesId, caller, async (trx, series, party, now) => {
    if (party !== 'provider') throw forbidden();
    // A visit waiting for its deposit (service/deposits.ts) was accepted by its client already.
    const pending = (await trx('jobs').where({ series_id: series.id, status: 'pending' }).whereNull('deposit_hold_until').orderBy('series_visit').forUpdate()) as JobRow[];
    if (pending.length === 0) throw new AppError('invalid_transition', 'No visit of the series waits for an answer');
    const written: TransitionRecord[] = [];
    for (const job of pending) {
      const patch = { action: 'accept' as const, estimated_hours: body?.estimated_hours ?? Number(job.duration_hours) };
      const columns = await changesFor(trx, job, party, patch, now);
      written.push(await writeTransition(trx, job, { to: 'upcoming', action: 'accept', party, actorId: caller.userId, columns, now }));
    }
    return written;
  });
  // Each accept made a one-line accepted quote (service/quotes.ts), announced as any quote change is.
  const accepted = new Set(records.map((record) => record.jobId));
  for (const job of answer.jobs) {
    if (accepted.has(job.id) && job.quote?.status === 'accepted') {
      await announceQuote(context, { id: job.quote.id, job_id: job.id, conversation_id: null, provider_id: job.provider_id, client_id: job.client_id }, 'accepted', job.quote.version, context.clock.now());
    }
  }
  return answer;
}

/**
 * POST /jobs/series/{id}/cancel: the caller cancels the visit `from_job_id` and every later visit
 * they may still end (a client cancels pending or agreed visits; a provider cancels agreed ones and
 * declines those still pending). A client's fees are
 * recorded per visit as a single cancel records them; `expected_fee_cents`, when given, must be
 * their sum now (409 cancellation_fee_changed with the sum in details otherwise).
 */
export async function cancelSeries(context: JobsContext, seriesId: string, caller: Caller, body: SeriesCancel): Promise<SeriesChanged> {
  const { answer } = await changeSeries(context, seriesId, caller, async (trx, series, party, now) => {
    const from = (await trx('jobs').where({ id: body.from_job_id, series_id: series.id }).first('series_visit')) as { series_visit: number } | undefined;
    if (!from) throw jobNotFound();
    const following = (await trx('jobs')
      .where({ series_id: series.id })
      .where('series_visit', '>=', from.series_visit)
      .orderBy('series_visit')
      .forUpdate()) as JobRow[];
    const endings = following.flatMap((job) => {
      const ending = endingOf(party, job.status);
      return ending ? [{ job, ending }] : [];
    });
    if (endings.length === 0) throw new AppError('invalid_transition', 'No visit from this one on can be cancelled');
    let fees = 0;
    const written: TransitionRecord[] = [];
    for (const { job, ending } of endings) {
      const patch = ending.action === 'cancel' ? { action: 'cancel' as const, ...(body.reason ? { reason: body.reason } : {}) } : { action: 'decline' as const, ...(body.reason ? { reason: body.reason } : {}) };
      const columns = await changesFor(trx, job, party, patch, now);
      fees += typeof columns.fee_cents === 'number' ? columns.fee_cents : 0;
      written.push(await writeTransition(trx, job, { to: ending.to, action: ending.action, party, actorId: caller.userId, columns, now }));
    }
    if (body.expected_fee_cents !== undefined && body.expected_fee_cents !== fees) {
      throw new AppError('cancellation_fee_changed', 'The cancellation fees are not the ones shown', { details: { fee_cents: String(fees) } });
    }
    return written;
  });
  return answer;
}
