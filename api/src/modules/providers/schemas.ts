/** joi for provider routes, built from contract's rules (SPEC.md §5) so the form and the api agree. */
import Joi from 'joi';
import {
  cancellationFeeKinds,
  cancellationFreeHoursChoices,
  cancellationLimits,
  checkAddress,
  checkCity,
  checkCompanyName,
  checkDayHours,
  checkEin,
  checkRateAmountCents,
  checkState,
  checkUrl,
  checkYearsExperience,
  checkZip,
  limits,
  locales,
  profileLimits,
  rateUnits,
  rescheduleNoticeHoursChoices,
  socialNetworks,
  taxRates,
  weekdays,
  type WhatsappSetting,
  type BusinessHours,
  type CancellationPolicy,
  type DayHours,
  type Locale,
  type ProviderRate,
  type TaxRate,
} from '@resuelve/contract';
import { calendarDate } from '../../lib/calendar-date.ts';
import { fromCheck, idParams } from '../../lib/validation.ts';

export { calendarDate };

/** Years of experience arrive as a JSON number; the contract's check reads the typed text. */
const yearsExperience = Joi.number()
  .integer()
  .custom((value: number, helpers) => {
    const code = checkYearsExperience(String(value));
    return code ? helpers.error('any.rule', { rule: code }) : value;
  })
  .messages({ 'any.rule': '{{#label}} fails the rule {{#rule}}' });

/** The rate clients see (decision 0028): amount and unit together; null removes it. */
/** What a provider sends to change their profile, once joi has admitted it. */
export interface ProviderChanges {
  company_name?: string;
  ein?: string;
  business_address?: string;
  city?: string;
  state?: string;
  zip_code?: string;
  website_url?: string | null;
  years_experience?: number;
  company_description?: string | null;
  social_media?: Record<string, string | null>;
  timezone?: string;
  rate?: ProviderRate | null;
  cancellation_policy?: CancellationPolicy;
  default_tax_rate?: TaxRate;
}

export interface ProviderOnboarding {
  provider: ProviderChanges & { company_name: string };
  serviceCategories: number[];
}

export const rateSchema = Joi.object({
  amount_cents: Joi.number()
    .custom((value: number, helpers) => {
      const code = checkRateAmountCents(value);
      return code ? helpers.error('any.rule', { rule: code }) : value;
    })
    .messages({ 'any.rule': '{{#label}} fails the rule {{#rule}}' })
    .required(),
  unit: Joi.string().valid(...rateUnits).required(),
  from: Joi.boolean().default(false),
}).label('ProviderRate');

/**
 * A cancellation policy (contract cancellation.ts), whole: the choices from their lists; with a
 * window, a fee kind and a value (cents $1–$1,000 fixed, a whole 1–100 percent); without one, no
 * fee. The database's providers_cancellation_policy check says the same.
 */
export const cancellationPolicySchema = Joi.object<CancellationPolicy>({
  free_hours: Joi.number().valid(...cancellationFreeHoursChoices).allow(null).required(),
  fee_kind: Joi.when('free_hours', {
    is: null,
    then: Joi.valid(null).default(null),
    otherwise: Joi.string().valid(...cancellationFeeKinds).required(),
  }),
  fee_value: Joi.when('free_hours', {
    is: null,
    then: Joi.valid(null).default(null),
    otherwise: Joi.when('fee_kind', {
      is: 'percent',
      then: Joi.number().integer().min(cancellationLimits.percentMin).max(cancellationLimits.percentMax).required(),
      otherwise: Joi.number().integer().min(cancellationLimits.fixedFeeCentsMin).max(cancellationLimits.fixedFeeCentsMax).required(),
    }),
  }),
  reschedule_notice_hours: Joi.number().valid(...rescheduleNoticeHoursChoices).required(),
}).label('CancellationPolicy');

/** An IANA time zone the runtime knows, stored in its canonical spelling. */
const timeZone = Joi.string()
  .max(64)
  .custom((value: string, helpers) => {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
    } catch {
      return helpers.error('any.rule', { rule: 'not_allowed' });
    }
  })
  .messages({ 'any.rule': '{{#label}} fails the rule {{#rule}}' });

