/**
 * Onboarding progress (GET and PUT /profiles/me/onboarding): where a person left off, kept on the
 * server so a reload or another device continues there. The server keeps `data` as any JSON; the
 * onboarding screens give it its shape.
 */
import { queryOptions } from '@tanstack/react-query';
import type { AccountType } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';

export interface OnboardingProgress<Data = Record<string, unknown>> {
  account_type: AccountType | null;
  step: string | null;
  data: Data;
}

export const onboardingQueries = {
  progress: () =>
    queryOptions({
      queryKey: ['onboarding', 'progress'] as const,
      queryFn: ({ signal }) => apiFetch<OnboardingProgress>('/profiles/me/onboarding', { signal }),
    }),
};

/** Replaces the saved progress with the whole draft. */
export function saveOnboardingProgress(progress: OnboardingProgress): Promise<OnboardingProgress> {
  return apiFetch<OnboardingProgress>('/profiles/me/onboarding', { method: 'PUT', body: progress });
}
