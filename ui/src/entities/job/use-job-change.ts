import { useChange } from '../../lib/use-change.ts';
import { jobKeys, jobQueries } from './api.ts';
import type { Job } from './api.ts';

/**
 * One change to a job (an action, a start, a proposal, an answer to an extension), for the
 * client's and the provider's screens (lib/use-change.ts): on success the answered job replaces
 * the shown one. Either way every job query refreshes (`jobKeys.all`), so a job changed meanwhile
 * by the other side, or a slot taken meanwhile, shows its real state.
 */
export function useJobChange<T>(change: (input: T) => Promise<unknown>) {
  return useChange(change, (queryClient, answer) => {
    if (answer && typeof answer === 'object' && 'allowed_actions' in answer) {
      queryClient.setQueryData(jobQueries.detail((answer as Job).id).queryKey, answer as Job);
    }
    void queryClient.invalidateQueries({ queryKey: jobKeys.all });
  });
}
