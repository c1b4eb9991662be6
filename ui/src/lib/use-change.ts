import { useState } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { problemText } from './api-error.ts';

/**
 * One change a person asks for on a screen (a job's action, a review, a reply): while it runs the
 * screen shows it; on success a toast says `done`; on failure the error's code is put in words
 * where the change was asked (`problem`). Either way `refresh` runs, with the answer when there
 * is one, so what the change touched shows its real state.
 */
export function useChange<T, R>(change: (input: T) => Promise<R>, refresh: (queryClient: QueryClient, answer: R | undefined) => void) {
  const { t } = useTranslation('errors');
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: change, meta: { silent: true } });

  async function run(input: T, done: string): Promise<boolean> {
    setProblem(null);
    let answer: R | undefined;
    try {
      answer = await mutation.mutateAsync(input);
      toast.success(done);
      return true;
    } catch (error) {
      setProblem(problemText(t, error));
      return false;
    } finally {
      refresh(queryClient, answer);
    }
  }

  return { run, problem, pending: mutation.isPending, clearProblem: () => setProblem(null) };
}
