/**
 * Free times of a provider (SPEC.md §7 "Availability", DESIGN.md §6): a day's free starts for a
 * duration, and the next days at a glance. Every key sits under `jobKeys.all`: a booking, a
 * cancellation or a live job event changes what is free, so it refreshes these with the job lists.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { DayAvailability } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';
import { jobKeys } from '../job/api.ts';

export type { DayAvailability };

/** How far ahead a client may book. */
const bookingDays = 60;

const byId = (id: string) => encodeURIComponent(id);

/** Prefix of every free time of one provider, to refetch them all after a refused booking. */
export const availabilityKeys = {
  of: (providerId: string) => [...jobKeys.all, 'availability', providerId] as const,
};

export const availabilityQueries = {
  /** One day's free starts of a provider for `minutes` (GET /providers/{id}/availability). */
  day: (providerId: string, date: string, minutes: number) =>
    queryOptions({
      queryKey: [...availabilityKeys.of(providerId), 'day', date, minutes] as const,
      queryFn: ({ signal }) => {
        const query = new URLSearchParams({ date, duration: String(minutes) });
        return apiFetch<DayAvailability>(`/providers/${byId(providerId)}/availability?${query.toString()}`, { signal });
      },
    }),
  /** The next `bookingDays` days from the provider's today, each with its free starts for `minutes`. */
  days: (providerId: string, minutes: number) =>
    queryOptions({
      queryKey: [...availabilityKeys.of(providerId), 'days', minutes] as const,
      queryFn: ({ signal }) => {
        const query = new URLSearchParams({ days: String(bookingDays), duration: String(minutes) });
        return apiFetch<{ items: DayAvailability[] }>(`/providers/${byId(providerId)}/availability/days?${query.toString()}`, {
          signal,
        }).then((res) => res.items);
      },
    }),
  /** The signed-in provider's own free starts of a day for `minutes` (GET /providers/me/availability). */
  own: (date: string, minutes: number) =>
    queryOptions({
      queryKey: [...jobKeys.all, 'availability', 'me', date, minutes] as const,
      queryFn: ({ signal }) => apiFetch<DayAvailability>(`/providers/me/availability?date=${date}&duration=${minutes}`, { signal }),
    }),
};

/**
 * A start the server just refused as taken leaves the shown free times at once (the day's list and
 * the days at a glance), with the refusal; reading them again (the caller's) brings the rest of
 * what changed. Without it the taken time stayed offered until that answer came back.
 */
export function dropTakenStart(queryClient: QueryClient, providerId: string, start: string): void {
  const without = (day: DayAvailability): DayAvailability => ({ ...day, slots: day.slots.filter((slot) => slot.start !== start) });
  queryClient.setQueriesData<DayAvailability>({ queryKey: [...availabilityKeys.of(providerId), 'day'] }, (day) => (day ? without(day) : day));
  queryClient.setQueriesData<DayAvailability[]>({ queryKey: [...availabilityKeys.of(providerId), 'days'] }, (days) => days?.map(without));
}
