/** The client's and the provider's own records, as GET /profiles/me/client and GET /providers/me answer them. */
import { defaultBusinessHours } from '@resuelve/contract';
import type { ClientProfile, Profile, ProviderProfile } from '@resuelve/contract';

/** The signed-in person (GET /profiles/me). */
export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'u-1',
    email: 'ana@example.pr',
    is_contractor: false,
    is_onboarded: true,
    is_email_verified: true,
    is_admin: false,
    language: 'es',
    first_name: 'Ana',
    last_name: 'Rivera',
    display_name: null,
    avatar_url: null,
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export function clientProfile(overrides: Partial<ClientProfile> = {}): ClientProfile {
  return {
    id: 'client-1',
    first_name: 'Ana',
    last_name: 'Rivera',
    birth_date: '1990-05-01',
    phone: '17875550123',
    address: 'Calle Luna 12',
    city: 'San Juan',
    state: 'PR',
    zip_code: '00901',
    preferred_contact: 'email',
    interested_services: ['plumbing'],
    ...overrides,
  };
}

export function providerProfile(overrides: Partial<ProviderProfile> = {}): ProviderProfile {
  return {
    id: 'provider-1',
    company_name: 'Plomería Luis',
    ein: '123456789',
    phone_number: '17875550199',
    business_address: 'Calle Sol 3',
    city: 'Ponce',
    state: 'PR',
    zip_code: '00716',
    website_url: null,
    years_experience: 10,
    company_description: null,
    insured: true,
    insurance_details: null,
    social_media: {},
    profile_picture_url: null,
    business_hours: defaultBusinessHours,
    timezone: 'America/Puerto_Rico',
    categories: [],
    rate: null,
    cancellation_policy: { free_hours: null, fee_kind: null, fee_value: null, reschedule_notice_hours: 0 },
    default_tax_rate: 'standard',
    ...overrides,
  };
}