const optionalText = (max: number) => Joi.string().trim().max(max).allow(null, '');

const socialMedia = Joi.object(
  Object.fromEntries(socialNetworks.map((network) => [network, Joi.string().trim().max(profileLimits.socialHandleMax).allow(null, '')])),
);

/** Every provider field with its rule; which are required depends on the route. */
export const providerFields = {
  company_name: fromCheck(checkCompanyName, limits.companyNameMax + 50).trim(),
  // Stored as the 9 digits; "12-3456789" is accepted as typed.
  ein: fromCheck(checkEin, 20).trim().replace(/-/g, ''),
  business_address: fromCheck(checkAddress, limits.addressMaxLength + 50).trim(),
  city: fromCheck(checkCity, limits.cityMaxLength + 50).trim(),
  state: fromCheck(checkState, 10).trim(),
  zip_code: fromCheck(checkZip, 20).trim(),
  website_url: fromCheck(checkUrl, 500).trim().allow(null, ''),
  years_experience: yearsExperience,
  company_description: optionalText(profileLimits.companyDescriptionMax),
  social_media: socialMedia,
  timezone: timeZone,
  // The private rate of decision 0013 is gone (issue 27: the public rate is the one rate); an older
  // desktop client that still sends it has it taken and dropped.
  hourly_rate_cents: Joi.any().strip().description('Ignored: prices and earnings come from `rate`'),
  rate: rateSchema.allow(null),
  cancellation_policy: cancellationPolicySchema,
  default_tax_rate: Joi.string().valid(...taxRates),
};

/**
 * "Asegurado" comes only from an approved, unexpired certificate of insurance (verification
 * module, migration 0036). The tick and note a provider used to send are taken and dropped, so an
 * older desktop client still finishes onboarding and saves its settings.
 */
const selfDeclaredInsurance = {
  insured: Joi.any().strip().description('Ignored: insured comes from an approved certificate of insurance'),
  insurance_details: Joi.any().strip().description('Ignored: insured comes from an approved certificate of insurance'),
};

// Onboarding sets everything but the time zone, which keeps its default until changed in settings,
// and the rates and cancellation policy, which the provider states from the profile once listed.
const { timezone: _timezone, hourly_rate_cents: _hourlyRate, rate: _rate, cancellation_policy: _policy, default_tax_rate: _taxRate, ...onboardingFields } = providerFields;

export const createProviderSchema = Joi.object<{ company_name: string }>({ company_name: providerFields.company_name.required() }).label('NewProvider');

export const providerChangesSchema = Joi.object<ProviderChanges>({ ...providerFields, ...selfDeclaredInsurance }).min(1).label('ProviderChanges');

const requiredAtOnboarding = ['company_name', 'ein', 'business_address', 'city', 'state', 'zip_code', 'years_experience'] as const;

export const completeOnboardingSchema = Joi.object<ProviderOnboarding>({
  provider: Joi.object({ ...onboardingFields, ...selfDeclaredInsurance })
    .fork([...requiredAtOnboarding], (field) => field.required())
    .required(),
  serviceCategories: Joi.array().items(Joi.number().integer().min(1).max(2_147_483_647)).min(1).max(limits.pageSizeMax).unique().required(),
}).label('ProviderOnboarding');

const dayHours = Joi.object({
  open: Joi.boolean().required(),
  from: Joi.string().max(5).required(),
  to: Joi.string().max(5).required(),
})
  .custom((day: DayHours, helpers) => {
    const code = checkDayHours(day);
    return code ? helpers.error('any.rule', { rule: code }) : day;
  })
  .messages({ 'any.rule': '{{#label}} fails the rule {{#rule}}' });

/** All seven days, each checked by contract's checkDayHours. */
export const businessHoursSchema = Joi.object(Object.fromEntries(weekdays.map((day) => [day, dayHours.required()]))).label('BusinessHours');

