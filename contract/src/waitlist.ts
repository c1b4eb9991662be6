/**
 * The waitlist (SPEC.md §3, §6, §7; issue 13): people in municipalities or trades not yet served,
 * and providers who want in early, leave their email from the landing page and confirm it by a
 * link; administrators list, filter, export, change and delete the signups.
 */
import type { Locale } from './locale.ts';

export const waitlistRoles = ['client', 'provider'] as const;
export type WaitlistRole = (typeof waitlistRoles)[number];

export const waitlistLimits = {
  nameMaxLength: 80,
  categoriesMax: 10,
  pageSizeDefault: 25,
  pageSizeMax: 100,
  searchMaxLength: 100,
  /** Confirmation links stay valid this long. */
  confirmLinkHours: 72,
  /** A repeat signup mails a new link at most this often to one address. */
  confirmMailsPerHour: 3,
  /** The export holds at most this many rows. */
  exportMaxRows: 10_000,
} as const;

export interface WaitlistSignupInput {
  email: string;
  name?: string;
  role: WaitlistRole;
  municipality?: string;
  categories?: string[];
  locale: Locale;
}

export interface WaitlistSignup {
  id: string;
  email: string;
  name: string | null;
  role: WaitlistRole;
  municipality: string | null;
  categories: string[];
  locale: Locale;
  verified: boolean;
  verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WaitlistPage {
  items: WaitlistSignup[];
  total: number;
}

export interface WaitlistStats {
  total: number;
  verified: number;
  by_role: Record<WaitlistRole, number>;
  top_municipalities: { slug: string; count: number }[];
  top_categories: { slug: string; count: number }[];
  /** Signups per day of the last 30 days (UTC), oldest first; days without any are 0. */
  per_day: { day: string; count: number }[];
}

export interface WaitlistSignupChanges {
  /** Empty or null clears it. */
  name?: string | null;
  role?: WaitlistRole;
  /** null clears it. */
  municipality?: string | null;
  categories?: string[];
  locale?: Locale;
  verified?: boolean;
}

/** `GET /analytics/website-stats`: what the landing page tells visitors. */
export interface WebsiteStats {
  providers: number;
  clients: number;
  completed_jobs: number;
  /** Mean of every review's rating, 0 without reviews. */
  average_rating: number;
  municipalities_served: number;
  top_categories: { slug: string; providers: number }[];
  /** When these figures were counted (they are kept 5 minutes). */
  computed_at: string;
}

export const websiteStatsCacheSeconds = 300;
