/** Calls and query keys of provider search and profiles (SPEC.md §2; GET /providers…). */
import type { BusinessHours, Locale, PlaceRef, ProviderCard, ProviderProfile, SocialMedia } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';
import type { Category } from '../../lib/categories.ts';

export type { PlaceRef };

/** One result card of GET /providers (the contract's shape). */
export interface ProviderSummary extends ProviderCard {
  /** Not part of the cards today; Call uses it when the api starts giving it to signed-in people. */
  phone_number?: string | null;
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

export interface Review {
  id: string;
  rating: number;
  comment: string;
  created_at: string;
  client_name: string | null;
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
}

export const providersKeys = {
  search: (locale: Locale, query: string) => ['providers', 'search', locale, query] as const,
  trending: (locale: Locale) => ['categories', 'trending', locale] as const,
  detail: (id: string, locale: Locale, signedIn: boolean) => ['providers', 'detail', id, locale, signedIn] as const,
  reviews: (id: string) => ['providers', 'reviews', id] as const,
  own: ['providers', 'me', 'profile'] as const,
  ownServices: (locale: Locale) => ['providers', 'me', 'services', locale] as const,
  availability: (id: string, date: string) => ['providers', 'availability', id, date] as const,
};

export function searchProviders(query: URLSearchParams, cursor: string | null, signal?: AbortSignal): Promise<Page<ProviderSummary>> {
  const params = new URLSearchParams(query);
  if (cursor) params.set('cursor', cursor);
  return apiFetch<Page<ProviderSummary>>(`/providers?${params.toString()}`, { signal });
}

export function fetchTrending(locale: Locale, signal?: AbortSignal): Promise<Category[]> {
  return apiFetch<{ items: Category[] }>(`/categories/trending?locale=${locale}`, { signal, auth: false }).then((res) => res.items);
}

export function fetchProvider(id: string, locale: Locale, signal?: AbortSignal): Promise<ProviderDetail> {
  return apiFetch<ProviderDetail>(`/providers/${encodeURIComponent(id)}?locale=${locale}`, { signal });
}

export function fetchReviews(id: string, cursor: string | null, signal?: AbortSignal): Promise<Page<Review>> {
  const params = new URLSearchParams({ limit: '10' });
  if (cursor) params.set('cursor', cursor);
  return apiFetch<Page<Review>>(`/providers/${encodeURIComponent(id)}/reviews?${params.toString()}`, { signal, auth: false });
}

export interface DaySlots {
  date: string;
  duration: number;
  timezone: string;
  slots: { start: string; end: string }[];
  reason: string | null;
}

export function fetchAvailability(id: string, date: string, signal?: AbortSignal): Promise<DaySlots> {
  return apiFetch<DaySlots>(`/providers/${encodeURIComponent(id)}/availability?date=${date}&duration=60`, { signal });
}

export function fetchOwnProvider(signal?: AbortSignal): Promise<ProviderProfile> {
  return apiFetch<ProviderProfile>('/providers/me', { signal });
}

export type ProviderChanges = Partial<
  Pick<ProviderProfile, 'company_name' | 'company_description' | 'website_url' | 'years_experience' | 'insured' | 'social_media'>
>;

export function updateOwnProvider(changes: ProviderChanges): Promise<ProviderProfile> {
  return apiFetch<ProviderProfile>('/providers/me', { method: 'PATCH', body: changes });
}

export function fetchOwnServices(locale: Locale, signal?: AbortSignal): Promise<Category[]> {
  return apiFetch<{ items: Category[] }>(`/providers/me/services?locale=${locale}`, { signal }).then((res) => res.items);
}

export function addOwnServices(categoryIds: number[]): Promise<Category[]> {
  return apiFetch<{ items: Category[] }>('/providers/me/services/batch', { method: 'POST', body: { category_ids: categoryIds } }).then(
    (res) => res.items,
  );
}

export function removeOwnService(categoryId: number): Promise<void> {
  return apiFetch<void>(`/providers/me/services/${categoryId}`, { method: 'DELETE' });
}
