/**
 * Calls of the booking screen: the provider's services and time zone (GET /providers/{id}), the
 * next 60 days at a glance and one day's free slots for the chosen duration (DESIGN.md §6).
 * Slots live under `jobKeys.all`, so every live job event refreshes them with the job lists.
 */
import type { DayAvailability, FreeSlot, Locale } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';
import { jobKeys } from '../../lib/jobs.ts';

export type { DayAvailability, FreeSlot };

/** What booking reads of GET /providers/{id}. */
export interface BookingProvider {
  id: string;
  company_name: string;
  profile_picture_url: string | null;
  categories: { id: number; slug: string; name: string }[];
  timezone: string;
}

/** How far ahead a client may book from this screen. */
export const bookingDays = 60;

export const bookingKeys = {
  provider: (id: string, locale: Locale) => ['providers', 'detail', id, locale, 'booking'] as const,
  /** Prefix of a provider's days and slots, to refetch every free time after a refused booking. */
  availability: (id: string) => [...jobKeys.all, 'booking', id] as const,
  days: (id: string, minutes: number) => [...jobKeys.all, 'booking', id, 'days', minutes] as const,
  slots: (id: string, date: string, minutes: number) => [...jobKeys.all, 'booking', id, 'slots', date, minutes] as const,
};

export function fetchBookingProvider(id: string, locale: Locale, signal?: AbortSignal): Promise<BookingProvider> {
  return apiFetch<BookingProvider>(`/providers/${encodeURIComponent(id)}?locale=${locale}`, { signal });
}

/** From the provider's today (the api's default start). */
export function fetchBookingDays(id: string, minutes: number, signal?: AbortSignal): Promise<DayAvailability[]> {
  const query = new URLSearchParams({ days: String(bookingDays), duration: String(minutes) });
  return apiFetch<{ items: DayAvailability[] }>(`/providers/${encodeURIComponent(id)}/availability/days?${query.toString()}`, {
    signal,
  }).then((res) => res.items);
}

export function fetchDaySlots(id: string, date: string, minutes: number, signal?: AbortSignal): Promise<DayAvailability> {
  const query = new URLSearchParams({ date, duration: String(minutes) });
  return apiFetch<DayAvailability>(`/providers/${encodeURIComponent(id)}/availability?${query.toString()}`, { signal });
}
