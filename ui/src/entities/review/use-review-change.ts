import type { QueryClient } from '@tanstack/react-query';
import { useChange } from '../../lib/use-change.ts';
import { jobKeys } from '../job/api.ts';
import { providerKeys } from '../provider/api.ts';
import { reviewKeys } from './api.ts';

/** After a review changes, what shows it or its figures: review lists, the profile's rating, the console's stats. */
function refreshAfterReview(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
  void queryClient.invalidateQueries({ queryKey: providerKeys.all });
  void queryClient.invalidateQueries({ queryKey: jobKeys.all });
}

/** One change to a review (write, edit, delete, reply), as lib/use-change.ts runs it; then the lists and figures refresh. */
export function useReviewChange<T, R>(change: (input: T) => Promise<R>) {
  return useChange(change, refreshAfterReview);
}
