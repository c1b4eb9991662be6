/**
 * Jobs coming into being (DESIGN.md §5): a client books (pending), a provider creates one for a
 * client they know (upcoming), a provider proposes a continuation session (continuation_proposed).
 * Each is one transaction: the schedule check, the insert that the exclusion constraint guards,
 * the first transition row; the event goes out after commit.
 */
import type { Knex } from 'knex';
import { jobLimits, type Job, type JobStatus, type LocationType, type NewBooking, type NewContinuation, type NewProviderJob } from '@resuelve/contract';
import { AppError, forbidden } from '../../../lib/errors.ts';
import { interpolate, textsWith } from '../../../lib/texts.ts';
import type { AppContext, Caller } from '../../../context.ts';
import { onceForKey, type KeyedAnswer } from '../../../lib/idempotency.ts';
import { jobViewsOf, lockJob, toJob, type JobView, type JobsContext } from '../repository.ts';
import { requireRule } from './rules.ts';
import { checkSchedule, endOf, holdingTime } from './schedule-check.ts';
import { announce, type TransitionRecord } from './transitions.ts';

interface Insert {
  client_id: string;
  provider_id: string;
  category_id: number | null;
  title: string;
  description: string;
  status: JobStatus;
  start: Date;
  hours: number;
  estimated_hours: number | null;
  location_type: LocationType;
  location_address: string | null;
  session_number?: number;
  total_sessions?: number;
  original_job_id?: string | null;
  created_by: string;
}

/** Inserts the job and its first transition in one statement; answers the job as `viewerId` sees it. */
export async function insertJob(trx: Knex.Transaction, job: Insert, action: string, now: Date): Promise<{ job: Job; record: TransitionRecord }> {
  const actor = job.created_by === job.client_id ? 'client' : 'provider';
  const { rows } = await holdingTime(() =>
    trx.raw<{ rows: JobView[] }>(
      `WITH created AS (
         INSERT INTO jobs (client_id, provider_id, category_id, title, description, status, scheduled_start, scheduled_end,
                           duration_hours, estimated_hours, location_type, location_address, session_number, total_sessions,
                           original_job_id, created_by, created_at, updated_at)
         VALUES (:client_id, :provider_id, :category_id, :title, :description, :status, :start, :end, :hours, :estimated_hours,
                 :location_type, :location_address, :session_number, :total_sessions, :original_job_id, :created_by, :now, :now)
         RETURNING *)
       , recorded AS (
         INSERT INTO job_transitions (job_id, from_status, to_status, action, actor, actor_id, at)
         SELECT id, NULL, status, :action, :actor, :created_by, :now FROM created)
       ${jobViewsOf('created')}`,
      {
        ...job,
        end: endOf(job.start, job.hours),
        session_number: job.session_number ?? 1,
        total_sessions: job.total_sessions ?? 1,
        original_job_id: job.original_job_id ?? null,
        action,
        actor,
        now,
      },
    ),
  );
  const view = rows[0]!;
  const id = view.id;
  const record: TransitionRecord = {
    jobId: id,
    clientId: job.client_id,
    providerId: job.provider_id,
    from: null,
    to: job.status,
    action,
    actor,
    actorId: job.created_by,
    at: now,
  };
  return { job: toJob(view, job.created_by, now), record };
}

/** The address belongs to client_location only (the custom address); other types carry none. */
export function addressFor(type: LocationType, address: string | null | undefined): string | null {
  return type === 'client_location' ? (address ?? null) : null;
}

/**
 * The title of a booking (or a series, service/series.ts) that came without one, in the client's language: the service and the
 * provider ("Plomería con Agua Clara"), as the booking form proposes it (locales jobs.default_title).
 */
export async function defaultTitle(trx: Knex.Transaction, localesDir: string, booking: NewBooking, clientId: string): Promise<string> {
  const { rows } = await trx.raw<{ rows: { language: 'es' | 'en'; service: string; name: string }[] }>(
    `SELECT client.language, CASE client.language WHEN 'en' THEN c.name_en ELSE c.name_es END AS service, p.company_name AS name
       FROM profiles client, categories c, providers p
      WHERE client.id = :clientId AND c.id = :categoryId AND p.id = :providerId`,
    { clientId, categoryId: booking.category_id, providerId: booking.provider_id },
  );
  const row = rows[0]!;
  const texts = (await textsWith(localesDir, row.language, 'jobs', 'default_title')) as { default_title: string };
  return interpolate(texts.default_title, { service: row.service, name: row.name }).slice(0, jobLimits.titleMaxLength);
}

