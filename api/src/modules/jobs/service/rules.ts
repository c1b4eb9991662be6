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
  // A no-show (service/no-shows.ts), from 15 minutes after the start of a job not started: the
  // provider marks the client absent, or the client reports that the provider did not come.
  { action: 'report_no_show', by: 'provider', from: ['upcoming'], to: 'cancelled_by_client' },
  { action: 'report_no_show', by: 'client', from: ['upcoming'], to: 'cancelled' },
  // "On my way" (service/on-my-way.ts), on the job's day before it starts; a new tap gives a new arrival.
  { action: 'on_my_way', by: 'provider', from: ['upcoming'], to: null },
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
 * While a deposit is due (a quote accepted with a deposit, the job still pending until it is paid,
 * service/deposits.ts) the client already accepted: the provider may only decline and the client
 * only cancel (free: nothing was agreed until the deposit is paid).
 */
const whileDepositDue: readonly JobAction[] = ['decline', 'cancel'];

/** Refuses what a due deposit leaves out (409, as the wrong status). */
export function requireNoDepositDue(action: JobAction, depositDue: boolean): void {
  if (depositDue && !whileDepositDue.includes(action)) throw new AppError('invalid_transition', `A job waiting for its deposit cannot take ${action}`);
}

/**
 * What `party` may do now. Starting also needs the scheduled day (in the provider's zone), and a
 * no-show report 15 minutes past the start (`noShowOpen`), so each is listed only then; a due
 * deposit leaves only decline and cancel.
 */
export function allowedActions(status: JobStatus, party: JobParty | null, onScheduledDay: boolean, noShowOpen = false, depositDue = false): JobAction[] {
  if (!party) return [];
  const actions: JobAction[] = [];
  for (const rule of transitionTable) {
    if (rule.by !== party || !rule.from.includes(status) || actions.includes(rule.action)) continue;
    if (depositDue && !whileDepositDue.includes(rule.action)) continue;
    if ((rule.action === 'start' || rule.action === 'on_my_way') && !onScheduledDay) continue;
    if (rule.action === 'report_no_show' && !noShowOpen) continue;
    actions.push(rule.action);
  }
  return actions;
}
