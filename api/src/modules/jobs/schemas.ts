/** joi for jobs and time extensions, built from contract/src/jobs.ts (one source for each limit). */
import Joi from 'joi';
import {
  billStatuses,
  contactMethods,
  isValidJobHours,
  jobActions,
  jobActors,
  jobLimits,
  jobFeeKinds,
  jobPatchActions,
  jobStatuses,
  locationTypes,
  quoteStatuses,
  noShowLimits,
  noShowReporters,
  noShowStatuses,
  rateUnits,
  timeExtensionStatuses,
  type JobFilters,
  type JobPatch,
  type JobStatus,
  type AdminNoShowFilters,
  type NewBooking,
  type NewNoShowReport,
  type NoShowAnswer,
  type NoShowResolution,
  type NewContinuation,
  type NewProviderJob,
  type TimeExtensionStatus,
} from '@resuelve/contract';
import { schemas, withinBounds } from '../../lib/validation.ts';
import { cancellationPolicySchema } from '../providers/index.ts';
import { jobSeriesRefSchema } from './schemas/series-ref.ts';
import { jobOnMyWaySchema } from './schemas/on-my-way.ts';
import { jobDepositSchema } from './schemas/deposits.ts';

const rule = { 'any.rule': '{{#label}} fails the rule {{#rule}}' };

/**
 * An instant in ISO 8601 with its offset (or Z), e.g. 2026-11-23T09:00:00-04:00. A job's time is
 * bounded by checkSchedule (`booking_too_far_ahead`, decision 0023) before any statement reads it.
 */
export const instant = Joi.string()
  .max(40)
  .custom((value: string, helpers) => {
    const shaped = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value);
    return shaped && !Number.isNaN(Date.parse(value)) ? value : helpers.error('any.rule', { rule: 'invalid_date' });
  })
  .messages(rule);

/** A calendar day or an instant (list bounds), within contract's `dateBounds`. */
const dayOrInstant = withinBounds(
  Joi.alternatives()
    .try(
      Joi.string()
        .pattern(/^\d{4}-\d{2}-\d{2}$/)
        .custom((value: string, helpers) => (Number.isNaN(Date.parse(value)) ? helpers.error('any.rule', { rule: 'invalid_date' }) : value)),
      instant,
    )
    .messages(rule),
);

/** Hours: at least a quarter hour, in quarter-hour steps, at most a day. */
export const hours = Joi.number()
  .custom((value: number, helpers) => (isValidJobHours(value) ? value : helpers.error('any.rule', { rule: 'out_of_range' })))
  .messages(rule);

const categoryId = Joi.number().integer().min(1).max(2_147_483_647);
const title = Joi.string().trim().min(jobLimits.titleMinLength).max(jobLimits.titleMaxLength);
const description = Joi.string().trim().max(jobLimits.descriptionMaxLength).allow('');
const reason = Joi.string().trim().max(jobLimits.reasonMaxLength).allow('');

const jobFields = {
  category_id: categoryId.required(),
  title: title.required(),
  description: description.default(''),
  scheduled_start: instant.required(),
  duration_hours: hours.required(),
  location_type: Joi.string().valid(...locationTypes).required(),
  // Only the custom address of client_location carries one (and needs it).
  location_address: Joi.when('location_type', {
    is: 'client_location',
    then: Joi.string().trim().min(3).max(jobLimits.addressMaxLength).required(),
    otherwise: Joi.valid(null, ''),
  }),
};

/** A client's booking may leave the title out (or blank): the service names it (service/booking.ts defaultTitle). */
export const newBookingBody = Joi.object<NewBooking>({ provider_id: schemas.uuid.required(), ...jobFields, title: title.empty('') }).label('NewBooking');

export const newProviderJobBody = Joi.object<NewProviderJob>({ client_id: schemas.uuid.required(), ...jobFields }).label('NewProviderJob');

export const newContinuationBody = Joi.object<NewContinuation>({
  original_job_id: schemas.uuid.required(),
  scheduled_start: instant.required(),
  duration_hours: hours.required(),
  total_sessions: Joi.number().integer().min(2).max(jobLimits.maxSessions),
}).label('NewContinuation');

const needs = (actions: string[], schema: Joi.Schema) =>
  Joi.when('action', { is: Joi.valid(...actions), then: schema.required(), otherwise: Joi.forbidden() });

/** Every field some action of a JobPatch carries: the schema names them all, `action` picks which apply. */
type KeysOfEach<T> = T extends unknown ? keyof T : never;
type JobPatchFields = Partial<Record<KeysOfEach<JobPatch>, unknown>>;

