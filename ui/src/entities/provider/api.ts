/**
 * Providers as the ui reads and changes them (SPEC.md §2, §7 "Providers"): the directory's
 * search, a public profile (its reviews are entities/review's), and the provider's own record, services, hours and
 * days off, which the console, the settings and the owner's edit tabs share. Each read is one
 * `queryOptions` (its key and its fetcher together); every key starts with `providerKeys.all`.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { BusinessHours, CancellationPolicy, Locale, ProviderCard, ProviderProfile, Review, SocialMedia } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';
import type { Category } from '../category/api.ts';

/** One result card of GET /providers (the contract's shape). */
export interface ProviderSummary extends ProviderCard {
  /** Not part of the cards today; Call uses it when the api starts giving it to signed-in people. */
  phone_number?: string | null;
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

export interface ProviderContact {
  phone_number: string | null;
  business_address: string | null;
}

/** GET /providers/{id}: contact and hours are null for visitors (sign_in_required). */
export interface ProviderDetail extends Omit<ProviderSummary, 'categories' | 'distance_km' | 'next_available_at' | 'location'> {
  categories: { id: number; slug: string; name: string }[];
  website_url: string | null;
  social_media: SocialMedia;
  recent_reviews: Review[];
  contact: ProviderContact | null;
  business_hours: BusinessHours | null;
  timezone: string;
  sign_in_required: boolean;
  /** When cancelling is free and the fee after (issue 28), public as the rate is. */
  cancellation_policy: CancellationPolicy;
}

/** The provider's own record (GET /providers/me). */
export type OwnProvider = ProviderProfile;

/** What the provider may change of their own record (PATCH /providers/me). */
export type OwnProviderChanges = Partial<
  Pick<OwnProvider, 'company_name' | 'company_description' | 'website_url' | 'years_experience' | 'social_media' | 'rate' | 'cancellation_policy'>
>;

export interface BlockedDate {
  /** YYYY-MM-DD in the provider's time zone. */
  date: string;
  reason: string | null;
}

/** Invalidate `providerKeys.all` after the owner edits their profile; `ownServices` after a services change. */
export const providerKeys = {
  all: ['providers'] as const,
  ownServices: ['providers', 'me', 'services'] as const,
};

const byId = (id: string) => encodeURIComponent(id);

function searchProviders(query: string, cursor: string | null, signal?: AbortSignal): Promise<Page<ProviderSummary>> {
  const params = new URLSearchParams(query);
  if (cursor) params.set('cursor', cursor);
  return apiFetch<Page<ProviderSummary>>(`/providers?${params.toString()}`, { signal });
}

export const providerQueries = {
  /** Results of a directory search (`query` is the api's query string), page by page (keyset cursor). */
  search: (locale: Locale, query: string) =>
    infiniteQueryOptions({
      queryKey: [...providerKeys.all, 'search', locale, query] as const,
      queryFn: ({ pageParam, signal }) => searchProviders(query, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next_cursor,
    }),
  /** A public profile; a visitor and a signed-in person are answered differently (contact, hours). */
  detail: (id: string, locale: Locale, signedIn: boolean) =>
    queryOptions({
      queryKey: [...providerKeys.all, 'detail', id, locale, signedIn] as const,
      queryFn: ({ signal }) => apiFetch<ProviderDetail>(`/providers/${byId(id)}?locale=${locale}`, { signal }),
    }),
  /** The provider's own record: id, hours, time zone, categories, rate. */
  own: () =>
    queryOptions({
      queryKey: [...providerKeys.all, 'me', 'profile'] as const,
      queryFn: ({ signal }) => apiFetch<OwnProvider>('/providers/me', { signal }),
    }),
  /** The services the provider offers, named in `locale`. */
  ownServices: (locale: Locale) =>
    queryOptions({
      queryKey: [...providerKeys.ownServices, locale] as const,
      queryFn: ({ signal }) =>
        apiFetch<{ items: Category[] }>(`/providers/me/services?locale=${locale}`, { signal }).then((res) => res.items),
    }),
  /** Full days off, in the provider's time zone. */
  blockedDates: () =>
    queryOptions({
      queryKey: [...providerKeys.all, 'me', 'blocked-dates'] as const,
      queryFn: ({ signal }) => apiFetch<{ items: BlockedDate[] }>('/providers/me/blocked-dates', { signal }).then((res) => res.items),
    }),
};

export function updateOwnProvider(changes: OwnProviderChanges): Promise<OwnProvider> {
  return apiFetch<OwnProvider>('/providers/me', { method: 'PATCH', body: changes });
}

export function addOwnServices(categoryIds: number[]): Promise<Category[]> {
  return apiFetch<{ items: Category[] }>('/providers/me/services/batch', { method: 'POST', body: { category_ids: categoryIds } }).then(
    (res) => res.items,
  );
}

export function removeOwnService(categoryId: number): Promise<void> {
  return apiFetch<void>(`/providers/me/services/${categoryId}`, { method: 'DELETE' });
}

export function saveBusinessHours(providerId: string, hours: BusinessHours): Promise<{ business_hours: BusinessHours; timezone: string }> {
  return apiFetch(`/providers/${byId(providerId)}/business-hours`, { method: 'PUT', body: { business_hours: hours } });
}

export function addBlockedDate(input: { date: string; reason: string }): Promise<BlockedDate> {
  const reason = input.reason.trim();
  return apiFetch<BlockedDate>('/providers/me/blocked-dates', { method: 'POST', body: reason ? { date: input.date, reason } : { date: input.date } });
}

export function removeBlockedDate(date: string): Promise<void> {
  return apiFetch<void>(`/providers/me/blocked-dates/${date}`, { method: 'DELETE' });
}
