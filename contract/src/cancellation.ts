/**
 * A provider's cancellation policy (issue 28): a client cancels free until N hours before the
 * start (the provider picks N from a few choices, or "always free"); later, a fee, fixed or a
 * share of the job's total. The same policy sets the minimum notice a client gives to ask for
 * another time. The provider cancelling or rescheduling never owes anything and needs no notice.
 *
 * The fee is recorded on the job (`fee_cents`, `fee_kind`), never charged by the product: it holds
 * no money. The api computes it here when a client cancels, and the ui shows the same figure in the
 * cancel dialog from the api's preview, so the client confirms the amount that is recorded.
 *
 * Boundaries, exactly: a cancellation at `start − N hours` or earlier is free ("free until and
 * including N hours before"); one second later it carries the fee. The same for reschedules: a
 * request at `start − notice` is still in time.
 *
 * A fee never exceeds the job's total (its accepted quote, else its price estimate): a $25 fee on a
 * $20 job records $20. A percent fee is the share of that total rounded to the cent by money.ts's
 * one rule; with no total known, a percent fee is nothing and a fixed fee is the fixed amount.
 */
import type { FieldErrorCode } from './errors.ts';
import { divideRounded } from './money.ts';

/** Hours before the start until which a client cancels free. */
export const cancellationFreeHoursChoices = [2, 12, 24, 48] as const;
export type CancellationFreeHours = (typeof cancellationFreeHoursChoices)[number];

/** Hours of notice a client gives to ask for another time (0: any time before the start). */
export const rescheduleNoticeHoursChoices = [0, 2, 12, 24, 48] as const;
export type RescheduleNoticeHours = (typeof rescheduleNoticeHoursChoices)[number];

export const cancellationFeeKinds = ['fixed', 'percent'] as const;
export type CancellationFeeKind = (typeof cancellationFeeKinds)[number];

/** What a fee recorded on a job is for: a late cancellation (H3) or the client not showing up (H4). */
export const jobFeeKinds = ['late_cancellation', 'client_no_show'] as const;
export type JobFeeKind = (typeof jobFeeKinds)[number];

export const cancellationLimits = {
  /** A fixed fee from $1 to $1,000. */
  fixedFeeCentsMin: 100,
  fixedFeeCentsMax: 100_000,
  /** A percent fee is a whole percent, 1 to 100. */
  percentMin: 1,
  percentMax: 100,
} as const;

/**
 * A provider's policy. `free_hours` null: cancelling is always free, and `fee_kind` and
 * `fee_value` are null too; otherwise all three are set. `fee_value` is cents for a fixed fee and a
 * whole percent for a percent fee.
 */
export interface CancellationPolicy {
  free_hours: CancellationFreeHours | null;
  fee_kind: CancellationFeeKind | null;
  fee_value: number | null;
  reschedule_notice_hours: RescheduleNoticeHours;
}

/** A provider with no policy set: always free, any notice. */
export const defaultCancellationPolicy: CancellationPolicy = {
  free_hours: null,
  fee_kind: null,
  fee_value: null,
  reschedule_notice_hours: 0,
};

/** `GET /jobs/{id}/cancellation`: what cancelling now costs the client, before they confirm. */
export interface CancellationPreview {
  /** 0 when cancelling now is free. */
  fee_cents: number;
  /** The last instant cancelling is free (ISO 8601); null when it is always free. */
  free_until: string | null;
  /** The total the fee was taken from and capped at; null when none is known. */
  base_cents: number | null;
  policy: CancellationPolicy;
}

const hourMs = 3_600_000;

function toMs(at: Date | string): number {
  return typeof at === 'string' ? Date.parse(at) : at.getTime();
}

/** The last instant cancelling is free: `start − free_hours`; null when it is always free. */
export function freeUntil(policy: CancellationPolicy, start: Date | string): Date | null {
  if (policy.free_hours === null) return null;
  return new Date(toMs(start) - policy.free_hours * hourMs);
}

/**
 * The fee a client owes for cancelling at `now` a job starting at `start` whose total is
 * `baseCents` (null when unknown): 0 until and including `start − free_hours`, then the policy's
 * fee, capped at the total (see above).
 */
export function cancellationFee(policy: CancellationPolicy, baseCents: number | null, start: Date | string, now: Date | string): number {
  const until = freeUntil(policy, start);
  if (until === null || toMs(now) <= until.getTime()) return 0;
  return policyFee(policy, baseCents);
}

/**
 * The policy's fee on a job whose total is `baseCents`, whenever it applies (a late cancellation,
 * a client's no-show): capped at the total; 0 for a policy that is always free.
 */
export function policyFee(policy: CancellationPolicy, baseCents: number | null): number {
  if (policy.free_hours === null || policy.fee_kind === null || policy.fee_value === null) return 0;
  const base = baseCents === null ? null : Math.max(0, baseCents);
  if (policy.fee_kind === 'percent') return base === null ? 0 : divideRounded(base * policy.fee_value, 100);
  return base === null ? policy.fee_value : Math.min(policy.fee_value, base);
}

/** Whether a client may still ask for another time at `now`: until and including `start − notice`. */
export function rescheduleInTime(policy: CancellationPolicy, start: Date | string, now: Date | string): boolean {
  return toMs(now) <= toMs(start) - policy.reschedule_notice_hours * hourMs;
}

/**
 * What is wrong with a policy, per field (the api's joi and the ui's form both check it here):
 * choices from the lists, the fee set exactly when a window is, fixed fees in cents within the
 * limits, percents whole from 1 to 100.
 */
export function checkCancellationPolicy(policy: CancellationPolicy): Partial<Record<keyof CancellationPolicy, FieldErrorCode>> {
  const problems: Partial<Record<keyof CancellationPolicy, FieldErrorCode>> = {};
  if (policy.free_hours !== null && !(cancellationFreeHoursChoices as readonly number[]).includes(policy.free_hours)) problems.free_hours = 'not_allowed';
  if (!(rescheduleNoticeHoursChoices as readonly number[]).includes(policy.reschedule_notice_hours)) problems.reschedule_notice_hours = 'not_allowed';
  if (policy.free_hours === null) {
    if (policy.fee_kind !== null) problems.fee_kind = 'not_allowed';
    if (policy.fee_value !== null) problems.fee_value = 'not_allowed';
    return problems;
  }
  if (policy.fee_kind === null) problems.fee_kind = 'required';
  else if (!(cancellationFeeKinds as readonly string[]).includes(policy.fee_kind)) problems.fee_kind = 'not_allowed';
  if (policy.fee_value === null) problems.fee_value = 'required';
  else if (!Number.isInteger(policy.fee_value)) problems.fee_value = 'invalid_type';
  else if (policy.fee_kind === 'percent' && (policy.fee_value < cancellationLimits.percentMin || policy.fee_value > cancellationLimits.percentMax)) problems.fee_value = 'out_of_range';
  else if (policy.fee_kind === 'fixed' && (policy.fee_value < cancellationLimits.fixedFeeCentsMin || policy.fee_value > cancellationLimits.fixedFeeCentsMax)) problems.fee_value = 'out_of_range';
  return problems;
}
