/**
 * The jobs' email and SMS (DESIGN.md §5): each change of a job reaches the side that did not act
 * (both sides when the system acted, as when a request expires), in their language and by their
 * contact preference (lib/notices.ts). A notice is claimed in `job_notifications` before it is
 * sent, so with several api processes hearing the same event only one sends it.
 */
import type { Knex } from 'knex';
import type { JobActor, JobFeeKind, JobStatus, LiveEventOf } from '@resuelve/contract';
import { channelOf, people, sendNotice, type Notices, type NotifierContext, type Party, type Person } from '../../../lib/notices.ts';
import { personNameSql } from '../../profiles/index.ts';
import { composeJobEmail, composeJobSms, type NoticeFacts, type NoticeSubject, type ReminderKind } from './texts.ts';

interface JobFacts {
  id: string;
  title: string;
  status: JobStatus;
  scheduled_start: Date;
  proposed_start: Date | null;
  client_id: string;
  provider_id: string;
  timezone: string;
  provider_name: string;
  client_name: string;
  /** A fee the client owes (migration 0038), named in the cancel notice. */
  fee_cents: number | null;
  fee_kind: JobFeeKind | null;
  /** The arrival of the provider's latest "on my way" (migration 0043). */
  arrival_estimate_at: Date | null;
}

export async function jobFacts(knex: Knex, jobId: string): Promise<JobFacts | undefined> {
  return knex('jobs as j')
    .join('providers as pr', 'pr.id', 'j.provider_id')
    .join('profiles as cp', 'cp.id', 'j.client_id')
    .where('j.id', jobId)
    .first(
      'j.id',
      'j.title',
      'j.status',
      'j.scheduled_start',
      'j.proposed_start',
      'j.client_id',
      'j.provider_id',
      'j.fee_cents',
      'j.fee_kind',
      'j.arrival_estimate_at',
      'pr.timezone',
      'pr.company_name as provider_name',
      knex.raw(`coalesce(${personNameSql('cp')}, '') as client_name`),
    );
}

function factsFor(context: NotifierContext, job: JobFacts, person: Person, party: Party): NoticeFacts {
  const proposal = job.status === 'schedule_change_pending' && job.proposed_start;
  return {
    locale: person.language,
    name: party === 'client' ? job.provider_name : job.client_name,
    title: job.title,
    start: new Date(proposal ? job.proposed_start! : job.scheduled_start),
    timezone: job.timezone,
    status: job.status,
    link: `${context.config.publicUrl}/${party}/jobs/${job.id}`,
    fee: job.fee_kind && job.fee_cents ? { kind: job.fee_kind, cents: job.fee_cents } : null,
    arrival: job.arrival_estimate_at,
    toClient: party === 'client',
  };
}

function deliver(context: NotifierContext, job: JobFacts, person: Person, party: Party, subject: NoticeSubject): Promise<'email' | 'sms'> {
  const facts = factsFor(context, job, person, party);
  return sendNotice(context, person, party, {
    email: () => composeJobEmail(context.config.localesDir, facts, subject),
    sms: () => composeJobSms(context.config.localesDir, facts, subject),
  });
}

/** Who hears of a change by email or SMS: the other side of whoever acted; both for the system. */
export function partiesToNotify(actor: JobActor): Party[] {
  if (actor === 'client') return ['provider'];
  if (actor === 'provider') return ['client'];
  return ['client', 'provider'];
}

/** Sends the notices of one job change to those of its recipients who should hear; answers how many this process sent. */
export async function notifyJobChange(context: NotifierContext, event: LiveEventOf<'job.changed'>, recipients: string[]): Promise<number> {
  const job = await jobFacts(context.knex, event.job_id);
  if (!job) return 0;
  // A client's late cancellation also reaches the client: their record of the fee they owe.
  const ownCancelFee = event.action === 'cancel' && event.actor === 'client' && job.fee_kind === 'late_cancellation';
  const targets = [...partiesToNotify(event.actor), ...(ownCancelFee ? (['client'] as const) : [])]
    .map((party) => ({ party, id: party === 'client' ? job.client_id : job.provider_id }))
    .filter(({ id }) => recipients.includes(id));
  if (!targets.length) return 0;
  const found = await people(context.knex, targets.map(({ id }) => id));
  const eventKey = `${event.action}:${event.status}:${event.at}`;
  let sent = 0;
  for (const { party, id } of targets) {
    const person = found.get(id);
    if (!person) continue;
    const claimed = await context.knex('job_notifications')
      .insert({ job_id: job.id, recipient_id: id, event_key: eventKey, channel: channelOf(person, party).channel })
      .onConflict(['job_id', 'recipient_id', 'event_key'])
      .ignore()
      .returning('id');
    if (!claimed.length) continue; // another process has it
    const own = party === event.actor;
    await deliver(context, job, person, party, { kind: 'event', action: own ? `${event.action}_own` : event.action });
    sent += 1;
  }
  return sent;
}

/** A reminder to both parties (the caller has claimed it in `job_reminders`). */
export async function sendJobReminder(context: NotifierContext, jobId: string, reminder: ReminderKind): Promise<number> {
  const job = await jobFacts(context.knex, jobId);
  if (!job) return 0;
  const found = await people(context.knex, [job.client_id, job.provider_id]);
  let sent = 0;
  for (const party of ['client', 'provider'] as const) {
    const person = found.get(party === 'client' ? job.client_id : job.provider_id);
    if (!person) continue;
    await deliver(context, job, person, party, { kind: 'reminder', reminder });
    sent += 1;
  }
  return sent;
}

/**
 * The live events the jobs write about. Not `job.reminder`: the reminders task sends the
 * reminder itself, claimed in `job_reminders` and given back when sending fails so that the
 * next run retries; its event only tells the screens.
 */
export const jobNotices: Notices = {
  'job.changed': notifyJobChange,
};
