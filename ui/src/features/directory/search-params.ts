/**
 * The search as it lives in the URL (shareable, survives reload, back and forward work): each
 * filter and the sort are query parameters named like GET /providers' own.
 */
import { providerSorts } from '@resuelve/contract';
import type { Locale, ProviderSort } from '@resuelve/contract';

export interface SearchFilters {
  q: string;
  /** Category slug. */
  category: string;
  /** Municipality slug (or a name as typed in the landing hero). */
  municipality: string;
  radius_km: number | null;
  min_rating: number | null;
  insured: boolean;
  verified: boolean;
  /** YYYY-MM-DD. */
  available_on: string;
  sort: ProviderSort;
}

export const emptyFilters: SearchFilters = {
  q: '',
  category: '',
  municipality: '',
  radius_km: null,
  min_rating: null,
  insured: false,
  verified: false,
  available_on: '',
  sort: 'relevance',
};

/** Radius choices around a municipality, in kilometres; "widen" moves to the next one. */
export const radiusSteps = [5, 10, 25, 50, 100] as const;
export const ratingSteps = [3, 3.5, 4, 4.5] as const;

/** Filters a person can remove one by one (the empty state offers each). */
export const removableFilters = ['q', 'category', 'municipality', 'min_rating', 'insured', 'verified', 'available_on'] as const;
export type RemovableFilter = (typeof removableFilters)[number];

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

function positive(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

export function filtersFromParams(params: URLSearchParams): SearchFilters {
  const sort = params.get('sort');
  const availableOn = params.get('available_on') ?? '';
  const minRating = positive(params.get('min_rating'));
  return {
    q: params.get('q')?.trim() ?? '',
    category: params.get('category')?.trim() ?? '',
    // The landing hero's older links call the place `area`.
    municipality: (params.get('municipality') ?? params.get('area'))?.trim() ?? '',
    radius_km: positive(params.get('radius_km')),
    min_rating: minRating !== null && minRating <= 5 ? minRating : null,
    insured: params.get('insured') === 'true',
    verified: params.get('verified') === 'true',
    available_on: datePattern.test(availableOn) ? availableOn : '',
    sort: (providerSorts as readonly string[]).includes(sort ?? '') ? (sort as ProviderSort) : 'relevance',
  };
}

/** Only what differs from the defaults, so shared links stay short. */
export function paramsFromFilters(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  if (filters.municipality) params.set('municipality', filters.municipality);
  if (filters.municipality && filters.radius_km) params.set('radius_km', String(filters.radius_km));
  if (filters.min_rating) params.set('min_rating', String(filters.min_rating));
  if (filters.insured) params.set('insured', 'true');
  if (filters.verified) params.set('verified', 'true');
  if (filters.available_on) params.set('available_on', filters.available_on);
  if (filters.sort !== 'relevance') params.set('sort', filters.sort);
  return params;
}

/** The GET /providers query for these filters (the cursor is added per page). */
export function apiQuery(filters: SearchFilters, locale: Locale): URLSearchParams {
  const params = paramsFromFilters(filters);
  // Distance needs a place to measure from; without one the api refuses it, so ask by relevance.
  if (filters.sort === 'distance' && !filters.municipality) params.delete('sort');
  params.set('locale', locale);
  return params;
}

export function withoutFilter(filters: SearchFilters, name: RemovableFilter): SearchFilters {
  if (name === 'municipality') return { ...filters, municipality: '', radius_km: null };
  return { ...filters, [name]: emptyFilters[name] };
}

export function activeFilters(filters: SearchFilters): RemovableFilter[] {
  return removableFilters.filter((name) => Boolean(filters[name]));
}

/** The active filters the filters panel shows (the search text is in its own box above): what its button counts. */
export function panelFilters(filters: SearchFilters): RemovableFilter[] {
  return activeFilters(filters).filter((name) => name !== 'q');
}

/** The next bigger radius, or null when already at the widest. */
export function widerRadius(current: number | null): number | null {
  if (current === null) return radiusSteps[2];
  return radiusSteps.find((step) => step > current) ?? null;
}
