/**
 * Reviews as the ui reads and changes them (SPEC.md §7 "Reviews"): a provider's reviews with the
 * counts per rating, the client's own, the provider's own, the caller's latest review of one
 * provider, a job's own review and the review prompt. Every key starts with `reviewKeys.all`, so one invalidation after a
 * change or a live event refreshes every list.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ProviderReviewPage, Review, ReviewInput, ReviewPage, ReviewPrompt } from '@resuelve/contract';
import { apiFetch, isApiError } from '../../lib/api-client.ts';

export type { ProviderReviewPage, Review, ReviewInput, ReviewPage, ReviewPrompt };

export const reviewKeys = {
  all: ['reviews'] as const,
};

const byId = (id: string) => encodeURIComponent(id);
const pageSize = 10;

function pageQuery(cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(pageSize) });
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

const pages = { initialPageParam: null as string | null, getNextPageParam: (last: ReviewPage) => last.next_cursor };

export const reviewQueries = {
  /** A provider's reviews, newest first, page by page; each page carries the counts per rating. */
  ofProvider: (providerId: string) =>
    infiniteQueryOptions({
      queryKey: [...reviewKeys.all, 'provider', providerId] as const,
      queryFn: ({ pageParam, signal }) => apiFetch<ProviderReviewPage>(`/providers/${byId(providerId)}/reviews?${pageQuery(pageParam)}`, { signal }),
      ...pages,
    }),
  /** The client's own reviews (GET /reviews/my-reviews). */
  mine: () =>
    infiniteQueryOptions({
      queryKey: [...reviewKeys.all, 'mine'] as const,
      queryFn: ({ pageParam, signal }) => apiFetch<ReviewPage>(`/reviews/my-reviews?${pageQuery(pageParam)}`, { signal }),
      ...pages,
    }),
  /** The signed-in provider's reviews (GET /reviews/for-me). */
  forMe: () =>
    infiniteQueryOptions({
      queryKey: [...reviewKeys.all, 'for-me'] as const,
      queryFn: ({ pageParam, signal }) => apiFetch<ReviewPage>(`/reviews/for-me?${pageQuery(pageParam)}`, { signal }),
      ...pages,
    }),
  /** The caller's latest review of one provider; null when there is none (the api's 404). */
  myReviewOf: (providerId: string) =>
    queryOptions({
      queryKey: [...reviewKeys.all, 'my-review', providerId] as const,
      queryFn: ({ signal }) =>
        apiFetch<Review>(`/providers/${byId(providerId)}/reviews/my-review`, { signal }).catch((error: unknown) => {
          if (isApiError(error) && error.status === 404) return null;
          throw error;
        }),
    }),
  /** A job's own review (GET /jobs/{id}/review); null when it has none yet (the api's 404 review_not_found). */
  ofJob: (jobId: string) =>
    queryOptions({
      queryKey: [...reviewKeys.all, 'job', jobId] as const,
      queryFn: ({ signal }) =>
        apiFetch<Review>(`/jobs/${byId(jobId)}/review`, { signal }).catch((error: unknown) => {
          if (isApiError(error) && error.status === 404 && error.code === 'review_not_found') return null;
          throw error;
        }),
    }),
  /** The completed job the client is asked to review now, or null. */
  prompt: () =>
    queryOptions({
      queryKey: [...reviewKeys.all, 'prompt'] as const,
      queryFn: ({ signal }) => apiFetch<{ prompt: ReviewPrompt | null }>('/reviews/prompt', { signal }).then((res) => res.prompt),
    }),
};

export function createReview(providerId: string, input: ReviewInput): Promise<Review> {
  return apiFetch<Review>(`/providers/${byId(providerId)}/reviews`, { method: 'POST', body: input });
}

export function updateReview(id: string, input: ReviewInput): Promise<Review> {
  return apiFetch<Review>(`/reviews/${byId(id)}`, { method: 'PATCH', body: input });
}

export function deleteReview(id: string): Promise<void> {
  return apiFetch<void>(`/reviews/${byId(id)}`, { method: 'DELETE' });
}

export function replyToReview(id: string, text: string): Promise<Review> {
  return apiFetch<Review>(`/reviews/${byId(id)}/reply`, { method: 'PUT', body: { text } });
}
