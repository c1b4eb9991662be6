/**
 * Every error a person or API user can meet, by stable code, with its HTTP status.
 * The api answers `{ error, status, code, details? }`; the ui translates `code` via `errors:<code>`.
 */
export const errorStatus = {
  // generic
  validation_failed: 400,
  invalid_json: 400,
  unauthorized: 401,
  token_expired: 401,
  forbidden: 403,
  not_found: 404,
  route_not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  unknown_query_parameter: 400,
  headers_too_large: 431,
  /** The live socket carries events only; requests go over HTTP (decision 0046). */
  live_request_refused: 400,
  /** A request carrying the refresh cookie came from a page of another origin (decision 0046). */
  origin_not_allowed: 403,
  // accounts and sessions
  email_taken: 409,
  invalid_credentials: 401,
  email_not_confirmed: 403,
  too_many_attempts: 429,
  login_blocked: 429,
  verification_link_invalid: 400,
  reset_link_invalid: 400,
  refresh_token_invalid: 401,
  // phone verification (SPEC.md §8)
  invalid_code: 400,
  code_expired: 400,
  no_attempts_left: 429,
  phone_already_registered: 409,
  phone_taken: 409,
  phone_send_failed: 502,
  phone_not_verified: 409,
  // files
  file_too_large: 413,
  file_type_not_supported: 415,
  // provider schedule and onboarding
  date_already_blocked: 409,
  slot_not_found: 404,
  onboarding_incomplete: 409,
  already_onboarded: 409,
  // jobs and bookings (SPEC.md §8)
  time_not_available: 409,
  booking_too_far_ahead: 400,
  slot_already_booked: 409,
  outside_business_hours: 409,
  provider_unavailable: 409,
  provider_closed_weekday: 409,
  provider_not_found: 404,
  job_not_found: 404,
  /** The fee of cancelling now differs from the one the client was shown (contract cancellation.ts). */
  cancellation_fee_changed: 409,
  /** A client asks for another time later than their provider's notice allows. */
  reschedule_too_late: 409,
  invalid_transition: 409,
  not_on_scheduled_day: 409,
  extension_not_found: 404,
  extension_already_decided: 409,
  extension_pending: 409,
  /** "On my way" (contract on-my-way.ts): an arrival estimate outside 5 minutes to 4 hours from now. */
  arrival_out_of_range: 400,
  /** A WhatsApp number that cannot be a mobile (toll-free, premium, a service code). */
  whatsapp_not_mobile: 400,
  /** Bills (contract receipts.ts): a job has one once it ended; once confirmed it never changes. */
  bill_not_ready: 409,
  bill_already_confirmed: 409,
  receipt_not_found: 404,
  /** No-shows (contract no-shows.ts): a report before start + 15 minutes, a second report, a second answer. */
  no_show_too_early: 409,
  no_show_already_reported: 409,
  no_show_not_found: 404,
  no_show_already_answered: 409,
  no_show_already_resolved: 409,
  /**
   * Quotes (contract quotes.ts): accepting or countering a version a revision replaced, or one past
   * its valid-until; answering a quote that was already accepted, declined or withdrawn; a total over
   * `quoteLimits.totalMaxCents`.
   */
  quote_not_found: 404,
  quote_superseded: 409,
  quote_expired: 409,
  quote_already_answered: 409,
  quote_total_too_large: 400,
  // messages (SPEC.md §8, DESIGN.md §8)
  conversation_not_found: 404,
  message_not_found: 404,
  recipient_not_found: 404,
  /** A provider may only start a conversation with a client they have a job with. */
  conversation_not_allowed: 403,
  /** The other participant blocked the conversation: reading goes on, writing does not. */
  conversation_blocked: 403,
  /** The sender's 20 an hour or 50 a day (SPEC.md §9); Retry-After says when. */
  message_limit_reached: 429,
  /** Only the sender edits or deletes a message, and not a deleted or automatic one. */
  message_not_editable: 403,
  // reviews
  review_not_allowed: 403,
  review_already_given: 409,
  review_not_found: 404,
  // portfolio projects
  project_not_found: 404,
  like_not_allowed: 403,
  too_many_images: 400,
  project_cover_required: 400,
  project_image_unknown: 400,
  project_image_in_use: 409,
  // client logs
  log_batch_too_large: 413,
  // verification and the admin's account actions
  /** A provider has one request waiting for review at a time. */
  verification_pending: 409,
  verification_not_found: 404,
  /** The request was approved or rejected already. */
  verification_already_decided: 409,
  /** An admin suspended the account: no sign-in, no session. */
  account_suspended: 403,
  account_not_found: 404,
  /** An admin cannot suspend their own account or another admin's. */
  account_not_suspendable: 409,
  // waitlist and loyalty
  /** The waitlist confirmation link is unknown or expired. */
  waitlist_link_invalid: 400,
  waitlist_signup_not_found: 404,
  /**
   * Recurring jobs (contract series.ts): a series longer than `seriesLimits.maxVisits`; visits that
   * conflict and the client did not agree to leave out (details: visit number → conflict).
   */
  series_too_long: 400,
  series_conflicts: 409,
  series_not_found: 404,
  // earlier-slot alerts (contract slot-alerts.ts)
  /** The day still has a free time of that length (book it), or is closed, blocked or past: nothing to wait for. */
  slot_alert_day_not_full: 409,
  /** The client already waits on `slotAlertLimits.maxActivePerClient` days. */
  slot_alert_limit_reached: 409,
  slot_alert_not_found: 404,
  // deposits and payments (contract payments.ts)
  /** The processor refused the ATH Business tokens. */
  payment_account_refused: 422,
  /** The processor did not answer; nothing was changed. */
  payment_processor_unavailable: 503,
  /** The provider has no connected account. */
  payments_not_accepted: 409,
  /** The job already has a payment waiting on the phone. */
  payment_already_open: 409,
  /** Nothing (or under $1) is due for that purpose now. */
  payment_not_due: 409,
  payment_not_found: 404,
  payment_not_open: 409,
  payment_not_paid: 409,
  /** More than what is left of the payment. */
  refund_too_large: 409,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

/** Codes of field-level validation problems, reported in `details` as field -> code. */
export const fieldErrorCodes = [
  'required',
  'invalid_type',
  'too_short',
  'too_long',
  'invalid_format',
  'not_allowed',
  'out_of_range',
  'unknown_field',
  'password_lowercase',
  'password_uppercase',
  'password_digit',
  'password_special',
  'passwords_mismatch',
  'invalid_email',
  'invalid_name',
  'invalid_phone',
  'invalid_ein',
  'invalid_zip',
  'invalid_url',
  'invalid_state',
  'invalid_city',
  'too_young',
  'date_in_future',
  'invalid_date',
  'invalid_code',
] as const;

export type FieldErrorCode = (typeof fieldErrorCodes)[number];

export interface ApiErrorBody {
  error: string;
  status: number;
  code: ErrorCode | string;
  details?: Record<string, FieldErrorCode | string>;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(errorStatus, value);
}
