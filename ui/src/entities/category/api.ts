/**
 * Service categories (SPEC.md §2 "Category selector with suggestions"): the localized list, the
 * trending ones the directory shows, and the suggestions the selector asks for. Shared by
 * onboarding, settings, the client's profile and the directory.
 */
import { useCallback } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toLocale } from '@resuelve/contract';
import type { Locale } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';

export interface Category {
  id: number;
  slug: string;
  /** In the requested language. */
  name: string;
  /** Group slug: home, events, personal_care, pets, auto, lessons... */
  group: string;
  is_trending?: boolean;
  /** Part of the client interest list (SPEC.md §3). */
  is_interest?: boolean;
}

/** Suggestions are asked for only from this many characters on (SPEC.md §5). */
export const suggestionMinChars = 2;

/** Categories change rarely, so they stay fresh a while. */
const categoriesStaleMs = 5 * 60_000;

export const categoryQueries = {
  /** Every category, named in `locale`. */
  list: (locale: Locale) =>
    queryOptions({
      queryKey: ['categories', 'list', locale] as const,
      queryFn: ({ signal }) => apiFetch<{ items: Category[] }>(`/categories?locale=${locale}`, { signal, auth: false }).then((res) => res.items),
      staleTime: categoriesStaleMs,
    }),
  /** The categories people ask for most now, named in `locale`. */
  trending: (locale: Locale) =>
    queryOptions({
      queryKey: ['categories', 'trending', locale] as const,
      queryFn: ({ signal }) =>
        apiFetch<{ items: Category[] }>(`/categories/trending?locale=${locale}`, { signal, auth: false }).then((res) => res.items),
      staleTime: categoriesStaleMs,
    }),
};

/** GET /categories/suggestions: nothing under two characters, without asking the server. */
export function fetchSuggestions(q: string, locale: Locale, signal?: AbortSignal): Promise<Category[]> {
  const text = q.trim();
  if (text.length < suggestionMinChars) return Promise.resolve([]);
  const query = new URLSearchParams({ q: text, locale });
  return apiFetch<{ items: Category[] }>(`/categories/suggestions?${query.toString()}`, { signal, auth: false }).then(
    (res) => res.items,
  );
}

function useLocale(): Locale {
  const { i18n } = useTranslation();
  return toLocale(i18n.resolvedLanguage ?? i18n.language);
}

/** Every category in the current language. */
export function useCategories() {
  const locale = useLocale();
  // The screens using them show their own error state with a retry.
  return useQuery({ ...categoryQueries.list(locale), meta: { silent: true } });
}

/** The trending categories in the current language. */
export function useTrendingCategories() {
  const locale = useLocale();
  return useQuery({ ...categoryQueries.trending(locale), meta: { silent: true } });
}

/** The `suggest` function the category selector takes, in the current language. */
export function useCategorySuggest(): (q: string, signal?: AbortSignal) => Promise<Category[]> {
  const locale = useLocale();
  return useCallback((q: string, signal?: AbortSignal) => fetchSuggestions(q, locale, signal), [locale]);
}
