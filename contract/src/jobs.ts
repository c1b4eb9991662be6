/**
 * Jobs (bookings), DESIGN.md §5 and SPEC.md §3–§4: the statuses, actions, location types and
 * limits both the api and the ui read. The transition rules themselves live in the api only; every
 * job the api returns lists the caller's `allowed_actions`, so the ui holds no copy of them.
 */
import type { ContactMethod } from './profiles.ts';
import type { RateSnapshot } from './money.ts';
import type { ProviderRate } from './rates.ts';
import type { QuoteSummary } from './quotes.ts';
import type { CategoryEarnings, JobBillSummary } from './receipts.ts';
import type { JobFeeKind } from './cancellation.ts';
import type { JobNoShow } from './no-shows.ts';
import type { JobSeriesRef } from './series.ts';
import type { JobOnMyWay } from './on-my-way.ts';
import type { DepositState } from './payments.ts';

/** Statuses that hold the provider's time (the exclusion constraint of migration 0007). */
export const heldJobStatuses = [
  'pending',
  'upcoming',
  'in_progress',
  'modification_requested',
  'schedule_change_pending',
  'continuation_proposed',
] as const;

export const jobStatuses = [...heldJobStatuses, 'completed', 'cancelled', 'cancelled_by_client', 'expired'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/**
 * Requests that wait for the provider's answer: new ones and ones the client asked to change. The
 * dashboard's "pending" count, its list of requests and the console's badge all count these.
 */
export const awaitingProviderStatuses = ['pending', 'modification_requested'] as const satisfies readonly JobStatus[];

/** Statuses after which nothing more happens to a job. */
export const finalJobStatuses = ['completed', 'cancelled', 'cancelled_by_client', 'expired'] as const satisfies readonly JobStatus[];

export const locationTypes = ['on_site', 'provider_office', 'remote', 'client_location'] as const;
export type LocationType = (typeof locationTypes)[number];

/** `PATCH /jobs/{id}` actions: each moves a job along the lifecycle of DESIGN.md §5. */
export const jobPatchActions = [
  'accept',
  'decline',
  'propose_schedule',
  'accept_schedule',
  'request_modification',
  'keep_schedule',
  'cancel',
  'accept_continuation',
  'decline_continuation',
] as const;
export type JobPatchAction = (typeof jobPatchActions)[number];

/**
 * Everything a caller may do to a job, as listed in `allowed_actions`: the PATCH actions plus the
 * ones with their own routes (start, end, time extension, continuation, review prompt, a no-show
 * report from 15 minutes after the start and its one answer by the other side, contract no-shows.ts).
 */
export const jobActions = [...jobPatchActions, 'start', 'end', 'request_extension', 'propose_continuation', 'report_no_show', 'answer_no_show', 'on_my_way'] as const;
export type JobAction = (typeof jobActions)[number];

/**
 * History actions of a deposit (issue 29, contract payments.ts), besides the PATCH and route
 * actions: the client accepted a quote that asks for a deposit (the job stays pending, the
 * provider's time held until `Job.deposit.hold_until`); the deposit was read back paid (the system
 * confirms the job: upcoming); the hold ended unpaid (the system releases the time: expired).
 */
export const depositJobActions = ['accept_quote_deposit_due', 'deposit_paid', 'deposit_expired'] as const;
export type DepositJobAction = (typeof depositJobActions)[number];

/** A job's deposit (`Job.deposit`): the amount accepting its quote asked for, the hold on the provider's time while due, and where it stands. */
export interface JobDeposit {
  amount_cents: number;
  /** While due: when the held time is released unpaid (ISO instant); null once paid or released. */
  hold_until: string | null;
  state: DepositState;
}

/** Who did a transition: the job's client, its provider, or the system (expiry). */
export const jobActors = ['client', 'provider', 'system'] as const;
export type JobActor = (typeof jobActors)[number];

export const timeExtensionStatuses = ['pending', 'approved', 'declined'] as const;
export type TimeExtensionStatus = (typeof timeExtensionStatuses)[number];

export const jobLimits = {
  /** Durations are in hours, at least a quarter hour, in quarter-hour steps (DESIGN.md §5). */
  minHours: 0.25,
  hoursStep: 0.25,
  /** A single job or session can not last longer than a day. */
  maxHours: 24,
  titleMinLength: 3,
  titleMaxLength: 120,
  descriptionMaxLength: 2000,
  /** The custom address of `client_location`. */
  addressMinLength: 3,
  addressMaxLength: 200,
  /** Client's explanation when asking for a change (SPEC.md §5). */
  explanationMinLength: 10,
  explanationMaxLength: 1000,
  reasonMaxLength: 500,
  /** How many sessions a continuation plan may have in all. */
  maxSessions: 20,
  /** How far ahead a job may be scheduled (locales' `booking_too_far_ahead` says the number too). */
  maxMonthsAhead: 12,
  /** Provider dashboard "upcoming" window (SPEC.md §9). */
  dashboardUpcomingDays: 7,
  /** Reminders before a job starts, in hours (DESIGN.md §5). */
  reminderHours: [24, 2],
  listPageSizeDefault: 20,
  listPageSizeMax: 100,
} as const;

/** The latest instant a job may start when booked or rescheduled at `now`. */
export function latestBookableStart(now: Date): Date {
  const latest = new Date(now.getTime());
  latest.setUTCMonth(latest.getUTCMonth() + jobLimits.maxMonthsAhead);
  return latest;
}

/** The last day a date picker offers for a job, from today's date (`YYYY-MM-DD`): a day short of the limit, whatever the zone. */
export function lastBookableDay(today: string): string {
  const latest = latestBookableStart(new Date(`${today}T00:00:00Z`));
  latest.setUTCDate(latest.getUTCDate() - 1);
  return latest.toISOString().slice(0, 10);
}

/** A whole number of quarter hours between the limits. */
export function isValidJobHours(hours: number): boolean {
  return (
    Number.isFinite(hours) &&
    hours >= jobLimits.minHours &&
    hours <= jobLimits.maxHours &&
    Number.isInteger(Math.round(hours * 1e6) / 1e6 / jobLimits.hoursStep)
  );
}

/**
 * Where a job takes place, as the viewer may see it (decision record 0030). The provider sees only
 * the municipality until the job is accepted; the client always sees their own address.
 */
export interface JobPlace {
  /**
   * The municipality: the client's (on_site), the one the custom address names (client_location),
   * the provider's (provider_office); null for remote or when it is not known.
   */
  municipality: string | null;
  /** The address to go to; null for remote, and for the provider before the job is accepted. */
  address: string | null;
}

/**
 * How the provider reaches the client, by the client's preferred contact: the verified phone when
 * they prefer a call or a text, else their email. Null before the job is accepted, and for the client.
 */
export interface JobClientContact {
  preferred_contact: ContactMethod;
  phone: string | null;
  email: string | null;
}

export interface JobPartyRef {
  id: string;
  name: string;
  profile_picture_url: string | null;
}

/**
 * A job's price, made from the one rate (the provider's public rate, kept as it was when the job
 * was accepted) and the job's one duration, the booked time from `scheduled_start` to
 * `scheduled_end`: the estimate once accepted, the total once completed.
 */
export interface JobPrice {
  rate: RateSnapshot;
  /** The rate over the booked time (a visit rate: the visit). */
  estimate_cents: number;
  /** Once completed: the rate over the worked time (`actual_hours`), or the estimate when none was recorded; else null. */
  total_cents: number | null;
}

/** One job as the api returns it: the booking, both parties as the screens show them, and what the viewer may do now. */
export interface Job {
  id: string;
  status: JobStatus;
  client_id: string;
  provider_id: string;
  category_id: number | null;
  title: string;
  description: string;
  /** ISO 8601 with offset. */
  scheduled_start: string;
  scheduled_end: string;
  duration_hours: number;
  estimated_hours: number | null;
  actual_hours: number | null;
  started_at: string | null;
  ended_at: string | null;
  location_type: LocationType;
  location_address: string | null;
  place: JobPlace;
  client_contact: JobClientContact | null;
  session_number: number;
  total_sessions: number;
  original_job_id: string | null;
  /** The recurring series this job is a visit of (contract series.ts), or null. */
  series: JobSeriesRef | null;
  /** A provider's alternative schedule awaiting the client (schedule_change_pending). */
  proposed_start: string | null;
  proposed_end: string | null;
  /** The client's explanation when asking for another time. */
  modification_request: string | null;
  decline_reason: string | null;
  review_prompt_shown: boolean;
  /** The client's review of this job (one per job, decision record 0021), once written. */
  review_id: string | null;
  /** What the job costs (money.ts): null until it is accepted, and when its provider states no rate. */
  price: JobPrice | null;
  /** The job's quote (contract quotes.ts): where it stands, its newest version and total; null when none was sent. */
  quote: QuoteSummary | null;
  /** The job's bill once it ended (contract receipts.ts): a draft until its provider confirms the final lines; its total is the job's total. */
  bill: JobBillSummary | null;
  /**
   * The fee the client owes, recorded with its kind (contract cancellation.ts): a late
   * cancellation, or the client not showing up; both null when none. Never charged by the product.
   */
  fee_cents: number | null;
  fee_kind: JobFeeKind | null;
  /** The job's no-show report (one at most), with both sides' words; null when none. */
  no_show: JobNoShow | null;
  /** The provider's latest "on my way" (contract on-my-way.ts) while the job is upcoming; null otherwise. */
  on_my_way: JobOnMyWay | null;
  /**
   * The deposit its accepted quote asked for (contract payments.ts): while `due` the job stays
   * pending, its provider may only decline and its client cancel (free); paid, it became upcoming;
   * `released`, the hold ended unpaid or the job ended first. Null when the job asks for none.
   */
  deposit: JobDeposit | null;
  /** The provider's WhatsApp number (digits), for the client of an accepted job only; null for anyone else. */
  provider_whatsapp: string | null;
  client: JobPartyRef;
  provider: JobPartyRef;
  /** The provider's time zone, for showing wall-clock times. */
  timezone: string;
  allowed_actions: JobAction[];
  created_at: string;
  updated_at: string;
}

/** A page of `GET /jobs` (keyset pages: pass `next_cursor` back as `cursor`). */
export interface JobPage {
  items: Job[];
  next_cursor: string | null;
}

/** `GET /jobs` query: the caller's jobs, filtered. */
export interface JobFilters {
  status?: JobStatus[];
  /** Jobs where the caller is the client or the provider (default: both). */
  role?: 'client' | 'provider';
  /** ISO dates or instants bounding `scheduled_start`. */
  from?: string;
  to?: string;
  q?: string;
  /** By `scheduled_start`: newest first (`desc`, the default) or soonest first (`asc`). */
  order?: 'asc' | 'desc';
  limit?: number;
  cursor?: string;
}

/** `POST /jobs` body, a client's booking: times in ISO 8601 with offset; an address only for `client_location`. */
export interface NewBooking {
  provider_id: string;
  category_id: number;
  /** Optional: left out, the job is named after the service and the provider ("Plomería con …"). */
  title?: string;
  description: string;
  scheduled_start: string;
  duration_hours: number;
  location_type: LocationType;
  location_address?: string | null;
}

/** `POST /jobs/provider-create` body: a job a provider books for a client they know. */
export interface NewProviderJob extends Omit<NewBooking, 'provider_id' | 'title'> {
  client_id: string;
  title: string;
}

/** `POST /jobs/continuation` body: the next session of a job. */
export interface NewContinuation {
  original_job_id: string;
  scheduled_start: string;
  duration_hours: number;
  total_sessions?: number;
}

/** `PATCH /jobs/{id}` body: the action and the fields it needs. */
export type JobPatch =
  | { action: 'accept'; estimated_hours: number }
  | { action: 'decline'; reason?: string }
  | { action: 'propose_schedule'; scheduled_start: string; duration_hours: number }
  | { action: 'request_modification'; explanation: string }
  /** `expected_fee_cents`: the fee the client was shown (GET /jobs/{id}/cancellation); a different fee now refuses the cancel. */
  | { action: 'cancel'; reason?: string; expected_fee_cents?: number }
  | { action: Exclude<JobPatchAction, 'accept' | 'decline' | 'propose_schedule' | 'request_modification' | 'cancel'> };

export interface JobTransition {
  from_status: JobStatus | null;
  to_status: JobStatus;
  action: string;
  actor: JobActor;
  actor_id: string | null;
  at: string;
}

export interface JobTimeExtension {
  id: string;
  job_id: string;
  requested_by: string;
  additional_hours: number;
  reason: string | null;
  status: TimeExtensionStatus;
  created_at: string;
  decided_at: string | null;
}

/** `GET /providers/me/stats`. */
export interface ProviderStats {
  /** Requests waiting for the provider's answer (`awaitingProviderStatuses`), not those held for a client's deposit. */
  pending: number;
  upcoming: number;
  in_progress: number;
  completed: number;
  today: number;
  this_week: number;
  rating_average: number;
  review_count: number;
  completed_hours: number;
  /**
   * The sum of completed jobs' totals in cents: their bill's total (issue 28, confirmed or draft),
   * else the rate over the worked time (`JobPrice.total_cents`, issue 27), plus the fees clients
   * owe (late cancellations, no-shows). `month_earnings_cents` counts jobs ended (a fee: jobs
   * starting) this calendar month in the provider's zone.
   */
  earnings_cents: number;
  month_earnings_cents: number;
  /** Accepted jobs still to come: their accepted quote's total, else their estimate at the rate. */
  pending_earnings_cents: number;
  /**
   * Payments read back (contract payments.ts), whatever their method: `month_paid_cents` sums the
   * ones paid this calendar month in the provider's zone (before refunds), `month_refunded_cents`
   * the refunds made this month, `payments_pending_cents` the ones still open on a client's phone.
   */
  month_paid_cents: number;
  month_refunded_cents: number;
  payments_pending_cents: number;
  /** This month's earnings by the jobs' category, largest first. */
  month_by_category: CategoryEarnings[];
  /** The provider's public rate, the one rate prices are made from; null when they state none. */
  rate: ProviderRate | null;
}
