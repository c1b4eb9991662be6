/**
 * Puerto Rico's municipalities (DESIGN.md §7): the autocomplete the search filters and the landing
 * hero share, and the whole island's list for names and map positions.
 */
import { useCallback } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

export interface Municipality {
  slug: string;
  /** Official Spanish name with accents, e.g. "Mayagüez". */
  name: string;
  lat: number;
  lng: number;
}

/** Suggestions are asked for from this many characters on. */
export const municipalityMinChars = 2;

/** GET /geo/municipalities?q: accent-insensitive and typo-tolerant ("mayag", "Mayaguez"). */
export function fetchMunicipalities(q: string, signal?: AbortSignal, limit?: number): Promise<Municipality[]> {
  const query = new URLSearchParams({ q: q.trim() });
  if (limit) query.set('limit', String(limit));
  return apiFetch<{ items: Municipality[] }>(`/geo/municipalities?${query.toString()}`, { signal, auth: false }).then((res) => res.items);
}

/** The `suggest` function an autocomplete takes: nothing under two characters, without asking. */
export function useMunicipalitySuggest(): (q: string, signal?: AbortSignal) => Promise<Municipality[]> {
  return useCallback((q: string, signal?: AbortSignal) => {
    if (q.trim().length < municipalityMinChars) return Promise.resolve([]);
    return fetchMunicipalities(q, signal, 8);
  }, []);
}

export const geoQueries = {
  /** All 78 municipalities (an empty q answers the whole island); they never change while the app runs. */
  municipalities: () =>
    queryOptions({
      queryKey: ['geo', 'municipalities'] as const,
      queryFn: ({ signal }) => fetchMunicipalities('', signal, 100),
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};

/** The whole island's municipalities, for names and map positions. */
export function useMunicipalities() {
  return useQuery({ ...geoQueries.municipalities(), meta: { silent: true } });
}

/** A municipality by slug or by name as typed (any accents or case). */
export function findMunicipality(list: readonly Municipality[] | undefined, value: string): Municipality | undefined {
  const key = normalizePlace(value);
  if (!key) return undefined;
  return list?.find((m) => m.slug === value || normalizePlace(m.name) === key);
}

export function normalizePlace(value: string): string {
  return value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();
}
