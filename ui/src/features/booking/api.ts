/**
 * What the booking screen reads: the provider's services and time zone from their public profile,
 * and free times from entities/availability (under `jobKeys.all`, so every live job event
 * refreshes them with the job lists).
 */
import type { ProviderDetail } from '../../entities/provider/api.ts';

/** What booking reads of a provider's profile (GET /providers/{id}). */
export type BookingProvider = Pick<ProviderDetail, 'id' | 'company_name' | 'profile_picture_url' | 'categories' | 'timezone' | 'rate' | 'cancellation_policy'>;
