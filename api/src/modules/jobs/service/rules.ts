/**
 * The job lifecycle of DESIGN.md §5 as one table: the only copy of the transition rules. Routes
 * check an action against it and every job answer lists the caller's `allowed_actions` from it,
 * so the ui never decides a transition itself (decision record 0013 explains 403 against 409).
 */
import type { JobAction, JobStatus } from '@resuelve/contract';
import { AppError, forbidden } from '../../../lib/errors.ts';

/** The two sides of a job; the system (expiry) acts outside this table. */
export type JobParty = 'client' | 'provider';

export interface TransitionRule {
  action: JobAction;
  by: JobParty;
  from: readonly JobStatus[];
  /** The status after the action; null when the job keeps its status (extension, continuation). */
  to: JobStatus | null;
}

export const transitionTable: readonly TransitionRule[] = [
  { action: 'accept', by: 'provider', from: ['pending'], to: 'upcoming' },
  { action: 'decline', by: 'provider', from: ['pending'], to: 'cancelled' },
  { action: 'propose_schedule', by: 'provider', from: ['pending', 'modification_requested'], to: 'schedule_change_pending' },
  { action: 'accept_schedule', by: 'client', from: ['schedule_change_pending'], to: 'upcoming' },
  { action: 'request_modification', by: 'client', from: ['upcoming', 'schedule_change_pending'], to: 'modification_requested' },
  { action: 'keep_schedule', by: 'provider', from: ['modification_requested'], to: 'upcoming' },
  { action: 'start', by: 'provider', from: ['upcoming'], to: 'in_progress' },
  { action: 'end', by: 'provider', from: ['in_progress'], to: 'completed' },
  { action: 'request_extension', by: 'provider', from: ['in_progress'], to: null },
  { action: 'propose_continuation', by: 'provider', from: ['completed', 'upcoming'], to: null },
  { action: 'accept_continuation', by: 'client', from: ['continuation_proposed'], to: 'upcoming' },
  { action: 'decline_continuation', by: 'client', from: ['continuation_proposed'], to: 'cancelled_by_client' },
  { action: 'cancel', by: 'client', from: ['pending', 'upcoming', 'modification_requested', 'schedule_change_pending'], to: 'cancelled_by_client' },
  { action: 'cancel', by: 'provider', from: ['upcoming'], to: 'cancelled' },
];

/**
 * The rule that lets `party` take `action` on a job in `status`. A party the table never lets
 * take the action gets 403 forbidden; the right party at the wrong status gets 409.
 */
export function requireRule(action: JobAction, party: JobParty, status: JobStatus): TransitionRule {
  const forParty = transitionTable.filter((rule) => rule.action === action && rule.by === party);
  if (forParty.length === 0) throw forbidden();
  const rule = forParty.find((candidate) => candidate.from.includes(status));
  if (!rule) throw new AppError('invalid_transition', `A job in ${status} cannot take ${action}`);
  return rule;
}

/**
 * What `party` may do now. Starting also needs the scheduled day (in the provider's zone), so
 * it is listed only then.
 */
export function allowedActions(status: JobStatus, party: JobParty | null, onScheduledDay: boolean): JobAction[] {
  if (!party) return [];
  const actions: JobAction[] = [];
  for (const rule of transitionTable) {
    if (rule.by !== party || !rule.from.includes(status) || actions.includes(rule.action)) continue;
    if (rule.action === 'start' && !onScheduledDay) continue;
    actions.push(rule.action);
  }
  return actions;
}
