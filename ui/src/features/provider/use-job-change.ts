import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { jobKeys } from '../../lib/jobs.ts';
import type { Job } from '../../lib/jobs.ts';
import { problemText } from './messages.ts';

/**
 * One change to a job (an action, a start, a proposal): while it runs the screen shows it, on
 * success the answer replaces the shown job and every job list and stat refreshes, and on failure
 * the error's code is put in words where the action was asked.
 */
export function useJobChange<T>(jobId: string, change: (input: T) => Promise<unknown>) {
  const { t } = useTranslation('provider-jobs');
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: change, meta: { silent: true } });

  async function run(input: T, done: string): Promise<boolean> {
    setProblem(null);
    try {
      const answer = await mutation.mutateAsync(input);
      if (answer && typeof answer === 'object' && 'allowed_actions' in answer && (answer as Job).id === jobId) {
        queryClient.setQueryData(jobKeys.detail(jobId), answer);
      }
      toast.success(done);
      return true;
    } catch (error) {
      setProblem(problemText(t, error));
      return false;
    } finally {
      // Also after a refusal: a slot taken meanwhile must leave the offered slots and the job fresh.
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
    }
  }

  return { run, problem, pending: mutation.isPending, clearProblem: () => setProblem(null) };
}
