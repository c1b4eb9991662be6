/**
 * The life of a job after it exists (DESIGN.md §5): the PATCH actions, start and end, hiding,
 * the review prompt, and expiry of what nobody answered in time. Each change locks the job, checks
 * the one transition table (rules.ts), writes the job and its transition row in one transaction,
 * and announces it to both parties after commit.
 */
import type { Knex } from 'knex';
import { finalJobStatuses, type Job, type JobActor, type JobPatch, type JobStatus, type JobTransition } from '@resuelve/contract';
import { AppError, forbidden } from '../../../lib/errors.ts';
import { onceForKey, type KeyedAnswer } from '../../../lib/idempotency.ts';
import type { AppContext, Caller } from '../../../context.ts';
import { depositDue, jobForUser, jobViews, localDay, lockJob, partyOf, toJob, type JobRow, type JobsContext } from '../repository.ts';
import { requireNoDepositDue, requireRule, type JobParty } from './rules.ts';
import { cancelFeeColumns, requireRescheduleNotice } from './cancellation.ts';
import { checkSchedule, endOf, holdingTime, lockProviderTime } from './schedule-check.ts';
import { announce, recordTransition, type TransitionRecord } from './transitions.ts';
import { announceQuote, recordAcceptedEstimate } from './quotes.ts';
import { earnForCompletedJob } from '../../loyalty/index.ts';
import { draftBillOnEnd } from './bills.ts';

export { jobForUser } from '../repository.ts';

const hoursBetween = (start: Date, end: Date) => (end.getTime() - start.getTime()) / 3_600_000;

/** The party acting; an admin who is not a party reads jobs but acts on none. */
function actingParty(job: JobRow, caller: Caller): JobParty {
  const party = partyOf(job, caller.userId);
  if (!party) throw forbidden();
  return party;
}

/** Column changes of a PATCH action, after its own checks (the transition is already allowed). */
export async function changesFor(trx: Knex.Transaction, job: JobRow, party: JobParty, patch: JobPatch, now: Date): Promise<Record<string, unknown>> {
  switch (patch.action) {
    case 'accept': {
      // The held range becomes the provider's estimate.
      const hours = patch.estimated_hours;
      await lockProviderTime(trx, job.provider_id);
      // It becomes a one-line accepted quote at the provider's rate (service/quotes.ts); job.changed tells the screens.
      await recordAcceptedEstimate(trx, job, hours, now);
      return { estimated_hours: hours, scheduled_end: endOf(job.scheduled_start, hours) };
    }
    case 'decline':
      // A deposit still due stops holding the provider's time (service/deposits.ts).
      return { decline_reason: patch.reason ?? null, proposed_start: null, proposed_end: null, deposit_hold_until: null };
    case 'cancel': {
      // A client inside the policy's window owes its fee (service/cancellation.ts).
      const fee = await cancelFeeColumns(trx, job, party, patch.expected_fee_cents, now);
      return { decline_reason: patch.reason ?? null, proposed_start: null, proposed_end: null, deposit_hold_until: null, ...fee };
    }
    case 'propose_schedule': {
      const start = new Date(patch.scheduled_start);
      await checkSchedule(trx, { providerId: job.provider_id, start, hours: patch.duration_hours, now, categoryId: null });
      return { proposed_start: start, proposed_end: endOf(start, patch.duration_hours) };
    }
    case 'accept_schedule': {
      const start = job.proposed_start!;
      const end = job.proposed_end!;
      return { scheduled_start: start, scheduled_end: end, duration_hours: hoursBetween(start, end), estimated_hours: hoursBetween(start, end), proposed_start: null, proposed_end: null };
    }
    case 'request_modification':
      await requireRescheduleNotice(trx, job, party, now);
      return { modification_request: patch.explanation, proposed_start: null, proposed_end: null };
    case 'keep_schedule':
    case 'accept_continuation':
    case 'decline_continuation':
      return {};
  }
}

/** Writes a status change with its transition row; overlaps of held time become 409 slot_already_booked. The system acts with no actor id. */
export async function writeTransition(
  trx: Knex.Transaction,
  job: JobRow,
  change: { to: JobStatus; action: string; party: JobActor; actorId: string | null; columns: Record<string, unknown>; now: Date },
): Promise<TransitionRecord> {
  await holdingTime(() =>
    trx('jobs')
      .where({ id: job.id })
      .update({ ...change.columns, status: change.to, updated_at: change.now }),
  );
  const record: TransitionRecord = {
    jobId: job.id,
    clientId: job.client_id,
    providerId: job.provider_id,
    from: job.status,
    to: change.to,
    action: change.action,
    actor: change.party,
    actorId: change.actorId,
    at: change.now,
  };
  await recordTransition(trx, record);
  // The client's points commit with the completion (decision record 0025).
  if (change.to === 'completed') await earnForCompletedJob(trx, job, change.now);
  return record;
}

