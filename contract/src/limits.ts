/** Business constants and limits of SPEC.md §9 and DESIGN.md, one home for each. */
export const limits = {
  passwordMinLength: 8,
  passwordMaxLength: 128,
  emailMaxLength: 254,
  nameMaxLength: 80,
  phoneMinDigits: 10,
  phoneMaxDigits: 15,
  companyNameMin: 2,
  companyNameMax: 100,
  yearsExperienceMax: 80,
  addressMaxLength: 200,
  cityMinLength: 2,
  cityMaxLength: 80,
  minimumAgeYears: 13,
  verificationCodeLength: 6,
  messageMaxLength: 500,
  messagesPerDay: 50,
  messagesPerHour: 20,
  attachmentMaxBytes: 25 * 1024 * 1024,
  profileImageMaxBytes: 5 * 1024 * 1024,
  projectImageMaxBytes: 10 * 1024 * 1024,
  projectImagesMax: 10,
  minimumJobHours: 0.25,
  defaultAvailabilityMinutes: 60,
  dashboardUpcomingDays: 7,
  /** Sign-in: failures in a row before the account is locked, and for how long. */
  loginFailuresBeforeLock: 5,
  loginLockSeconds: 30,
  /** Sign-in attempts from one address across accounts in a window before "temporarily blocked". */
  loginAttemptsPerAddress: 30,
  loginAddressWindowSeconds: 600,
  accessTokenSeconds: 15 * 60,
  refreshTokenDays: 30,
  verificationLinkHours: 48,
  resetLinkMinutes: 60,
  /** Client logs (SPEC.md §9): batch at 50 entries or every 15 seconds. */
  logBatchSize: 50,
  logFlushMs: 15_000,
  logBatchMaxEntries: 100,
  logMessageMaxLength: 2000,
  /** Lists: hard maximum page size. */
  pageSizeMax: 100,
  /** Idempotency-Key header: printable ASCII, at most this long (DESIGN.md §3). */
  idempotencyKeyMaxLength: 200,
  /** Toasts (SPEC.md §9). */
  toastDurationMs: 4000,
  errorsBeforeRecoveryToast: 5,
  recoveryRetryDelayMs: 2000,
} as const;

/** Query client rules of SPEC.md §9. */
export const queryPolicy = {
  staleTimeMs: 30_000,
  retryableClientStatuses: [408, 429] as readonly number[],
  clientErrorMaxTries: 2,
  serverErrorMaxTries: 3,
  backoffBaseMs: 1000,
  backoffMaxMs: 30_000,
  reconnectRetryMs: 1000,
  mutationRetryDelayMs: 2000,
} as const;

export function retryDelayMs(attemptIndex: number): number {
  return Math.min(queryPolicy.backoffBaseMs * 2 ** attemptIndex, queryPolicy.backoffMaxMs);
}

/**
 * The days and instants a request may name at all (a list's bounds, a blocked date, a project's
 * dates, a search's day): far enough for any real use, near enough that no date arithmetic in
 * PostgreSQL leaves its range (year 9999 plus a time zone did, issue 25). Outside: 400 with
 * `out_of_range`. Bookings have their own, nearer bound (`latestBookableStart`).
 */
export const dateBounds = {
  earliest: '1900-01-01',
  latest: '2199-12-31',
} as const;

/** Whether a YYYY-MM-DD day (or the day of an ISO instant) lies within `dateBounds`. */
export function withinDateBounds(value: string): boolean {
  const day = value.slice(0, 10);
  return day >= dateBounds.earliest && day <= dateBounds.latest;
}
