import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { problemText } from '../../lib/api-error.ts';
import { jobKeys } from '../job/api.ts';
import { providerKeys } from '../provider/api.ts';
import { reviewKeys } from './api.ts';

/** After a review changes, what shows it or its figures: review lists, the profile's rating, the console's stats. */
export function refreshAfterReview(queryClient: ReturnType<typeof useQueryClient>): void {
  void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
  void queryClient.invalidateQueries({ queryKey: providerKeys.all });
  void queryClient.invalidateQueries({ queryKey: jobKeys.all });
}

/**
 * One change to a review (write, edit, delete, reply): while it runs the form waits; on success a
 * toast says `done`; on failure the error's code is put in words where the change was asked.
 * Either way the lists and figures refresh.
 */
export function useReviewChange<T, R>(change: (input: T) => Promise<R>) {
  const { t } = useTranslation('errors');
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: change, meta: { silent: true } });

  async function run(input: T, done: string): Promise<boolean> {
    setProblem(null);
    try {
      await mutation.mutateAsync(input);
      toast.success(done);
      return true;
    } catch (error) {
      setProblem(problemText(t, error));
      return false;
    } finally {
      refreshAfterReview(queryClient);
    }
  }

  return { run, problem, pending: mutation.isPending, clearProblem: () => setProblem(null), setProblem };
}