/** Runs one change of a job and answers the job as the caller now sees it. */
async function changeJob(
  context: JobsContext,
  jobId: string,
  caller: Caller,
  change: (trx: Knex.Transaction, job: JobRow, party: JobParty, now: Date) => Promise<TransitionRecord>,
  keyed: { scope: string; key?: string | undefined } = { scope: 'change' },
): Promise<KeyedAnswer<Job>> {
  const now = context.clock.now();
  // With an Idempotency-Key a retried change (a console sending its offline queue after a timeout)
  // runs once: the repeat answers the job as it is now, marked replayed, and tells no one again.
  const answer = await onceForKey(
    context.knex,
    { userId: caller.userId, key: keyed.key, scope: `${keyed.scope} ${jobId}`, body: {}, now, status: 200 },
    async (trx) => {
      const job = await lockJob(trx, jobId, caller);
      return change(trx, job, actingParty(job, caller), now);
    },
  );
  if (!answer.replayed) await announce(context, answer.body);
  return { status: 200, body: await jobForUser(context.knex, jobId, caller, now), replayed: answer.replayed };
}

/** PATCH /jobs/{id}: one of the nine actions, with the fields it needs (schemas.ts). */
export async function actOnJob(context: JobsContext, jobId: string, caller: Caller, patch: JobPatch): Promise<Job> {
  const answer = await changeJob(context, jobId, caller, async (trx, job, party, now) => {
    const rule = requireRule(patch.action, party, job.status);
    requireNoDepositDue(patch.action, depositDue(job));
    const columns = await changesFor(trx, job, party, patch, now);
    return writeTransition(trx, job, { to: rule.to!, action: patch.action, party, actorId: caller.userId, columns, now });
  });
  const quote = answer.body.quote;
  // The accept's one-line quote (recordAcceptedEstimate) is announced as any quote change is.
  if (patch.action === 'accept' && quote?.status === 'accepted' && !answer.replayed) {
    await announceQuote(context, { id: quote.id, job_id: jobId, conversation_id: null, provider_id: answer.body.provider_id, client_id: answer.body.client_id }, 'accepted', quote.version, context.clock.now());
  }
  return answer.body;
}

/** POST /jobs/{id}/start: the provider starts an upcoming job on its day (provider's zone); time tracking begins. */
export function startJob(context: JobsContext, jobId: string, caller: Caller, idempotencyKey?: string): Promise<KeyedAnswer<Job>> {
  return changeJob(context, jobId, caller, async (trx, job, party, now) => {
    const rule = requireRule('start', party, job.status);
    const timezone = ((await trx('providers').where({ id: job.provider_id }).first('timezone')) as { timezone: string } | undefined)?.timezone ?? 'America/Puerto_Rico';
    if (localDay(job.scheduled_start, timezone) !== localDay(now, timezone)) {
      throw new AppError('not_on_scheduled_day', 'A job starts on its scheduled day');
    }
    return writeTransition(trx, job, { to: rule.to!, action: 'start', party, actorId: caller.userId, columns: { started_at: now }, now });
  }, { scope: 'POST /jobs/start', key: idempotencyKey });
}

/** Worked hours from start to now, rounded up to quarter hours, at least a quarter hour. */
export function workedHours(startedAt: Date, endedAt: Date): number {
  const quarters = Math.ceil((endedAt.getTime() - startedAt.getTime()) / (15 * 60_000));
  return Math.max(1, quarters) / 4;
}

/** POST /jobs/{id}/end: the provider ends a job in progress; the actual hours are recorded, and its draft bill made (service/bills.ts). */
export function endJob(context: JobsContext & Pick<AppContext, 'config'>, jobId: string, caller: Caller, idempotencyKey?: string): Promise<KeyedAnswer<Job>> {
  return changeJob(context, jobId, caller, async (trx, job, party, now) => {
    const rule = requireRule('end', party, job.status);
    const startedAt = job.started_at ?? job.scheduled_start;
    const columns = { ended_at: now, actual_hours: workedHours(startedAt, now) };
    const record = await writeTransition(trx, job, { to: rule.to!, action: 'end', party, actorId: caller.userId, columns, now });
    await draftBillOnEnd(trx, context.config.localesDir, job, columns.actual_hours, now);
    return record;
  }, { scope: 'POST /jobs/end', key: idempotencyKey });
}

