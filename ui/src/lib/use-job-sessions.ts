import { useQuery } from '@tanstack/react-query';
import { fetchJobSessions, jobKeys } from './jobs.ts';

/** Every session of the plan a job belongs to (GET /jobs/{id}/sessions); under `jobKeys.all`, so live events refresh it. */
export function useJobSessions(jobId: string) {
  return useQuery({ queryKey: jobKeys.sessions(jobId), queryFn: ({ signal }) => fetchJobSessions(jobId, signal), meta: { silent: true } });
}
