import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { problemText } from '../../lib/api-error.ts';
import { jobKeys, jobQueries } from './api.ts';
import type { Job } from './api.ts';

/**
 * One change to a job (an action, a start, a proposal, an answer to an extension), for the
 * client's and the provider's screens: while it runs the screen shows it; on success the answered
 * job replaces the shown one and a toast says `done`; on failure the error's code is put in words
 * where the change was asked. Either way every job query refreshes (`jobKeys.all`), so a job
 * changed meanwhile by the other side, or a slot taken meanwhile, shows its real state.
 */
export function useJobChange<T>(change: (input: T) => Promise<unknown>) {
  const { t } = useTranslation('errors');
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: change, meta: { silent: true } });

  async function run(input: T, done: string): Promise<boolean> {
    setProblem(null);
    try {
      const answer = await mutation.mutateAsync(input);
      if (answer && typeof answer === 'object' && 'allowed_actions' in answer) {
        queryClient.setQueryData(jobQueries.detail((answer as Job).id).queryKey, answer as Job);
      }
      toast.success(done);
      return true;
    } catch (error) {
      setProblem(problemText(t, error));
      return false;
    } finally {
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
    }
  }

  return { run, problem, pending: mutation.isPending, clearProblem: () => setProblem(null) };
}
