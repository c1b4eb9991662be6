/**
 * `job-reminders` (DESIGN.md §5): both parties of an upcoming job hear of it 24 hours and 2 hours
 * before it starts, by the app's clock. A reminder is claimed in `job_reminders` before it is
 * sent, so with several processes only one sends it; a job moved to another time is reminded
 * again for its new time. A job booked less than 2 hours ahead only gets the 2-hour one.
 */
import { jobLimits } from '@resuelve/contract';
import type { AppContext } from '../context.ts';
import { jobFacts, sendJobReminder, type ReminderKind } from '../modules/jobs/index.ts';

export type RemindersContext = Pick<AppContext, 'knex' | 'clock' | 'events' | 'senders' | 'config'>;

/** [kind, hours before the start the window opens, hours before the start it closes]. */
function windows(): [ReminderKind, number, number][] {
  const hours = [...jobLimits.reminderHours].sort((a, b) => b - a);
  return hours.map((h, i) => [`${h}h` as ReminderKind, h, hours[i + 1] ?? 0]);
}

export async function sendDueReminders(context: RemindersContext, onError?: (error: unknown) => void): Promise<number> {
  const now = context.clock.now();
  const values = windows().map(() => '(?, ?::int, ?::int)').join(', ');
  const { rows } = await context.knex.raw<{ rows: { job_id: string; kind: ReminderKind; scheduled_start: Date }[] }>(
    `INSERT INTO job_reminders (job_id, kind, scheduled_start, sent_at)
     SELECT j.id, w.kind, j.scheduled_start, ?
     FROM (VALUES ${values}) AS w(kind, opens_hours, closes_hours)
     JOIN jobs j ON j.status = 'upcoming'
       AND j.scheduled_start <= ?::timestamptz + make_interval(hours => w.opens_hours)
       AND j.scheduled_start > ?::timestamptz + make_interval(hours => w.closes_hours)
     ON CONFLICT DO NOTHING
     RETURNING job_id, kind, scheduled_start`,
    [now, ...windows().flat(), now, now],
  );
  let sent = 0;
  for (const row of rows) {
    try {
      await sendJobReminder(context, row.job_id, row.kind);
      const job = await jobFacts(context.knex, row.job_id);
      if (job) {
        await context.events.publish([job.client_id, job.provider_id], {
          type: 'job.reminder',
          job_id: job.id,
          status: job.status,
          from_status: job.status,
          action: `reminder_${row.kind}`,
          actor: 'system',
          at: now.toISOString(),
        });
      }
      sent += 1;
    } catch (error) {
      // Not sent: give the claim back, so the next run tries again.
      await context.knex('job_reminders').where({ job_id: row.job_id, kind: row.kind, scheduled_start: row.scheduled_start }).delete();
      onError?.(error);
    }
  }
  return sent;
}