/** PATCH /jobs/{id}/review-prompt-shown: the client saw the review prompt; it is not shown again. */
export async function markReviewPromptShown(context: JobsContext, jobId: string, caller: Caller): Promise<Job> {
  const now = context.clock.now();
  await context.knex.transaction(async (trx) => {
    const job = await lockJob(trx, jobId, caller);
    if (partyOf(job, caller.userId) !== 'client') throw forbidden();
    await trx('jobs').where({ id: jobId }).update({ review_prompt_shown: true });
  });
  return jobForUser(context.knex, jobId, caller, now);
}

/**
 * DELETE /jobs/{id} (decision record 0013): a party hides a finished job from their own lists
 * (the other party still sees it; it stays readable by id); an admin who is not a party deletes it.
 */
export async function deleteJob(context: JobsContext, jobId: string, caller: Caller): Promise<void> {
  const now = context.clock.now();
  await context.knex.transaction(async (trx) => {
    const job = await lockJob(trx, jobId, caller);
    const party = partyOf(job, caller.userId);
    if (!party) {
      await trx('jobs').where({ id: jobId }).delete();
      return;
    }
    if (!(finalJobStatuses as readonly string[]).includes(job.status)) {
      throw new AppError('invalid_transition', 'Only a finished job can be removed from the list');
    }
    await trx('jobs').where({ id: jobId }).update({ [`${party}_hidden_at`]: now });
  });
}

/** GET /jobs/{id}/sessions: the first job of the series and its continuations, in session order. */
export async function jobSessions(context: JobsContext, jobId: string, caller: Caller): Promise<{ items: Job[] }> {
  const now = context.clock.now();
  const job = await jobForUser(context.knex, jobId, caller, now);
  const rootId = job.original_job_id ?? job.id;
  const rows = await jobViews(context.knex)
    .where((q) => q.where('j.id', rootId).orWhere('j.original_job_id', rootId))
    .orderBy('j.session_number')
    .orderBy('j.created_at');
  return { items: rows.map((row) => toJob(row, caller.userId, now)) };
}

/** GET /jobs/{id}/history: every transition, oldest first. */
export async function jobHistory(context: JobsContext, jobId: string, caller: Caller): Promise<{ items: JobTransition[] }> {
  await jobForUser(context.knex, jobId, caller, context.clock.now());
  const rows = await context.knex('job_transitions').where({ job_id: jobId }).orderBy('at').orderBy('id');
  return {
    items: rows.map((row: JobTransition & { at: Date }) => ({
      from_status: row.from_status,
      to_status: row.to_status,
      action: row.action,
      actor: row.actor,
      actor_id: row.actor_id,
      at: row.at.toISOString(),
    })),
  };
}

/**
 * Requests, proposals and continuation offers whose time passed unanswered become expired
 * (actor system), recorded and announced. The live module runs it from a pg-boss job; returns
 * how many expired. Locked rows are skipped: a job being answered right now is left to that answer.
 */
export async function expireOverdueJobs(context: JobsContext): Promise<number> {
  const now = context.clock.now();
  const { rows } = await context.knex.raw<{ rows: { id: string; from_status: JobStatus; client_id: string; provider_id: string }[] }>(
    `WITH due AS (
       SELECT id, status FROM jobs
       WHERE status IN ('pending', 'schedule_change_pending', 'continuation_proposed')
         AND coalesce(proposed_start, scheduled_start) <= :now
       ORDER BY coalesce(proposed_start, scheduled_start)
       LIMIT 1000
       FOR UPDATE SKIP LOCKED)
     , expired AS (
       UPDATE jobs j SET status = 'expired', proposed_start = NULL, proposed_end = NULL, updated_at = :now
       FROM due WHERE j.id = due.id
       RETURNING j.id, due.status AS from_status, j.client_id, j.provider_id)
     , recorded AS (
       INSERT INTO job_transitions (job_id, from_status, to_status, action, actor, actor_id, at)
       SELECT id, from_status, 'expired', 'expire', 'system', NULL, :now FROM expired)
     SELECT * FROM expired`,
    { now },
  );
  for (const row of rows) {
    await announce(context, {
      jobId: row.id,
      clientId: row.client_id,
      providerId: row.provider_id,
      from: row.from_status,
      to: 'expired',
      action: 'expire',
      actor: 'system',
      actorId: null,
      at: now,
    });
  }
  return rows.length;
}