export const jobPatchBody = Joi.object<JobPatch, false, JobPatchFields>({
  action: Joi.string().valid(...jobPatchActions).required(),
  estimated_hours: needs(['accept'], hours),
  scheduled_start: needs(['propose_schedule'], instant),
  duration_hours: needs(['propose_schedule'], hours),
  explanation: needs(['request_modification'], Joi.string().trim().min(jobLimits.explanationMinLength).max(jobLimits.explanationMaxLength)),
  reason: Joi.when('action', { is: Joi.valid('decline', 'cancel'), then: reason, otherwise: Joi.forbidden() }),
  // The fee the client was shown (GET /jobs/{id}/cancellation): a different fee now is 409 cancellation_fee_changed.
  expected_fee_cents: Joi.when('action', { is: 'cancel', then: Joi.number().integer().min(0).max(100_000_000), otherwise: Joi.forbidden() }),
}).label('JobPatch');

/** GET /jobs/{id}/cancellation: what cancelling now costs the client (contract cancellation.ts). */
export const cancellationPreviewSchema = Joi.object({
  fee_cents: Joi.number().integer().min(0).required(),
  free_until: Joi.string().allow(null).required().description('The last instant cancelling is free; null when it is always free'),
  base_cents: Joi.number().integer().min(0).allow(null).required().description('The total the fee is taken from and capped at'),
  policy: cancellationPolicySchema.required(),
}).label('CancellationPreview');

const statusList = Joi.string()
  .max(300)
  .custom((value: string, helpers) => {
    const list = value.split(',').map((s) => s.trim()).filter(Boolean);
    return list.every((s) => (jobStatuses as readonly string[]).includes(s)) ? list : helpers.error('any.rule', { rule: 'not_allowed' });
  })
  .messages(rule);

const role = Joi.string().valid('client', 'provider');

/** A body that carries nothing (an action named by its path): `{}` or none. */
export const emptyBody = Joi.object({}).allow(null);

/** GET /jobs's query once validated: order and limit have their defaults. */
export type ListFilters = JobFilters & Required<Pick<JobFilters, 'order' | 'limit'>>;

export const jobListQuery = Joi.object<ListFilters>({
  status: statusList,
  role,
  from: dayOrInstant,
  to: dayOrInstant,
  q: Joi.string().trim().max(100).allow(''),
  order: Joi.string().valid('asc', 'desc').default('desc'),
  limit: Joi.number().integer().min(1).max(jobLimits.listPageSizeMax).default(jobLimits.listPageSizeDefault),
  cursor: Joi.string().max(200),
});

/** GET /jobs/list: every job of the caller touching [from, to). */
export interface CalendarRange {
  from: string;
  to: string;
  status?: JobStatus[];
  role?: 'client' | 'provider';
}

export const calendarQuery = Joi.object<CalendarRange>({ from: dayOrInstant.required(), to: dayOrInstant.required(), status: statusList, role });

const nullableInstant = Joi.string().allow(null);
const partyRef = Joi.object({ id: Joi.string().required(), name: Joi.string().allow('').required(), profile_picture_url: Joi.string().allow(null).required() });

/** A rate as a job keeps it (contract money.ts). */
const rateSnapshotSchema = Joi.object({ amount_cents: Joi.number().integer().required(), unit: Joi.string().valid(...rateUnits).required() });

const jobPriceSchema = Joi.object({
  rate: rateSnapshotSchema.required().description('The rate as it was when the job was accepted'),
  estimate_cents: Joi.number().integer().required().description('The rate over the booked time'),
  total_cents: Joi.number().integer().allow(null).required().description('Once completed: the rate over the worked time'),
}).label('JobPrice');

/** A job's no-show report (contract no-shows.ts), as both parties and the admin read it. */
const noShowFields = {
  id: Joi.string().required(),
  reported_by: Joi.string().valid(...noShowReporters).required(),
  note: Joi.string().required(),
  answer: Joi.string().allow(null).required(),
  answered_at: nullableInstant.required(),
  fee_cents: Joi.number().integer().min(0).allow(null).required(),
  fee_waived: Joi.boolean().required(),
  status: Joi.string().valid(...noShowStatuses).required(),
  resolution: Joi.string().allow(null, '').required(),
  resolved_at: nullableInstant.required(),
  created_at: Joi.string().required(),
};

const noShowSchema = Joi.object(noShowFields).label('JobNoShow');

