/**
 * The reminder of a waiting request (issue 30): once a booking request has waited
 * `responseTimes.reminderAfterMinutes` of the provider's business hours without a first answer, its
 * provider hears of it once, by email (lib/notices.ts reaches providers by email) in their
 * language, and as a notification in the console (the `job.reminder` live event, action
 * `reminder_response`). The claim is a row in `job_notifications`, so with several processes only
 * one sends it, and a failed send gives it back for the next run.
 */
import type { Knex } from 'knex';
import { businessMinutesBetween, responseTimes, type Locale } from '@resuelve/contract';
import { publishAfterCommit, type EventBus } from '../../lib/events.ts';
import { people, sendNotice, type NotifierContext } from '../../lib/notices.ts';
import { interpolate, textsWith } from '../../lib/texts.ts';
import { personNameSql } from '../profiles/index.ts';
import { claimReminder, releaseReminder, schedules, unremindedWaiting } from './repository.ts';
import { workingSchedule } from './service.ts';

/** The key of the reminder's claim among a job's notices. */
export const responseReminderKey = 'response_reminder';
/** Older requests have expired long since; the search looks no further back. */
const lookBackDays = 14;

export type ReminderContext = NotifierContext & { clock: { now(): Date }; events: EventBus };

interface ReminderTexts {
  reminder: { subject: string; body: string; sms: string };
}

async function words(localesDir: string, locale: Locale, values: Record<string, string | number>) {
  const texts = (await textsWith(localesDir, locale, 'response-times', 'reminder')) as unknown as ReminderTexts;
  const { signature } = (await textsWith(localesDir, locale, 'email', 'signature')) as { signature: string };
  return {
    email: async () => ({ subject: interpolate(texts.reminder.subject, values), text: `${interpolate(texts.reminder.body, values)}\n\n${signature}\n` }),
    sms: async () => interpolate(texts.reminder.sms, values),
  };
}

async function requestFacts(knex: Knex, jobId: string): Promise<{ title: string; client_name: string } | undefined> {
  return knex('jobs as j')
    .join('profiles as cp', 'cp.id', 'j.client_id')
    .where('j.id', jobId)
    .first('j.title', knex.raw(`coalesce(${personNameSql('cp')}, '') as client_name`));
}

/** The `response-reminders` task: reminds each provider of requests that waited long enough; answers how many went out. */
export async function remindWaitingRequests(context: ReminderContext, onError?: (error: unknown) => void): Promise<number> {
  const now = context.clock.now();
  const limit = responseTimes.reminderAfterMinutes;
  const candidates = await unremindedWaiting(context.knex, now, limit, lookBackDays, responseReminderKey);
  if (!candidates.length) return 0;
  const providerIds = [...new Set(candidates.map((row) => row.provider_id))];
  const firstDay = new Date(now.getTime() - (lookBackDays + 1) * 86_400_000).toISOString().slice(0, 10);
  const scheduleOf = new Map((await schedules(context.knex, providerIds, firstDay)).map((row) => [row.id, workingSchedule(row)]));
  const found = await people(context.knex, providerIds);
  let sent = 0;
  for (const row of candidates) {
    const schedule = scheduleOf.get(row.provider_id);
    const person = found.get(row.provider_id);
    if (!schedule || !person) continue;
    const waited = businessMinutesBetween(new Date(row.created_at), now, schedule);
    if (waited < limit) continue;
    if (!(await claimReminder(context.knex, row.id, row.provider_id, responseReminderKey))) continue;
    try {
      const facts = await requestFacts(context.knex, row.id);
      const values = {
        title: facts?.title ?? '',
        name: facts?.client_name || 'Resuelve',
        hours: Math.floor(waited / 60),
        link: `${context.config.publicUrl}/provider/jobs/${row.id}`,
      };
      await sendNotice(context, person, 'provider', await words(context.config.localesDir, person.language, values));
      await publishAfterCommit(context, [row.provider_id], {
        type: 'job.reminder',
        job_id: row.id,
        status: 'pending',
        from_status: 'pending',
        action: 'reminder_response',
        actor: 'system',
        at: now.toISOString(),
      });
      sent += 1;
    } catch (error) {
      await releaseReminder(context.knex, row.id, row.provider_id, responseReminderKey);
      onError?.(error);
    }
  }
  return sent;
}
