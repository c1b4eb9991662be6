/**
 * "On my way" (issue 30, decision record 0055): on an upcoming job's day its provider says they are
 * on their way, with an arrival in minutes from now or as a time of today on their clock. The job
 * keeps its status; the step is recorded as a transition (upcoming → upcoming, `on_my_way`) and
 * announced as `job.changed`, so the client's open page follows live and the client hears it by
 * SMS or email in their language (notices/index.ts). A new tap replaces the arrival.
 */
import { onMyWayLimits, type Job, type OnMyWayRequest } from '@resuelve/contract';
import { AppError, forbidden } from '../../../lib/errors.ts';
import type { Caller } from '../../../context.ts';
import { isoInZone } from '../../availability/index.ts';
import { defaultTimeZone, jobForUser, localDay, lockJob, partyOf, type JobsContext } from '../repository.ts';
import { requireRule } from './rules.ts';
import { announce, recordTransition, type TransitionRecord } from './transitions.ts';

const minute = 60_000;

/** The arrival instant the provider gave: minutes from now, or HH:MM today in their zone (the offset it has now). */
export function arrivalOf(request: OnMyWayRequest, now: Date, timeZone: string): Date {
  if ('arrival_minutes' in request) return new Date(now.getTime() + request.arrival_minutes * minute);
  const local = isoInZone(now, timeZone);
  return new Date(`${local.slice(0, 10)}T${request.arrival_time}:00${local.slice(19)}`);
}

/** POST /jobs/{id}/on-my-way: the provider of an upcoming job, on its day; 400 arrival_out_of_range outside 5 minutes to 4 hours from now. */
export async function sayOnMyWay(context: JobsContext, jobId: string, caller: Caller, request: OnMyWayRequest): Promise<Job> {
  const now = context.clock.now();
  const record = await context.knex.transaction(async (trx) => {
    const job = await lockJob(trx, jobId, caller);
    const party = partyOf(job, caller.userId);
    if (!party) throw forbidden();
    requireRule('on_my_way', party, job.status);
    const provider = (await trx('providers').where({ id: job.provider_id }).first('timezone')) as { timezone: string } | undefined;
    const timeZone = provider?.timezone ?? defaultTimeZone;
    if (localDay(job.scheduled_start, timeZone) !== localDay(now, timeZone)) {
      throw new AppError('not_on_scheduled_day', 'A provider is on their way on the day of the job');
    }
    const arrival = arrivalOf(request, now, timeZone);
    const minutes = (arrival.getTime() - now.getTime()) / minute;
    if (minutes < onMyWayLimits.minArrivalMinutes || minutes > onMyWayLimits.maxArrivalMinutes) {
      throw new AppError('arrival_out_of_range', 'The arrival is 5 minutes to 4 hours from now');
    }
    await trx('jobs').where({ id: job.id }).update({ on_my_way_at: now, arrival_estimate_at: arrival, updated_at: now });
    const transition: TransitionRecord = {
      jobId: job.id,
      clientId: job.client_id,
      providerId: job.provider_id,
      from: job.status,
      to: job.status,
      action: 'on_my_way',
      actor: 'provider',
      actorId: caller.userId,
      at: now,
    };
    await recordTransition(trx, transition);
    return transition;
  });
  await announce(context, record);
  return jobForUser(context.knex, jobId, caller, now);
}
