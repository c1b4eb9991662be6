/**
 * A job's no-show report as every job answer carries it (`Job.no_show`): one subselect in the jobs
 * view (the report's unique index on job_id), so a page of jobs reads its reports in the same
 * statement, never one query per job.
 */
import type { JobNoShow } from '@resuelve/contract';
import { isoInZone } from '../../availability/index.ts';

/** The report as the view's json reads it: the answer's fields, instants as PostgreSQL writes them in json. */
export type NoShowJson = JobNoShow;

const fields: readonly (keyof JobNoShow)[] = ['id', 'reported_by', 'note', 'answer', 'answered_at', 'fee_cents', 'fee_waived', 'status', 'resolution', 'resolved_at', 'created_at'];

/** The report of the job `j` as json, or null: a column of the jobs view. */
export const noShowJsonSql = `(SELECT json_build_object(${fields.map((field) => `'${field}', n.${field}`).join(', ')})
  FROM no_show_reports n WHERE n.job_id = j.id) AS no_show`;

const inZone = (value: string | null, timeZone: string) => (value === null ? null : isoInZone(new Date(value), timeZone));

/** The report for a job answer, its instants in the provider's zone like the job's own. */
export function toJobNoShow(report: NoShowJson | null, timeZone: string): JobNoShow | null {
  if (!report) return null;
  return {
    ...report,
    answered_at: inZone(report.answered_at, timeZone),
    resolved_at: inZone(report.resolved_at, timeZone),
    created_at: inZone(report.created_at, timeZone)!,
  };
}
