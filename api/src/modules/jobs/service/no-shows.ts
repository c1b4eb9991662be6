/**
 * No-shows (issue 28, contract no-shows.ts). From 15 minutes after an upcoming job's start (the
 * job's own `scheduled_start`, never a time the caller sends), its provider marks the client absent
 * (the job → cancelled_by_client, action `client_no_show`, the provider's late cancellation fee
 * recorded on the job as `client_no_show`, service/cancellation.ts) or its client reports that
 * the provider did not come (the job → cancelled, action `provider_no_show`, no fee). The other
 * side answers once. Each step writes its transition row in the same transaction and is announced
 * to both parties after commit (job.changed; the notices email or text the other side). An admin
 * lists the open reports with both sides' words and resolves each, possibly waiving the fee.
 */
import type { Knex } from 'knex';
import { noShowOpensAt, type AdminNoShowPage, type AdminNoShowReport, type Job, type NewNoShowReport, type NoShowPreview, type NoShowResolution } from '@resuelve/contract';
import type { Caller } from '../../../context.ts';
import { AppError, forbidden } from '../../../lib/errors.ts';
import { isoInZone } from '../../availability/index.ts';
import { defaultTimeZone, jobForUser, jobNotFound, lockJob, partyNameSql, partyOf, type JobRow, type JobsContext } from '../repository.ts';
import type { NoShowListFilters } from '../schemas.ts';
import { cancellationAt } from './cancellation.ts';
import { noShowJsonSql, toJobNoShow, type NoShowJson } from './no-show-summary.ts';
import { requireRule, type JobParty } from './rules.ts';
import { announce, recordTransition, type TransitionRecord } from './transitions.ts';

const noShowNotFound = () => new AppError('no_show_not_found', 'No such no-show report');

/** The transition action a report records: who was absent. */
const reportAction = (reporter: JobParty) => (reporter === 'provider' ? 'client_no_show' : 'provider_no_show');

/** The party acting on their job; an admin who is not a party acts on none. */
function partyActing(job: JobRow, caller: Caller): JobParty {
  const party = partyOf(job, caller.userId);
  if (!party) throw forbidden();
  return party;
}

function sameStatus(job: JobRow, action: string, actor: TransitionRecord['actor'], actorId: string | null, at: Date): TransitionRecord {
  return { jobId: job.id, clientId: job.client_id, providerId: job.provider_id, from: job.status, to: job.status, action, actor, actorId, at };
}

/** The late fee the client's absence records now: the provider's policy after the start (0 when it has none). */
async function absenceFee(db: Knex, job: JobRow, now: Date): Promise<number> {
  return (await cancellationAt(db, job, now)).fee_cents;
}

/** GET /jobs/{id}/no-show/preview: when a report opens, and the fee the provider's report would record now. */
export async function noShowPreview(context: JobsContext, jobId: string, caller: Caller): Promise<NoShowPreview> {
  const job = (await context.knex('jobs').where({ id: jobId }).first()) as JobRow | undefined;
  if (!job || (!partyOf(job, caller.userId) && !caller.isAdmin)) throw jobNotFound();
  const party = partyActing(job, caller);
  const fee = party === 'provider' ? await absenceFee(context.knex, job, context.clock.now()) : 0;
  return { opens_at: noShowOpensAt(job.scheduled_start).toISOString(), fee_cents: fee };
}

/** POST /jobs/{id}/no-show: a party reports that the other did not show up. */
export async function reportNoShow(context: JobsContext, jobId: string, caller: Caller, report: NewNoShowReport): Promise<Job> {
  const now = context.clock.now();
  const record = await context.knex.transaction(async (trx) => {
    const job = await lockJob(trx, jobId, caller);
    const party = partyActing(job, caller);
    if (await trx('no_show_reports').where({ job_id: job.id }).first('id')) {
      throw new AppError('no_show_already_reported', 'This job already has a no-show report');
    }
    const rule = requireRule('report_no_show', party, job.status);
    if (now < noShowOpensAt(job.scheduled_start)) throw new AppError('no_show_too_early', 'A no-show is reported from 15 minutes after the start');
    // The provider marking the client absent records the policy's late fee; the client's report never one.
    const fee = party === 'provider' ? await absenceFee(trx, job, now) : 0;
    await trx('jobs')
      .where({ id: job.id })
      .update({ status: rule.to!, updated_at: now, ...(fee > 0 ? { fee_cents: fee, fee_kind: 'client_no_show' } : {}) });
    await trx('no_show_reports').insert({
      job_id: job.id,
      reported_by: party,
      reporter_id: caller.userId,
      note: report.note,
      fee_cents: fee > 0 ? fee : null,
      created_at: now,
    });
    const record: TransitionRecord = { ...sameStatus(job, reportAction(party), party, caller.userId, now), to: rule.to! };
    await recordTransition(trx, record);
    return record;
  });
  await announce(context, record);
  return jobForUser(context.knex, jobId, caller, now);
}

