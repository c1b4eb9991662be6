import type { IconName } from '../../components/icons.tsx';

/**
 * The service groups the landing page shows (SPEC.md §2 "service groups"), by category slug.
 * Slugs are what /providers?category= takes; names come from the `landing` namespace.
 */
export const serviceGroups = [
  {
    id: 'home',
    icon: 'home',
    categories: [
      'plumbing',
      'electrical',
      'carpentry',
      'painting',
      'cleaning',
      'hvac',
      'roofing',
      'landscaping',
      'general-maintenance',
      'construction',
    ],
  },
  { id: 'events', icon: 'partyPopper', categories: ['photography', 'event-staff', 'catering', 'dj'] },
  { id: 'personalCare', icon: 'scissors', categories: ['hair', 'nails', 'massage'] },
  { id: 'pets', icon: 'paw', categories: ['pet-grooming', 'dog-walking', 'pet-training'] },
] as const satisfies readonly { id: string; icon: IconName; categories: readonly string[] }[];

export type ServiceGroupId = (typeof serviceGroups)[number]['id'];
export type CategorySlug = (typeof serviceGroups)[number]['categories'][number];

/** Shown as quick picks under the hero search. */
export const popularCategories: readonly CategorySlug[] = ['plumbing', 'electrical', 'cleaning', 'photography'];

export function categoryPath(slug: CategorySlug): string {
  return `/providers?${new URLSearchParams({ category: slug }).toString()}`;
}

/**
 * The search the hero submits: only the fields the person filled. A place (a picked municipality's
 * slug, or the typed name, which the search reads with any accents or case) sorts nearest first;
 * a service picked from the suggestions is sent as its category.
 */
export function searchPath(service: string, place: string, category: string | null = null): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (service.trim()) params.set('q', service.trim());
  if (place.trim()) {
    params.set('municipality', place.trim());
    params.set('sort', 'distance');
  }
  const query = params.toString();
  return query ? `/providers?${query}` : '/providers';
}

/**
 * The landing's three promises (issue 12: fewer, each something a visitor can check on the next
 * screen: the badges, the photos and prices, the free times), from SPEC.md §1's list.
 */
export const landingClaims = [
  { id: 'verified', icon: 'shieldCheck' },
  { id: 'portfolio', icon: 'photo' },
  { id: 'booking', icon: 'calendarDate' },
] as const satisfies readonly { id: string; icon: IconName }[];

/** Trades drawn for the landing (ui/src/assets/trades, the project's own, CC0), each a category's way in. */
export const illustratedTrades = [
  { slug: 'plumbing', picture: 'plumbing' },
  { slug: 'electrical', picture: 'electrical' },
  { slug: 'cleaning', picture: 'cleaning' },
  { slug: 'photography', picture: 'photography' },
  { slug: 'catering', picture: 'events' },
  { slug: 'pet-grooming', picture: 'grooming' },
] as const satisfies readonly { slug: CategorySlug; picture: string }[];