export const jobSchema = Joi.object({
  id: Joi.string().required(),
  status: Joi.string().valid(...jobStatuses).required(),
  client_id: Joi.string().required(),
  provider_id: Joi.string().required(),
  category_id: Joi.number().integer().allow(null).required(),
  title: Joi.string().required(),
  description: Joi.string().allow('').required(),
  scheduled_start: Joi.string().required(),
  scheduled_end: Joi.string().required(),
  duration_hours: Joi.number().required(),
  estimated_hours: Joi.number().allow(null).required(),
  actual_hours: Joi.number().allow(null).required(),
  started_at: nullableInstant.required(),
  ended_at: nullableInstant.required(),
  location_type: Joi.string().valid(...locationTypes).required(),
  location_address: Joi.string().allow(null).required(),
  place: Joi.object({ municipality: Joi.string().allow(null).required(), address: Joi.string().allow(null).required() }).required(),
  client_contact: Joi.object({
    preferred_contact: Joi.string().valid(...contactMethods).required(),
    phone: Joi.string().allow(null).required(),
    email: Joi.string().allow(null).required(),
  })
    .allow(null)
    .required(),
  session_number: Joi.number().integer().required(),
  total_sessions: Joi.number().integer().required(),
  original_job_id: Joi.string().allow(null).required(),
  series: jobSeriesRefSchema.allow(null).required(),
  proposed_start: nullableInstant.required(),
  proposed_end: nullableInstant.required(),
  modification_request: Joi.string().allow(null).required(),
  decline_reason: Joi.string().allow(null, '').required(),
  review_prompt_shown: Joi.boolean().required(),
  review_id: Joi.string().allow(null).required(),
  price: jobPriceSchema.allow(null).required(),
  quote: Joi.object({
    id: Joi.string().required(),
    status: Joi.string().valid(...quoteStatuses).required(),
    version: Joi.number().integer().required(),
    total_cents: Joi.number().integer().required(),
    valid_until: Joi.string().required(),
  })
    .label('QuoteSummary')
    .allow(null)
    .required()
    .description("The job's quote, if any: where it stands, its newest version and total"),
  bill: Joi.object({
    status: Joi.string().valid(...billStatuses).required(),
    subtotal_cents: Joi.number().integer().required(),
    tax_cents: Joi.number().integer().required(),
    total_cents: Joi.number().integer().required(),
    confirmed_at: nullableInstant.required(),
  })
    .label('JobBillSummary')
    .allow(null)
    .required()
    .description("The job's bill once it ended: a draft until its provider confirms it; its total is the job's total"),
  fee_cents: Joi.number().integer().min(0).allow(null).required().description('The fee the client owes (a late cancellation, a no-show); recorded, never charged'),
  fee_kind: Joi.string().valid(...jobFeeKinds).allow(null).required(),
  no_show: noShowSchema.allow(null).required(),
  on_my_way: jobOnMyWaySchema.allow(null).required(),
  deposit: jobDepositSchema.allow(null).required().description('The deposit its accepted quote asked for; null when none'),
  provider_whatsapp: Joi.string().allow(null).required().description("The provider's WhatsApp digits, for the client of an accepted job only"),
  client: partyRef.required(),
  provider: partyRef.required(),
  timezone: Joi.string().required(),
  allowed_actions: Joi.array().items(Joi.string().valid(...jobActions)).required(),
  created_at: Joi.string().required(),
  updated_at: Joi.string().required(),
}).label('Job');

export const jobPage = Joi.object({ items: Joi.array().items(jobSchema).required(), next_cursor: Joi.string().allow(null).required() }).label('JobPage');
export const jobItems = Joi.object({ items: Joi.array().items(jobSchema).required() }).label('Jobs');

export const jobHistory = Joi.object({
  items: Joi.array()
    .items(
      Joi.object({
        from_status: Joi.string().allow(null).required(),
        to_status: Joi.string().required(),
        action: Joi.string().required(),
        actor: Joi.string().valid(...jobActors).required(),
        actor_id: Joi.string().allow(null).required(),
        at: Joi.string().required(),
      }),
    )
    .required(),
}).label('JobHistory');

/** POST /job-time-extensions: the provider asks for more hours. */
export interface NewTimeExtension {
  job_id: string;
  additional_hours: number;
  reason?: string | null;
}

export const newExtensionBody = Joi.object<NewTimeExtension>({
  job_id: schemas.uuid.required(),
  additional_hours: hours.required(),
  reason: reason.allow(null),
}).label('NewTimeExtension');

/** PUT /job-time-extensions/{id}: the client's answer. */
export interface TimeExtensionAnswer {
  status: 'approved' | 'declined';
}

export const extensionAnswerBody = Joi.object<TimeExtensionAnswer>({ status: Joi.string().valid('approved', 'declined').required() }).label('TimeExtensionAnswer');