/** POST /jobs: a client asks a provider for a time; the answer is 201 with the pending job. */
export async function bookJob(
  context: JobsContext & Pick<AppContext, 'config'>,
  caller: Caller,
  booking: NewBooking,
  idempotencyKey: string | undefined,
): Promise<KeyedAnswer<Job>> {
  const now = context.clock.now();
  let record: TransitionRecord | null = null;
  const answer = await onceForKey(
    context.knex,
    { userId: caller.userId, key: idempotencyKey, scope: 'POST /jobs', body: booking, now, status: 201 },
    async (trx) => {
      const start = new Date(booking.scheduled_start);
      await checkSchedule(trx, {
        providerId: booking.provider_id,
        start,
        hours: booking.duration_hours,
        now,
        categoryId: booking.category_id,
        bookerId: caller.userId,
      });
      const created = await insertJob(
        trx,
        {
          client_id: caller.userId,
          provider_id: booking.provider_id,
          category_id: booking.category_id,
          title: booking.title ?? (await defaultTitle(trx, context.config.localesDir, booking, caller.userId)),
          description: booking.description,
          status: 'pending',
          start,
          hours: booking.duration_hours,
          estimated_hours: null,
          location_type: booking.location_type,
          location_address: addressFor(booking.location_type, booking.location_address),
          created_by: caller.userId,
        },
        'book',
        now,
      );
      record = created.record;
      return created.job;
    },
  );
  if (record) await announce(context, record);
  return answer;
}

/**
 * POST /jobs/provider-create: a provider schedules a job for a client they already have a job
 * with (provider_client_links; decision record 0013). It starts upcoming; the client may cancel.
 */
export async function createJobForClient(context: JobsContext, caller: Caller, job: NewProviderJob): Promise<Job> {
  const now = context.clock.now();
  const provider = await context.knex('providers as pr').join('profiles as p', 'p.id', 'pr.id').where('pr.id', caller.userId).where('p.is_contractor', true).first('pr.id');
  if (!provider) throw forbidden();
  const linked = await context.knex('provider_client_links').where({ provider_id: caller.userId, client_id: job.client_id }).first('client_id');
  if (!linked) throw new AppError('not_found', 'Client not found');
  const created = await context.knex.transaction(async (trx) => {
    const start = new Date(job.scheduled_start);
    await checkSchedule(trx, { providerId: caller.userId, start, hours: job.duration_hours, now, categoryId: job.category_id });
    return insertJob(
      trx,
      {
        client_id: job.client_id,
        provider_id: caller.userId,
        category_id: job.category_id,
        title: job.title,
        description: job.description,
        status: 'upcoming',
        start,
        hours: job.duration_hours,
        estimated_hours: job.duration_hours,
        location_type: job.location_type,
        location_address: addressFor(job.location_type, job.location_address),
        created_by: caller.userId,
      },
      'create_for_client',
      now,
    );
  });
  await announce(context, created.record);
  return created.job;
}

/**
 * POST /jobs/continuation: the provider of a completed or upcoming job proposes the next
 * session. Sessions link to the first job of the series; all of them carry the new total.
 */
export async function proposeContinuation(context: JobsContext, caller: Caller, continuation: NewContinuation): Promise<Job> {
  const now = context.clock.now();
  const created = await context.knex.transaction(async (trx) => {
    const original = await lockJob(trx, continuation.original_job_id, caller);
    if (original.provider_id !== caller.userId) throw forbidden();
    requireRule('propose_continuation', 'provider', original.status);
    const rootId = original.original_job_id ?? original.id;
    const series = trx('jobs').where((q) => q.where('id', rootId).orWhere('original_job_id', rootId));
    const [{ last }] = (await series.clone().max<{ last: number }[]>('session_number as last')) as [{ last: number }];
    const sessionNumber = last + 1;
    const total = Math.max(sessionNumber, continuation.total_sessions ?? original.total_sessions);
    if (total > jobLimits.maxSessions) {
      throw new AppError('validation_failed', `At most ${jobLimits.maxSessions} sessions`, { details: { total_sessions: 'out_of_range' } });
    }
    const start = new Date(continuation.scheduled_start);
    await checkSchedule(trx, { providerId: original.provider_id, start, hours: continuation.duration_hours, now, categoryId: null });
    await series.clone().update({ total_sessions: total, updated_at: now });
    return insertJob(
      trx,
      {
        client_id: original.client_id,
        provider_id: original.provider_id,
        category_id: original.category_id,
        title: original.title,
        description: original.description,
        status: 'continuation_proposed',
        start,
        hours: continuation.duration_hours,
        estimated_hours: continuation.duration_hours,
        location_type: original.location_type,
        location_address: original.location_address,
        session_number: sessionNumber,
        total_sessions: total,
        original_job_id: rootId,
        created_by: caller.userId,
      },
      'propose_continuation',
      now,
    );
  });
  await announce(context, created.record);
  return created.job;
}
