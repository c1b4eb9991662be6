/**
 * Provider and client profile shapes and their rules (SPEC.md §3, §5), shared by the api's
 * schemas and the ui's onboarding and settings forms.
 */
import type { ProviderRate } from './rates.ts';
import type { CancellationPolicy } from './cancellation.ts';
import type { TaxRate } from './quotes.ts';
import type { FieldErrorCode } from './errors.ts';

export const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof weekdays)[number];

export interface DayHours {
  open: boolean;
  /** Wall-clock time in the provider's time zone, `HH:MM` on a quarter hour. */
  from: string;
  to: string;
}
export type BusinessHours = Record<Weekday, DayHours>;

export const defaultBusinessHours: BusinessHours = {
  monday: { open: true, from: '08:00', to: '17:00' },
  tuesday: { open: true, from: '08:00', to: '17:00' },
  wednesday: { open: true, from: '08:00', to: '17:00' },
  thursday: { open: true, from: '08:00', to: '17:00' },
  friday: { open: true, from: '08:00', to: '17:00' },
  saturday: { open: true, from: '09:00', to: '13:00' },
  sunday: { open: false, from: '09:00', to: '13:00' },
};

export const quarterHourTime = /^([01]\d|2[0-3]):(00|15|30|45)$/;

export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** A day's hours: both times on quarter hours, `from` before `to` when open. */
export function checkDayHours(day: DayHours): FieldErrorCode | null {
  if (!quarterHourTime.test(day.from) || !quarterHourTime.test(day.to)) return 'invalid_format';
  if (day.open && minutesOf(day.from) >= minutesOf(day.to)) return 'out_of_range';
  return null;
}

/** Every quarter hour of a day, for hour pickers. */
export const quarterHours: string[] = Array.from({ length: 96 }, (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`);

export const contactMethods = ['email', 'phone', 'sms'] as const;
export type ContactMethod = (typeof contactMethods)[number];

export const socialNetworks = ['facebook', 'instagram', 'tiktok', 'youtube', 'linkedin', 'x', 'whatsapp'] as const;
export type SocialNetwork = (typeof socialNetworks)[number];
export type SocialMedia = Partial<Record<SocialNetwork, string>>;

export const accountTypes = ['client', 'provider'] as const;
export type AccountType = (typeof accountTypes)[number];

/** Onboarding steps in order (SPEC.md §2): 5 for clients, 6 for providers. */
export const onboardingSteps = {
  client: ['personal', 'phone', 'address', 'contact', 'interests'],
  provider: ['company', 'picture', 'phone', 'business', 'services', 'socials'],
} as const satisfies Record<AccountType, readonly string[]>;
export type ClientStep = (typeof onboardingSteps.client)[number];
export type ProviderStep = (typeof onboardingSteps.provider)[number];

export interface ProviderProfile {
  id: string;
  company_name: string;
  ein: string | null;
  phone_number: string | null;
  business_address: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  website_url: string | null;
  years_experience: number | null;
  company_description: string | null;
  insured: boolean;
  insurance_details: string | null;
  social_media: SocialMedia;
  profile_picture_url: string | null;
  business_hours: BusinessHours;
  timezone: string;
  categories: { id: number; slug: string; name: string }[];
  /** The one rate (decision 0028, issue 27): clients see it, and job prices and earnings are made from it; null when the provider states none. */
  rate: ProviderRate | null;
  /** When cancelling is free and what it costs after, and the notice for another time (contract cancellation.ts). */
  cancellation_policy: CancellationPolicy;
  /** The IVU rate (contract quotes.ts) the provider's quote lines start with and an accept with estimated hours is taxed at. */
  default_tax_rate: TaxRate;
}

export interface ClientProfile {
  id: string;
  first_name: string | null;
  last_name: string | null;
  birth_date: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  preferred_contact: ContactMethod;
  interested_services: string[];
}

export const profileLimits = {
  companyDescriptionMax: 2000,
  insuranceDetailsMax: 500,
  socialHandleMax: 200,
  blockedDatesMax: 366,
  phoneCodeTtlMinutes: 10,
  phoneCodeAttempts: 5,
  phoneResendSeconds: 60,
  phoneSendsPerHour: 5,
} as const;
