/**
 * The words of job notifications (DESIGN.md §10): email and SMS in the recipient's language, from
 * locales/{lng}/email.json and sms.json. What happened is one sentence per action (`job_what`),
 * with a sentence naming the new status for an action that has none of its own.
 */
import { dateTimeFormat, formatMoney, intlLocale, type JobFeeKind, type JobStatus, type Locale } from '@resuelve/contract';
import { interpolate, textsWith } from '../../../lib/texts.ts';

export type ReminderKind = '24h' | '2h';

export interface NoticeFacts {
  locale: Locale;
  /** The other party's name (who acted, or who the job is with). */
  name: string;
  title: string;
  start: Date;
  timezone: string;
  status: JobStatus;
  link: string;
  /** A fee the client owes for this job (a late cancellation), said after what happened. */
  fee?: { kind: JobFeeKind; cents: number } | null;
  /** The arrival the provider gave with "on my way" (service/on-my-way.ts), said as a time. */
  arrival?: Date | null;
  /** The notice goes to the client: the end of the job asks them for a review. */
  toClient?: boolean;
}

/** What happened, or the reminder. */
export type NoticeSubject = { kind: 'event'; action: string } | { kind: 'reminder'; reminder: ReminderKind };

interface EmailTexts {
  signature: string;
  job_event: { subject: string; body: string };
  job_reminder: { subject: string; body: string };
  job_what: Record<string, string>;
  job_reminder_what: Record<ReminderKind, string>;
  job_fee: Record<JobFeeKind, string>;
  job_review_request: string;
}

export function formatWhen(start: Date, timezone: string, locale: Locale): string {
  return dateTimeFormat(intlLocale[locale], { timeZone: timezone, dateStyle: 'full', timeStyle: 'short' }).format(start);
}

async function values(localesDir: string, facts: NoticeFacts, subject: NoticeSubject) {
  const email = (await textsWith(localesDir, facts.locale, 'email', 'job_what')) as unknown as EmailTexts;
  const jobs = (await textsWith(localesDir, facts.locale, 'jobs', 'status')) as { status: Record<string, string> };
  const status = jobs.status[facts.status] ?? facts.status;
  const arrival = facts.arrival ? dateTimeFormat(intlLocale[facts.locale], { timeZone: facts.timezone, timeStyle: 'short' }).format(facts.arrival) : '';
  const base = { name: facts.name, title: facts.title, when: formatWhen(facts.start, facts.timezone, facts.locale), link: facts.link, status, arrival };
  const template = subject.kind === 'reminder' ? email.job_reminder_what[subject.reminder] : (email.job_what[subject.action] ?? email.job_what.changed!);
  const what = interpolate(template, base);
  // A cancel that records a fee says so, with the amount, to both sides.
  const fee = subject.kind === 'event' && subject.action.startsWith('cancel') && facts.fee ? interpolate(email.job_fee[facts.fee.kind], { fee: formatMoney(facts.fee.cents, facts.locale) }) : null;
  // The end of a job asks its client for a review, the same way the end itself reaches them.
  const review = subject.kind === 'event' && subject.action === 'end' && facts.toClient ? email.job_review_request : null;
  return { email, all: { ...base, what: [what, fee, review].filter(Boolean).join(' ') } };
}

export async function composeJobEmail(localesDir: string, facts: NoticeFacts, subject: NoticeSubject): Promise<{ subject: string; text: string }> {
  const { email, all } = await values(localesDir, facts, subject);
  const entry = subject.kind === 'reminder' ? email.job_reminder : email.job_event;
  return { subject: interpolate(entry.subject, all), text: `${interpolate(entry.body, all)}\n\n${email.signature}\n` };
}

export async function composeJobSms(localesDir: string, facts: NoticeFacts, subject: NoticeSubject): Promise<string> {
  const { all } = await values(localesDir, facts, subject);
  const sms = (await textsWith(localesDir, facts.locale, 'sms', 'job_event')) as Record<string, string>;
  return interpolate(subject.kind === 'reminder' ? sms.job_reminder! : sms.job_event!, all);
}
