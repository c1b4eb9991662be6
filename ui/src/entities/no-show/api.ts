/**
 * No-shows as the ui reads and changes them (contract no-shows.ts): the preview a report's dialog
 * shows (when it opens, the fee the client's absence records), the report and its one answer on a
 * job's page, and the admin's list and resolution. A report or an answer answers the job, which
 * then carries the report (`Job.no_show`), so the job's queries refresh (`useJobChange`).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminNoShowPage, AdminNoShowReport, Job, NoShowPreview, NoShowResolution, NoShowStatus } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';
import { adminKeys } from '../admin/api.ts';
import { jobKeys } from '../job/api.ts';

export type { AdminNoShowPage, AdminNoShowReport, NoShowPreview };

const byId = (id: string) => encodeURIComponent(id);

export const noShowQueries = {
  /** GET /jobs/{id}/no-show/preview: under the job's keys, so every job change refreshes it. */
  preview: (jobId: string) =>
    queryOptions({
      queryKey: [...jobKeys.all, 'no-show-preview', jobId] as const,
      queryFn: ({ signal }) => apiFetch<NoShowPreview>(`/jobs/${byId(jobId)}/no-show/preview`, { signal }),
    }),
  /** GET /admin/no-shows: reports by status, the longest waiting first. */
  admin: (status: NoShowStatus, offset: number, limit = 20) =>
    queryOptions({
      queryKey: [...adminKeys.all, 'no-shows', status, offset, limit] as const,
      queryFn: ({ signal }) =>
        apiFetch<AdminNoShowPage>(`/admin/no-shows?${new URLSearchParams({ status, offset: String(offset), limit: String(limit) })}`, { signal }),
      placeholderData: keepPreviousData,
    }),
};

export function reportNoShow(jobId: string, note: string): Promise<Job> {
  return apiFetch<Job>(`/jobs/${byId(jobId)}/no-show`, { method: 'POST', body: { note } });
}

export function answerNoShow(jobId: string, text: string): Promise<Job> {
  return apiFetch<Job>(`/jobs/${byId(jobId)}/no-show/answer`, { method: 'POST', body: { text } });
}

export function resolveNoShow(id: string, resolution: NoShowResolution): Promise<AdminNoShowReport> {
  return apiFetch<AdminNoShowReport>(`/admin/no-shows/${byId(id)}/resolve`, { method: 'POST', body: resolution });
}
