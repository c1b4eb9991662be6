/**
 * Earlier-slot alerts (issue 30, contract slot-alerts.ts, decision 0058). A client asks on a
 * provider's full day; the alert waits (`notified_at` null). Every job change of that provider
 * that may free time (any change from a status that holds time: a cancel, a decline, an expiry, an
 * accepted new time, a shorter estimate) claims the waiting alerts whose day now has a free time of
 * their length, and tells their clients at once; no one holds the time for them, so the first to
 * book gets it by the booking's own no-overlap rule. A change that takes time on a day puts its
 * told alerts back to waiting once that day is full again, so a later freeing is told too; the
 * client's own booking of that provider that day ends their wait.
 */
import { heldJobStatuses, latestBookableStart, slotAlertLimits, type LiveEventOf, type NewSlotAlert, type SlotAlert } from '@resuelve/contract';
import type { AppContext, Caller } from '../../context.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { publishAfterCommit } from '../../lib/events.ts';
import { availabilityOn, providerToday } from '../availability/index.ts';
import { activeCount, alertsOf, claimFreed, deleteAlert, endWaitOfBooker, jobDay, rearmFilled, toSlotAlert, upsertAlert, type SlotAlertRow } from './repository.ts';

type SlotAlertsContext = Pick<AppContext, 'knex' | 'clock' | 'events'>;

export const defaultAlertMinutes = 60;

const dayNotFull = () => new AppError('slot_alert_day_not_full', 'That day has a free time, or nothing to wait for');

/** POST /slot-alerts: a client asks to hear when a time frees on a provider's full day; 201 with the alert (the same one when asked again). */
export async function createSlotAlert(context: SlotAlertsContext, caller: Caller, request: NewSlotAlert): Promise<SlotAlert> {
  const now = context.clock.now();
  const minutes = request.duration_minutes ?? defaultAlertMinutes;
  const client = (await context.knex('profiles').where({ id: caller.userId }).first('is_contractor', 'is_onboarded')) as { is_contractor: boolean; is_onboarded: boolean } | undefined;
  // Only a client waits for a time (a provider books nothing), as only a client books.
  if (!client || client.is_contractor) throw forbidden();
  if (!client.is_onboarded) throw new AppError('onboarding_incomplete', 'Finish signing up before booking');
  const today = await providerToday(context.knex, request.provider_id, now);
  const lastDay = latestBookableStart(now).toISOString().slice(0, 10);
  if (request.date < today || request.date > lastDay) throw dayNotFull();
  // Full means what the booking page shows: no free time of that length, and taken by jobs (a closed or blocked day frees no time).
  const day = await availabilityOn(context.knex, request.provider_id, { date: request.date, minutes, now });
  if (day.slots.length > 0 || day.reason !== 'fully_booked') throw dayNotFull();
  const existing = await alertsOf(context.knex, caller.userId, now, request.provider_id);
  const again = existing.some((alert) => alert.date === request.date);
  if (!again && (await activeCount(context.knex, caller.userId, now)) >= slotAlertLimits.maxActivePerClient) {
    throw new AppError('slot_alert_limit_reached', `At most ${slotAlertLimits.maxActivePerClient} alerts at once`);
  }
  return toSlotAlert(await upsertAlert(context.knex, { clientId: caller.userId, providerId: request.provider_id, date: request.date, minutes, now }));
}

/** GET /slot-alerts: the caller's alerts on days not yet passed (of one provider when asked). */
export async function listSlotAlerts(context: SlotAlertsContext, caller: Caller, providerId: string | null): Promise<{ items: SlotAlert[] }> {
  const rows = await alertsOf(context.knex, caller.userId, context.clock.now(), providerId);
  return { items: rows.map(toSlotAlert) };
}

/** DELETE /slot-alerts/{id}: the client stops waiting; 404 slot_alert_not_found for another's or a gone alert. */
export async function cancelSlotAlert(context: SlotAlertsContext, caller: Caller, id: string): Promise<void> {
  if (!(await deleteAlert(context.knex, caller.userId, id))) throw new AppError('slot_alert_not_found', 'Alert not found');
}

async function announceAlerts(context: SlotAlertsContext, rows: SlotAlertRow[], at: Date): Promise<void> {
  for (const row of rows) {
    const event: LiveEventOf<'slot_alert.changed'> = {
      type: 'slot_alert.changed',
      alert_id: row.id,
      provider_id: row.provider_id,
      date: row.date,
      status: row.notified_at ? 'freed' : 'waiting',
      at: at.toISOString(),
    };
    await publishAfterCommit(context, [row.client_id], event);
  }
}

const holds = (status: string | null) => status !== null && (heldJobStatuses as readonly string[]).includes(status);

/**
 * After a job changed (committed): the alerts of its provider that a freed time answers are
 * claimed and told (live here; by email or SMS in notices.ts, which hears `slot_alert.changed`),
 * and those of a day filled again wait again. Answers the alerts this process claimed as freed.
 */
export async function followJobChange(context: SlotAlertsContext, change: { job_id: string; status: string; from_status: string | null; action: string }): Promise<SlotAlertRow[]> {
  const now = context.clock.now();
  const job = await jobDay(context.knex, change.job_id);
  if (!job) return [];
  if (holds(change.status)) {
    if (change.action === 'book') await endWaitOfBooker(context.knex, job.client_id, job.provider_id, job.date);
    await announceAlerts(context, await rearmFilled(context.knex, job.provider_id, job.date, now), now);
  }
  if (!holds(change.from_status)) return [];
  const freed = await claimFreed(context.knex, job.provider_id, now);
  await announceAlerts(context, freed, now);
  return freed;
}
