/**
 * No-shows (issue 28): from `noShowGraceMinutes` after an upcoming job's start, its provider may
 * mark the client absent (the job becomes `cancelled_by_client`, with the provider's late
 * cancellation fee recorded on it, kind `client_no_show`, contract/src/cancellation.ts) or its
 * client may report that the provider did not come (the job becomes `cancelled`, never a fee to the
 * client). One report per job. The other side answers once, in their own words; an admin reads the
 * open reports with both sides' words and resolves each one, possibly waiving the fee.
 *
 * The start is always the job's own `scheduled_start`, read by the api: a report never says when.
 */

/** Minutes after the start before a party may report a no-show (a late arrival is not one). */
export const noShowGraceMinutes = 15;

/** Who reported: the provider (the client was absent) or the client (the provider did not come). */
export const noShowReporters = ['provider', 'client'] as const;
export type NoShowReporter = (typeof noShowReporters)[number];

export const noShowStatuses = ['open', 'resolved'] as const;
export type NoShowStatus = (typeof noShowStatuses)[number];

export const noShowLimits = {
  /** The reporter's note and the other side's answer: a few words at least, a short paragraph at most. */
  textMinLength: 3,
  textMaxLength: 1000,
  /** The admin's note when resolving. */
  resolutionMaxLength: 1000,
  /** Reports on one page of the admin's list. */
  pageSizeDefault: 50,
  pageSizeMax: 200,
} as const;

/** The instant a no-show may first be reported: `start + noShowGraceMinutes` (that instant included). */
export function noShowOpensAt(start: Date | string): Date {
  const ms = typeof start === 'string' ? Date.parse(start) : start.getTime();
  return new Date(ms + noShowGraceMinutes * 60_000);
}

/** A job's no-show report as both parties see it (`Job.no_show`). */
export interface JobNoShow {
  id: string;
  reported_by: NoShowReporter;
  /** The reporter's words. */
  note: string;
  /** The other side's words, once they answered (they answer once); else null. */
  answer: string | null;
  answered_at: string | null;
  /** The fee recorded for the client's absence (cents); null when the provider did not come, or no fee applies. */
  fee_cents: number | null;
  /** Whether an admin waived the fee when resolving. */
  fee_waived: boolean;
  status: NoShowStatus;
  /** The admin's note, once resolved. */
  resolution: string | null;
  resolved_at: string | null;
  created_at: string;
}

/** `POST /jobs/{id}/no-show`: the reporter's words. */
export interface NewNoShowReport {
  note: string;
}

/** `POST /jobs/{id}/no-show/answer`: the other side's words. */
export interface NoShowAnswer {
  text: string;
}

/** `GET /jobs/{id}/no-show/preview`: when a report opens and the fee the client's absence records now. */
export interface NoShowPreview {
  /** ISO 8601: `scheduled_start + noShowGraceMinutes`. */
  opens_at: string;
  /** The late fee per the provider's policy (0 when none); always 0 for the client's report. */
  fee_cents: number;
}

/** `GET /admin/no-shows` query. */
export interface AdminNoShowFilters {
  status?: NoShowStatus;
  limit?: number;
  offset?: number;
}

/** One report as the admin's list shows it: the job, both parties by name, both sides' words. */
export interface AdminNoShowReport extends JobNoShow {
  job: { id: string; title: string; scheduled_start: string; status: string; timezone: string };
  client: { id: string; name: string };
  provider: { id: string; name: string };
}

export interface AdminNoShowPage {
  items: AdminNoShowReport[];
  total: number;
}

/** `POST /admin/no-shows/{id}/resolve`: the admin's note; `waive_fee` clears the fee recorded on the job. */
export interface NoShowResolution {
  note: string;
  waive_fee?: boolean;
}
