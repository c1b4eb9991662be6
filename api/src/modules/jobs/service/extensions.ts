/**
 * Time extensions (DESIGN.md §5): while a job is in progress its provider asks for more hours;
 * the client approves (the held range grows if the time after it is free, else 409
 * slot_already_booked) or declines. One open request per job at a time.
 */
import type { Knex } from 'knex';
import type { JobTimeExtension, TimeExtensionStatus } from '@resuelve/contract';
import { AppError, forbidden } from '../../../lib/errors.ts';
import type { Caller } from '../../../context.ts';
import { jobNotFound, lockJob, partyOf, type JobRow, type JobsContext } from '../repository.ts';
import type { ExtensionFilters, NewTimeExtension } from '../schemas.ts';
import { requireRule } from './rules.ts';
import { holdingTime, lockProviderTime } from './schedule-check.ts';
import { announce, recordTransition, type TransitionRecord } from './transitions.ts';

interface ExtensionRow {
  id: string;
  job_id: string;
  requested_by: string | null;
  additional_hours: number;
  reason: string | null;
  status: TimeExtensionStatus;
  created_at: Date;
  decided_at: Date | null;
}

function toExtension(row: ExtensionRow): JobTimeExtension {
  return {
    id: row.id,
    job_id: row.job_id,
    requested_by: row.requested_by ?? '',
    additional_hours: Number(row.additional_hours),
    reason: row.reason,
    status: row.status,
    created_at: row.created_at.toISOString(),
    decided_at: row.decided_at ? row.decided_at.toISOString() : null,
  };
}

const extensionColumns = ['e.id', 'e.job_id', 'e.requested_by', 'e.additional_hours', 'e.reason', 'e.status', 'e.created_at', 'e.decided_at'];

function sameStatus(job: JobRow, action: string, actorId: string, at: Date): TransitionRecord {
  return { jobId: job.id, clientId: job.client_id, providerId: job.provider_id, from: job.status, to: job.status, action, actor: action === 'request_extension' ? 'provider' : 'client', actorId, at };
}

/** POST /job-time-extensions: the provider of a job in progress asks for more hours. */
export async function requestExtension(
  context: JobsContext,
  caller: Caller,
  request: NewTimeExtension,
): Promise<JobTimeExtension> {
  const now = context.clock.now();
  const { extension, record } = await context.knex.transaction(async (trx) => {
    const job = await lockJob(trx, request.job_id, caller);
    const party = partyOf(job, caller.userId);
    if (!party) throw forbidden();
    requireRule('request_extension', party, job.status);
    const open = await trx('job_time_extensions').where({ job_id: job.id, status: 'pending' }).first('id');
    if (open) throw new AppError('extension_pending', 'An extension request is waiting for an answer');
    const [row] = (await trx('job_time_extensions')
      .insert({ job_id: job.id, requested_by: caller.userId, additional_hours: request.additional_hours, reason: request.reason || null, created_at: now })
      .returning('*')) as ExtensionRow[];
    const record = sameStatus(job, 'request_extension', caller.userId, now);
    await recordTransition(trx, record);
    return { extension: toExtension(row!), record };
  });
  await announce(context, record);
  return extension;
}

/** PUT /job-time-extensions/{id}: the client approves or declines an open request. */
export async function answerExtension(context: JobsContext, caller: Caller, id: string, status: 'approved' | 'declined'): Promise<JobTimeExtension> {
  const now = context.clock.now();
  const { extension, record } = await context.knex.transaction(async (trx) => {
    const found = (await trx('job_time_extensions').where({ id }).first('job_id')) as { job_id: string } | undefined;
    if (!found) throw new AppError('extension_not_found', 'Extension not found');
    const job = await lockJob(trx, found.job_id, caller).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'job_not_found' ? new AppError('extension_not_found', 'Extension not found') : error;
    });
    if (partyOf(job, caller.userId) !== 'client') throw forbidden();
    const row = (await trx('job_time_extensions').where({ id }).forUpdate().first()) as ExtensionRow;
    if (row.status !== 'pending') throw new AppError('extension_already_decided', 'This request was already answered');
    if (job.status !== 'in_progress') throw new AppError('invalid_transition', 'The job is no longer in progress');
    if (status === 'approved') {
      await lockProviderTime(trx, job.provider_id);
      await holdingTime(() =>
        trx('jobs')
          .where({ id: job.id })
          .update({
            scheduled_end: trx.raw(`scheduled_end + make_interval(mins => ?)`, [Math.round(Number(row.additional_hours) * 60)]),
            estimated_hours: trx.raw('coalesce(estimated_hours, duration_hours) + ?', [row.additional_hours]),
            updated_at: now,
          }),
      );
    }
    const [updated] = (await trx('job_time_extensions').where({ id }).update({ status, decided_at: now }).returning('*')) as ExtensionRow[];
    const record = sameStatus(job, status === 'approved' ? 'approve_extension' : 'decline_extension', caller.userId, now);
    await recordTransition(trx, record);
    return { extension: toExtension(updated!), record };
  });
  await announce(context, record);
  return extension;
}

/** GET /job-time-extensions/job/{id}: a job's requests, oldest first, for its parties. */
export async function extensionsOfJob(db: Knex, caller: Caller, jobId: string): Promise<{ items: JobTimeExtension[] }> {
  const job = (await db('jobs').where({ id: jobId }).first('client_id', 'provider_id')) as JobRow | undefined;
  if (!job || (!partyOf(job, caller.userId) && !caller.isAdmin)) throw jobNotFound();
  const rows = (await db('job_time_extensions as e').where('e.job_id', jobId).orderBy('e.created_at').orderBy('e.id').select(extensionColumns)) as ExtensionRow[];
  return { items: rows.map(toExtension) };
}

/** GET /job-time-extensions: requests on the caller's jobs (either side), newest first. */
export async function myExtensions(
  db: Knex,
  caller: Caller,
  filters: ExtensionFilters,
): Promise<{ items: JobTimeExtension[] }> {
  const query = db('job_time_extensions as e')
    .join('jobs as j', 'j.id', 'e.job_id')
    .where((q) => q.where('j.client_id', caller.userId).orWhere('j.provider_id', caller.userId))
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(filters.limit)
    .select(extensionColumns);
  if (filters.status) query.where('e.status', filters.status);
  return { items: ((await query) as ExtensionRow[]).map(toExtension) };
}
