import { useQuery } from '@tanstack/react-query';
import { jobQueries } from './api.ts';

/** Every session of the plan a job belongs to; under `jobKeys.all`, so live events refresh it. */
export function useJobSessions(jobId: string) {
  return useQuery({ ...jobQueries.sessions(jobId), meta: { silent: true } });
}
