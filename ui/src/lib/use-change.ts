import { useState } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isApiError, problemText } from './api-error.ts';
import { connectionState } from './connection.ts';

/**
 * One change a person asks for on a screen (a job's action, a review, a reply): while it runs the
 * screen shows it; on success a toast says `done`; on failure the error's code is put in words
 * where the change was asked (`problem`). Either way `refresh` runs, with the answer when there
 * is one, so what the change touched shows its real state. Without a connection it is not sent
 * and says so (it never waits unseen to go later, decision 0029).
 */
export function useChange<T, R>(change: (input: T) => Promise<R>, refresh: (queryClient: QueryClient, answer: R | undefined) => void) {
  const { t } = useTranslation(['errors', 'common']);
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: change, meta: { silent: true } });

  async function run(input: T, done: string): Promise<boolean> {
    setProblem(null);
    if (connectionState() !== 'online') {
      setProblem(t('common:offline.needs_connection'));
      return false;
    }
    let answer: R | undefined;
    try {
      answer = await mutation.mutateAsync(input);
      toast.success(done);
      return true;
    } catch (error) {
      const unanswered = isApiError(error) && error.status === 0 && connectionState() !== 'online';
      setProblem(unanswered ? t('common:offline.needs_connection') : problemText(t, error));
      return false;
    } finally {
      refresh(queryClient, answer);
    }
  }

  return { run, problem, pending: mutation.isPending, clearProblem: () => setProblem(null) };
}
