/**
 * Recording and announcing a transition: the job_transitions row written in the changing
 * transaction, and the event published to both parties after it commits (the other side's
 * screens, and the actor's own other sessions, follow at once).
 */
import type { Knex } from 'knex';
import type { JobActor, JobStatus, LiveEventOf } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { publishAfterCommit } from '../../../lib/events.ts';

export interface TransitionRecord {
  jobId: string;
  clientId: string;
  providerId: string;
  from: JobStatus | null;
  to: JobStatus;
  action: string;
  actor: JobActor;
  actorId: string | null;
  at: Date;
}

export async function recordTransition(trx: Knex.Transaction, record: TransitionRecord): Promise<void> {
  await trx('job_transitions').insert({
    job_id: record.jobId,
    from_status: record.from,
    to_status: record.to,
    action: record.action,
    actor: record.actor,
    actor_id: record.actorId,
    at: record.at,
  });
}

/** After commit: never throws into the request (`publishAfterCommit`). */
export async function announce(context: Pick<AppContext, 'events'>, record: TransitionRecord): Promise<void> {
  const event: LiveEventOf<'job.changed'> = {
    type: 'job.changed',
    job_id: record.jobId,
    status: record.to,
    from_status: record.from,
    action: record.action,
    actor: record.actor,
    at: record.at.toISOString(),
  };
  await publishAfterCommit(context, [record.clientId, record.providerId], event);
}
