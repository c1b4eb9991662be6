/**
 * The notifier (DESIGN.md §5): each job event reaches the side that did not act — the client by
 * their contact preference (email, or SMS for sms/phone when a number is verified), the provider
 * by email — in their language. Every api process hears every event (PgEventBus), so a row in
 * `job_notifications` is claimed first: only the process whose insert wins sends.
 */
import type { Knex } from 'knex';
import type { JobStatus, Locale } from '@resuelve/contract';
import type { DomainEvent } from '../../lib/events.ts';
import type { Senders } from '../../lib/senders.ts';
import { personNameSql } from '../profiles/display-name.ts';
import { composeJobEmail, composeJobSms, type NoticeFacts, type NoticeSubject, type ReminderKind } from './texts.ts';

export interface NotifierContext {
  knex: Knex;
  senders: Senders;
  config: { localesDir: string; publicUrl: string };
}

export type Party = 'client' | 'provider';

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
}

interface Person {
  id: string;
  email: string;
  language: Locale;
  phone_number: string | null;
  phone_verified_at: Date | null;
  preferred_contact: string | null;
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
      'pr.timezone',
      'pr.company_name as provider_name',
      knex.raw(`coalesce(${personNameSql('cp')}, '') as client_name`),
    );
}

async function people(knex: Knex, ids: string[]): Promise<Map<string, Person>> {
  const rows: Person[] = await knex('profiles as p')
    .join('users as u', 'u.id', 'p.id')
    .leftJoin('client_profiles as c', 'c.id', 'p.id')
    .whereIn('p.id', ids)
    .select('p.id', 'u.email', 'p.language', 'p.phone_number', 'p.phone_verified_at', 'c.preferred_contact');
  return new Map(rows.map((row) => [row.id, row]));
}

function channelOf(person: Person, party: Party): { channel: 'email' | 'sms'; to: string } {
  const wantsSms = party === 'client' && (person.preferred_contact === 'sms' || person.preferred_contact === 'phone');
  if (wantsSms && person.phone_number && person.phone_verified_at) return { channel: 'sms', to: `+${person.phone_number}` };
  return { channel: 'email', to: person.email };
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
  };
}

async function deliver(context: NotifierContext, job: JobFacts, person: Person, party: Party, subject: NoticeSubject): Promise<'email' | 'sms'> {
  const facts = factsFor(context, job, person, party);
  const { channel, to } = channelOf(person, party);
  if (channel === 'sms') {
    await context.senders.sms.send({ to, body: await composeJobSms(context.config.localesDir, facts, subject) });
  } else {
    const { subject: title, text } = await composeJobEmail(context.config.localesDir, facts, subject);
    await context.senders.mail.send({ to, subject: title, text });
  }
  return channel;
}

/** Who hears of an event by email or SMS: the other side of whoever acted; both for the system. */
export function partiesToNotify(actor: DomainEvent['payload']['actor']): Party[] {
  if (actor === 'client') return ['provider'];
  if (actor === 'provider') return ['client'];
  return ['client', 'provider'];
}

/** Sends the notices of one job event; answers how many this process sent. */
export async function notifyJobEvent(context: NotifierContext, event: DomainEvent): Promise<number> {
  const { payload } = event;
  if (payload.type !== 'job.changed') return 0; // reminders are sent by their own job
  const job = await jobFacts(context.knex, payload.job_id);
  if (!job) return 0;
  const targets = partiesToNotify(payload.actor)
    .map((party) => ({ party, id: party === 'client' ? job.client_id : job.provider_id }))
    .filter(({ id }) => event.recipients.includes(id));
  if (!targets.length) return 0;
  const found = await people(context.knex, targets.map(({ id }) => id));
  const eventKey = `${payload.action}:${payload.status}:${payload.at}`;
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
    await deliver(context, job, person, party, { kind: 'event', action: payload.action });
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
