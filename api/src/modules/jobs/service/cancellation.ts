/**
 * A client's cancellation under their provider's policy (issue 28, contract cancellation.ts): what
 * cancelling now costs (the preview the cancel dialog shows), the fee a client's cancel records,
 * and the minimum notice of a client's request for another time. The provider cancelling or
 * rescheduling owes nothing and needs no notice; the fee is a record on the job, never charged.
 *
 * A fee applies to a job its provider agreed to: upcoming, or upcoming with the client's request
 * for another time open (modification_requested). A request still pending, or a new time the
 * provider proposed, is free to withdraw: no time was agreed yet.
 *
 * The fee's base (and cap) is the job's total as agreed: its accepted quote's total (migration
 * 0037), else its price estimate at the rate it kept (money.ts); null when neither exists.
 */
import type { Knex } from 'knex';
import {
  cancellationFee,
  freeUntil,
  rescheduleInTime,
  type CancellationPolicy,
  type CancellationPreview,
  type JobStatus,
} from '@resuelve/contract';
import { AppError, forbidden } from '../../../lib/errors.ts';
import type { Caller } from '../../../context.ts';
import { policyOf, type PolicyColumns } from '../../providers/index.ts';
import { jobNotFound, partyOf, priceOf, type JobRow, type JobsContext } from '../repository.ts';
import type { JobParty } from './rules.ts';

const agreedStatuses: readonly JobStatus[] = ['upcoming', 'modification_requested'];

export async function providerPolicy(db: Knex, providerId: string): Promise<CancellationPolicy> {
  const row = (await db('providers')
    .where({ id: providerId })
    .first('cancel_free_hours', 'cancel_fee_kind', 'cancel_fee_value', 'reschedule_notice_hours')) as PolicyColumns | undefined;
  return row ? policyOf(row) : policyOf({ cancel_free_hours: null, cancel_fee_kind: null, cancel_fee_value: null, reschedule_notice_hours: 0 });
}

/** The job's agreed total in cents: its accepted quote's total, else its estimate at the kept rate, else null. */
export async function agreedTotalCents(db: Knex, job: JobRow): Promise<number | null> {
  const quoted = (await db('quotes as q')
    .join('quote_versions as v', (on) => on.on('v.quote_id', 'q.id').andOn('v.number', 'q.accepted_version'))
    .where({ 'q.job_id': job.id, 'q.status': 'accepted' })
    .first('v.total_cents')) as { total_cents: number } | undefined;
  if (quoted) return quoted.total_cents;
  return priceOf(job)?.estimate_cents ?? null;
}

/** What the client's cancelling at `now` costs: the fee (0 outside the window or before agreement), the window's end, the base. */
export async function cancellationAt(db: Knex, job: JobRow, now: Date): Promise<CancellationPreview> {
  const policy = await providerPolicy(db, job.provider_id);
  const until = freeUntil(policy, job.scheduled_start);
  const base = await agreedTotalCents(db, job);
  const fee = agreedStatuses.includes(job.status) ? cancellationFee(policy, base, job.scheduled_start, now) : 0;
  return { fee_cents: fee, free_until: until ? until.toISOString() : null, base_cents: base, policy };
}

/** GET /jobs/{id}/cancellation: the job's client only (the provider's cancel is always free); a stranger gets 404. */
export async function cancellationPreview(context: JobsContext, jobId: string, caller: Caller): Promise<CancellationPreview> {
  const job = (await context.knex('jobs').where({ id: jobId }).first()) as JobRow | undefined;
  if (!job || (!partyOf(job, caller.userId) && !caller.isAdmin)) throw jobNotFound();
  if (partyOf(job, caller.userId) !== 'client') throw forbidden();
  return cancellationAt(context.knex, job, context.clock.now());
}

/**
 * The fee columns of a cancel (inside the job's locked transaction). The client's cancel records
 * the fee when there is one; when they say which fee they saw (`expected_fee_cents`) and it is not
 * the fee now (the window closed while the dialog was open, the provider changed the policy), the
 * cancel is refused so no client is recorded owing a fee they did not see. The provider's: nothing.
 */
export async function cancelFeeColumns(
  trx: Knex.Transaction,
  job: JobRow,
  party: JobParty,
  expectedFeeCents: number | undefined,
  now: Date,
): Promise<Record<string, unknown>> {
  if (party !== 'client') return {};
  const { fee_cents: fee } = await cancellationAt(trx, job, now);
  if (expectedFeeCents !== undefined && expectedFeeCents !== fee) {
    throw new AppError('cancellation_fee_changed', 'The cancellation fee is not the one shown', { details: { fee_cents: String(fee) } });
  }
  return fee > 0 ? { fee_cents: fee, fee_kind: 'late_cancellation' } : {};
}

/** A client's request for another time within the provider's notice is refused; the provider needs none. */
export async function requireRescheduleNotice(trx: Knex.Transaction, job: JobRow, party: JobParty, now: Date): Promise<void> {
  if (party !== 'client') return;
  const policy = await providerPolicy(trx, job.provider_id);
  if (!rescheduleInTime(policy, job.scheduled_start, now)) {
    throw new AppError('reschedule_too_late', `Another time must be asked for ${policy.reschedule_notice_hours} hours before the start`);
  }
}
