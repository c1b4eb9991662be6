/** The onboarding calls (SPEC.md §7): saved progress, and finishing as a client or a provider. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@resuelve/contract';
import { onboardingQueries, saveOnboardingProgress } from '../../entities/onboarding/api.ts';
import type { OnboardingProgress as SavedProgress } from '../../entities/onboarding/api.ts';
import { profileQueries } from '../../entities/profile/api.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session-store.ts';
import type { StepData } from './draft.ts';

export type OnboardingProgress = SavedProgress<StepData>;

/** Where the person left off, restored on reload. */
export function useOnboardingProgress() {
  return useQuery({
    ...onboardingQueries.progress(),
    // The screen shows its own error with a retry.
    meta: { silent: true },
    staleTime: Infinity,
  });
}

/** Replaces the saved progress with the whole draft. */
export function useSaveProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (progress: OnboardingProgress) => saveOnboardingProgress(progress),
    onSuccess: (saved) => queryClient.setQueryData(onboardingQueries.progress().queryKey, saved),
    meta: { silent: true },
  });
}

export interface ProviderOnboardingInput {
  provider: Record<string, unknown>;
  serviceCategories: number[];
}

/** The finished profile is read again (GET /profiles/me) so every screen sees is_onboarded. */
function useRefetchProfile() {
  const queryClient = useQueryClient();
  return async () => {
    const profile = await queryClient.fetchQuery({ ...profileQueries.me(), staleTime: 0 });
    useSession.getState().profileUpdated(profile);
    queryClient.removeQueries({ queryKey: onboardingQueries.progress().queryKey });
    return profile;
  };
}

/** POST /providers/complete-onboarding {provider, serviceCategories}, then GET /profiles/me. */
export function useCompleteProviderOnboarding() {
  const refetchProfile = useRefetchProfile();
  return useMutation({
    mutationFn: async (input: ProviderOnboardingInput) => {
      await apiFetch<Profile>('/providers/complete-onboarding', { method: 'POST', body: input });
      return refetchProfile();
    },
    retry: false,
    meta: { silent: true },
  });
}

/** PATCH /profiles/me/client {..., complete_onboarding: true}, then GET /profiles/me. */
export function useCompleteClientOnboarding() {
  const refetchProfile = useRefetchProfile();
  return useMutation({
    mutationFn: async (input: Record<string, unknown>) => {
      await apiFetch('/profiles/me/client', { method: 'PATCH', body: { ...input, complete_onboarding: true } });
      return refetchProfile();
    },
    retry: false,
    meta: { silent: true },
  });
}

/** An account that already finished (e.g. in another tab) only needs its profile read again. */
export function useRefreshProfile() {
  return useRefetchProfile();
}
