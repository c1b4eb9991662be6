/**
 * The onboarding draft: what each step holds, its empty values, how a saved draft is read back
 * (GET /profiles/me/onboarding answers any JSON), and how the finished draft becomes the
 * finishing call's body. Server field errors are mapped back to the step that owns the field.
 */
import { onboardingSteps, socialNetworks } from '@resuelve/contract';
import type { AccountType, ContactMethod, SocialNetwork } from '@resuelve/contract';

export type FieldValue = string | boolean | string[] | number[];
export type StepValues = Record<string, FieldValue>;
export type StepData = Record<string, StepValues>;

export interface PersonalValues extends StepValues {
  first_name: string;
  last_name: string;
  birth_date: string;
}
export interface PhoneValues extends StepValues {
  phone_number: string;
  verified: boolean;
}
export interface ClientAddressValues extends StepValues {
  address: string;
  city: string;
  state: string;
  zip_code: string;
}
export interface ContactValues extends StepValues {
  preferred_contact: ContactMethod;
}
export interface InterestValues extends StepValues {
  interested_services: string[];
}
export interface CompanyValues extends StepValues {
  company_name: string;
  ein: string;
  years_experience: string;
}
export interface PictureValues extends StepValues {
  url: string;
}
export interface BusinessValues extends StepValues {
  business_address: string;
  city: string;
  state: string;
  zip_code: string;
  website_url: string;
  company_description: string;
}
export interface ServiceValues extends StepValues {
  category_ids: number[];
}
export type SocialValues = Record<SocialNetwork, string>;

/** Puerto Rico first: the state starts as PR (SPEC.md §5, DESIGN.md). */
const defaultState = 'PR';

export const emptyDraft: Record<AccountType, StepData> = {
  client: {
    personal: { first_name: '', last_name: '', birth_date: '' },
    phone: { phone_number: '', verified: false },
    address: { address: '', city: '', state: defaultState, zip_code: '' },
    contact: { preferred_contact: 'email' },
    interests: { interested_services: [] },
  },
  provider: {
    company: { company_name: '', ein: '', years_experience: '' },
    picture: { url: '' },
    phone: { phone_number: '', verified: false },
    business: { business_address: '', city: '', state: defaultState, zip_code: '', website_url: '', company_description: '' },
    services: { category_ids: [] },
    socials: Object.fromEntries(socialNetworks.map((network) => [network, ''])),
  },
};

function sameKind(fallback: FieldValue, saved: unknown): FieldValue {
  if (typeof fallback === 'string') return typeof saved === 'string' ? saved : fallback;
  if (typeof fallback === 'boolean') return typeof saved === 'boolean' ? saved : fallback;
  if (!Array.isArray(saved)) return fallback;
  // Category ids are numbers, interest slugs are strings; anything else in a saved list is dropped.
  const numbers = saved.filter((v): v is number => typeof v === 'number' && Number.isInteger(v));
  const strings = saved.filter((v): v is string => typeof v === 'string');
  return numbers.length >= strings.length && numbers.length > 0 ? numbers : strings;
}

/** The saved draft laid over the empty one: only known steps and fields, each of the right kind. */
export function restoreDraft(type: AccountType, saved: unknown): StepData {
  const source = saved && typeof saved === 'object' ? (saved as Record<string, unknown>) : {};
  const draft: StepData = {};
  for (const [step, fields] of Object.entries(emptyDraft[type])) {
    const savedStep = source[step] && typeof source[step] === 'object' ? (source[step] as Record<string, unknown>) : {};
    draft[step] = Object.fromEntries(Object.entries(fields).map(([name, fallback]) => [name, sameKind(fallback, savedStep[name])]));
  }
  return draft;
}

export function stepsOf(type: AccountType): readonly string[] {
  return onboardingSteps[type];
}

/** Where to resume: the saved step if it is one of this type's, else the first. */
export function resumeIndex(type: AccountType, step: string | null): number {
  const index = step ? stepsOf(type).indexOf(step) : -1;
  return index >= 0 ? index : 0;
}

const trimmed = (value: FieldValue | undefined) => (typeof value === 'string' ? value.trim() : '');

/** PATCH /profiles/me/client body (complete_onboarding is added by the call). */
export function clientPayload(draft: StepData): Record<string, unknown> {
  const { personal = {}, address = {}, contact = {}, interests = {} } = draft;
  return {
    first_name: trimmed(personal.first_name),
    last_name: trimmed(personal.last_name),
    birth_date: trimmed(personal.birth_date),
    address: trimmed(address.address),
    city: trimmed(address.city),
    state: trimmed(address.state).toUpperCase(),
    zip_code: trimmed(address.zip_code),
    preferred_contact: contact.preferred_contact,
    interested_services: interests.interested_services ?? [],
  };
}

/** POST /providers/complete-onboarding body; optional fields left empty are not sent. */
export function providerPayload(draft: StepData): { provider: Record<string, unknown>; serviceCategories: number[] } {
  const { company = {}, business = {}, services = {}, socials = {} } = draft;
  const provider: Record<string, unknown> = {
    company_name: trimmed(company.company_name),
    ein: trimmed(company.ein),
    years_experience: Number(trimmed(company.years_experience)),
    business_address: trimmed(business.business_address),
    city: trimmed(business.city),
    state: trimmed(business.state).toUpperCase(),
    zip_code: trimmed(business.zip_code),
  };
  if (trimmed(business.website_url)) provider.website_url = trimmed(business.website_url);
  if (trimmed(business.company_description)) provider.company_description = trimmed(business.company_description);
  const social = Object.fromEntries(
    socialNetworks.map((network) => [network, trimmed(socials[network])]).filter(([, value]) => value !== ''),
  );
  if (Object.keys(social).length > 0) provider.social_media = social;
  const ids = Array.isArray(services.category_ids) ? services.category_ids.filter((v): v is number => typeof v === 'number') : [];
  return { provider, serviceCategories: ids };
}

/** The step and field an api `details` key belongs to ("provider.ein", "social_media.x", "serviceCategories"). */
export function fieldOwner(type: AccountType, key: string): { step: string; field: string } | null {
  const path = key.replace(/^provider\./, '').split('.');
  const [head = '', tail] = path;
  if (type === 'provider') {
    if (head === 'serviceCategories') return { step: 'services', field: 'category_ids' };
    if (head === 'social_media' && tail) return { step: 'socials', field: tail };
  }
  for (const [step, fields] of Object.entries(emptyDraft[type])) {
    if (head in fields) return { step, field: head };
  }
  if (head === 'phone_number' || head === 'phoneNumber') return { step: 'phone', field: 'phone_number' };
  return null;
}

/** The api's `details` grouped by the step owning each field. */
export function errorsByStep(type: AccountType, details: Record<string, string> | undefined): Record<string, Record<string, string>> {
  const grouped: Record<string, Record<string, string>> = {};
  for (const [key, code] of Object.entries(details ?? {})) {
    const owner = fieldOwner(type, key);
    if (!owner) continue;
    grouped[owner.step] = { ...grouped[owner.step], [owner.field]: code };
  }
  return grouped;
}