/** GET /job-time-extensions: the caller's requests, by status. */
export interface ExtensionFilters {
  status?: TimeExtensionStatus;
  limit: number;
}

export const extensionListQuery = Joi.object<ExtensionFilters>({
  status: Joi.string().valid(...timeExtensionStatuses),
  limit: Joi.number().integer().min(1).max(jobLimits.listPageSizeMax).default(50),
});

export const extensionSchema = Joi.object({
  id: Joi.string().required(),
  job_id: Joi.string().required(),
  requested_by: Joi.string().allow('').required(),
  additional_hours: Joi.number().required(),
  reason: Joi.string().allow(null).required(),
  status: Joi.string().valid(...timeExtensionStatuses).required(),
  created_at: Joi.string().required(),
  decided_at: Joi.string().allow(null).required(),
}).label('JobTimeExtension');

export const extensionItems = Joi.object({ items: Joi.array().items(extensionSchema).required() }).label('JobTimeExtensions');

export const providerStatsSchema = Joi.object({
  pending: Joi.number().integer().required(),
  upcoming: Joi.number().integer().required(),
  in_progress: Joi.number().integer().required(),
  completed: Joi.number().integer().required(),
  today: Joi.number().integer().required(),
  this_week: Joi.number().integer().required(),
  rating_average: Joi.number().required(),
  review_count: Joi.number().integer().required(),
  completed_hours: Joi.number().required(),
  earnings_cents: Joi.number().integer().required(),
  month_earnings_cents: Joi.number().integer().required(),
  pending_earnings_cents: Joi.number().integer().required(),
  month_paid_cents: Joi.number().integer().required().description("Payments paid this month in the provider's zone, before refunds"),
  month_refunded_cents: Joi.number().integer().required().description('Refunds made this month'),
  payments_pending_cents: Joi.number().integer().required().description("Payments still open on a client's phone"),
  month_by_category: Joi.array()
    .items(Joi.object({ category_id: Joi.number().integer().allow(null).required(), jobs: Joi.number().integer().required(), total_cents: Joi.number().integer().required() }))
    .required(),
  rate: rateSnapshotSchema.keys({ from: Joi.boolean().required() }).allow(null).required().description('The public rate, the one rate prices are made from'),
}).label('ProviderStats');

const noShowText = Joi.string().trim().min(noShowLimits.textMinLength).max(noShowLimits.textMaxLength);

/** POST /jobs/{id}/no-show: the reporter's words. */
export const noShowReportBody = Joi.object<NewNoShowReport>({ note: noShowText.required() }).label('NewNoShowReport');

/** POST /jobs/{id}/no-show/answer: the other side's words. */
export const noShowAnswerBody = Joi.object<NoShowAnswer>({ text: noShowText.required() }).label('NoShowAnswer');

export const noShowPreviewSchema = Joi.object({ opens_at: Joi.string().required(), fee_cents: Joi.number().integer().min(0).required() }).label('NoShowPreview');

/** GET /admin/no-shows once validated. */
export type NoShowListFilters = AdminNoShowFilters & Required<Pick<AdminNoShowFilters, 'limit' | 'offset'>>;

export const adminNoShowQuery = Joi.object<NoShowListFilters>({
  status: Joi.string().valid(...noShowStatuses),
  limit: Joi.number().integer().min(1).max(noShowLimits.pageSizeMax).default(noShowLimits.pageSizeDefault),
  offset: Joi.number().integer().min(0).max(1_000_000).default(0),
});

export const adminNoShowSchema = Joi.object({
  ...noShowFields,
  job: Joi.object({
    id: Joi.string().required(),
    title: Joi.string().required(),
    scheduled_start: Joi.string().required(),
    status: Joi.string().valid(...jobStatuses).required(),
    timezone: Joi.string().required(),
  }).required(),
  client: Joi.object({ id: Joi.string().required(), name: Joi.string().allow('').required() }).required(),
  provider: Joi.object({ id: Joi.string().required(), name: Joi.string().allow('').required() }).required(),
}).label('AdminNoShowReport');

export const adminNoShowPage = Joi.object({ items: Joi.array().items(adminNoShowSchema).required(), total: Joi.number().integer().min(0).required() }).label('AdminNoShowPage');

/** POST /admin/no-shows/{id}/resolve: the admin's note, and whether the fee is waived. */
export const noShowResolutionBody = Joi.object<NoShowResolution>({
  note: Joi.string().trim().min(1).max(noShowLimits.resolutionMaxLength).required(),
  waive_fee: Joi.boolean().default(false),
}).label('NoShowResolution');