/** POST /jobs/{id}/no-show/answer: the side that did not report answers it, once. */
export async function answerNoShow(context: JobsContext, jobId: string, caller: Caller, text: string): Promise<Job> {
  const now = context.clock.now();
  const record = await context.knex.transaction(async (trx) => {
    const job = await lockJob(trx, jobId, caller);
    const party = partyActing(job, caller);
    const report = (await trx('no_show_reports').where({ job_id: job.id }).forUpdate().first('id', 'reported_by', 'answer')) as
      | Pick<NoShowJson, 'id' | 'reported_by' | 'answer'>
      | undefined;
    if (!report) throw noShowNotFound();
    if (report.reported_by === party) throw forbidden();
    if (report.answer !== null) throw new AppError('no_show_already_answered', 'This report was already answered');
    await trx('no_show_reports').where({ id: report.id }).update({ answer: text, answered_at: now });
    const record = sameStatus(job, 'answer_no_show', party, caller.userId, now);
    await recordTransition(trx, record);
    return record;
  });
  await announce(context, record);
  return jobForUser(context.knex, jobId, caller, now);
}

/** A report with its job and both parties, as the admin reads it. */
function adminReports(db: Knex) {
  return db
    .from('no_show_reports as r')
    .join('jobs as j', 'j.id', 'r.job_id')
    .join('profiles as cp', 'cp.id', 'j.client_id')
    .join('profiles as pp', 'pp.id', 'j.provider_id')
    .leftJoin('providers as pr', 'pr.id', 'j.provider_id');
}

interface AdminRow {
  no_show: NoShowJson;
  job_id: string;
  title: string;
  scheduled_start: Date;
  job_status: string;
  timezone: string;
  client_id: string;
  client_name: string;
  provider_id: string;
  provider_name: string;
}

const adminColumns = [
  noShowJsonSql,
  'j.id AS job_id',
  'j.title',
  'j.scheduled_start',
  'j.status AS job_status',
  `coalesce(pr.timezone, '${defaultTimeZone}') AS timezone`,
  'j.client_id',
  `coalesce(${partyNameSql.client}, '') AS client_name`,
  'j.provider_id',
  `coalesce(${partyNameSql.provider}, '') AS provider_name`,
].join(', ');

function toAdminReport(row: AdminRow): AdminNoShowReport {
  return {
    ...toJobNoShow(row.no_show, row.timezone)!,
    job: { id: row.job_id, title: row.title, scheduled_start: isoInZone(row.scheduled_start, row.timezone), status: row.job_status, timezone: row.timezone },
    client: { id: row.client_id, name: row.client_name },
    provider: { id: row.provider_id, name: row.provider_name },
  };
}

/** GET /admin/no-shows: reports (open ones by default order: oldest first, so the longest waiting comes first). */
export async function listNoShows(db: Knex, filters: NoShowListFilters): Promise<AdminNoShowPage> {
  const base = adminReports(db);
  if (filters.status) base.where('r.status', filters.status);
  const [rows, count] = await Promise.all([
    base
      .clone()
      .select<AdminRow[]>(db.raw(adminColumns))
      .orderBy([{ column: 'r.created_at', order: 'asc' }, { column: 'r.id', order: 'asc' }])
      .limit(filters.limit)
      .offset(filters.offset),
    base.clone().count<{ count: string }[]>({ count: '*' }),
  ]);
  return { items: rows.map(toAdminReport), total: Number(count[0]?.count ?? 0) };
}

/**
 * POST /admin/no-shows/{id}/resolve: the admin closes a report with a note; waiving clears the fee
 * recorded on the job (the report keeps the figure, marked waived). Both parties are told.
 */
export async function resolveNoShow(context: JobsContext, admin: Caller, id: string, resolution: NoShowResolution): Promise<AdminNoShowReport> {
  const now = context.clock.now();
  const record = await context.knex.transaction(async (trx) => {
    const report = (await trx('no_show_reports').where({ id }).forUpdate().first('job_id', 'status', 'fee_cents')) as
      | { job_id: string; status: string; fee_cents: number | null }
      | undefined;
    if (!report) throw noShowNotFound();
    if (report.status === 'resolved') throw new AppError('no_show_already_resolved', 'This report was already resolved');
    const job = await lockJob(trx, report.job_id, admin);
    const waived = Boolean(resolution.waive_fee) && report.fee_cents !== null;
    await trx('no_show_reports')
      .where({ id })
      .update({ status: 'resolved', resolved_by: admin.userId, resolution: resolution.note, resolved_at: now, fee_waived: waived });
    if (waived) await trx('jobs').where({ id: job.id, fee_kind: 'client_no_show' }).update({ fee_cents: null, fee_kind: null, updated_at: now });
    const record = sameStatus(job, 'resolve_no_show', 'system', null, now);
    await recordTransition(trx, record);
    return record;
  });
  await announce(context, record);
  const row = await adminReports(context.knex).where('r.id', id).first<AdminRow>(context.knex.raw(adminColumns));
  return toAdminReport(row);
}