export const businessHoursBody = Joi.object<{ business_hours: BusinessHours }>({ business_hours: businessHoursSchema.required() }).label('BusinessHoursChange');

export const businessHoursAnswer = Joi.object({ business_hours: businessHoursSchema, timezone: Joi.string() }).label('ProviderBusinessHours');

const nullableText = Joi.string().allow(null);

/** A rate as answered (cards, profiles). */
export const rateAnswer = Joi.object({
  amount_cents: Joi.number().integer().required(),
  unit: Joi.string().valid(...rateUnits).required(),
  from: Joi.boolean().required(),
}).label('ProviderRateAnswer');

export const providerProfileSchema = Joi.object({
  id: Joi.string().required(),
  company_name: Joi.string().required(),
  ein: nullableText.required(),
  phone_number: nullableText.required(),
  business_address: nullableText.required(),
  city: nullableText.required(),
  state: nullableText.required(),
  zip_code: nullableText.required(),
  website_url: nullableText.required(),
  years_experience: Joi.number().integer().allow(null).required(),
  company_description: nullableText.required(),
  insured: Joi.boolean().required(),
  insurance_details: nullableText.required(),
  social_media: Joi.object().pattern(Joi.string().valid(...socialNetworks), Joi.string()).required(),
  profile_picture_url: nullableText.required(),
  business_hours: businessHoursSchema.required(),
  timezone: Joi.string().required(),
  rate: rateAnswer.allow(null).required(),
  cancellation_policy: cancellationPolicySchema.required(),
  default_tax_rate: Joi.string().valid(...taxRates).required(),
  categories: Joi.array()
    .items(Joi.object({ id: Joi.number().integer(), slug: Joi.string(), name: Joi.string() }))
    .required(),
}).label('ProviderProfile');

/** A provider named in the path by their account id. */
export const providerIdParams = idParams;

/** Names in the requested language; without it, in the person's own language. */
export const localeOnly = Joi.object<{ locale?: Locale }>({ locale: Joi.string().valid(...locales) });

export const categoryIdBody = Joi.object<{ category_id: number }>({ category_id: Joi.number().integer().min(1).max(2_147_483_647).required() }).label('NewService');

export const categoryIdsBody = Joi.object<{ category_ids: number[] }>({
  category_ids: Joi.array().items(Joi.number().integer().min(1).max(2_147_483_647)).min(1).max(limits.pageSizeMax).unique().required(),
}).label('NewServices');

export const categoryIdParams = Joi.object<{ id: number }>({ id: Joi.number().integer().min(1).max(2_147_483_647).required() });

/**
 * The services a provider offers, each a category as the categories module answers it. The
 * category schema is handed in when the route is made: this file imports no other module, so the
 * modules that read provider schemas (search, availability) load in any order.
 */
export const servicesAnswerOf = (category: Joi.Schema) => Joi.object({ items: Joi.array().items(category).required() }).label('ProviderServices');


export const blockedDateSchema = Joi.object({ date: Joi.string().required(), reason: nullableText.required() }).label('BlockedDate');

export const newBlockedDateBody = Joi.object<{ date: string; reason?: string | null }>({
  date: calendarDate.required(),
  reason: Joi.string().trim().max(200).allow(null, ''),
}).label('NewBlockedDate');

export const blockedDateParams = Joi.object<{ date: string }>({ date: calendarDate.required() });

export const blockedDatesAnswer = Joi.object({ items: Joi.array().items(blockedDateSchema).required() }).label('BlockedDates');

/** The provider's WhatsApp number (contract on-my-way.ts): typed as a person types it, or null / '' for none; the service checks it is a mobile. */
export const whatsappSettingBody = Joi.object<WhatsappSetting>({ number: Joi.string().trim().max(30).allow(null, '').required() }).label('WhatsappSettingRequest');
export const whatsappSettingSchema = Joi.object<WhatsappSetting>({ number: Joi.string().allow(null).required() }).label('WhatsappSetting');
