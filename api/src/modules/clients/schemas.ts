/** joi for client routes, built from contract's rules (SPEC.md §5) so the form and the api agree. */
import Joi from 'joi';
import {
  checkAddress,
  checkBirthDate,
  checkCity,
  checkName,
  checkState,
  checkZip,
  contactMethods,
  limits,
} from '@resuelve/contract';
import { fromCheck, schemas } from '../../lib/validation.ts';
import type { ClientChanges } from './service.ts';

/** The birth date rule reads "today" from the app's clock at request time, so tests can move it. */
function birthDate(now: () => Date) {
  return Joi.string()
    .max(10)
    .custom((value: string, helpers) => {
      const code = checkBirthDate(value, now());
      return code ? helpers.error('any.rule', { rule: code }) : value;
    })
    .messages({ 'any.rule': '{{#label}} fails the rule {{#rule}}' });
}

export function clientChangesSchema(now: () => Date) {
  return Joi.object<ClientChanges>({
    first_name: fromCheck(checkName, limits.nameMaxLength).trim(),
    last_name: fromCheck(checkName, limits.nameMaxLength).trim(),
    birth_date: birthDate(now),
    address: fromCheck(checkAddress, limits.addressMaxLength + 50).trim(),
    city: fromCheck(checkCity, limits.cityMaxLength + 50).trim(),
    state: fromCheck(checkState, 10).trim(),
    zip_code: fromCheck(checkZip, 20).trim(),
    preferred_contact: Joi.string().valid(...contactMethods),
    // Slugs of the categories in the client interest list (SPEC.md §3).
    interested_services: Joi.array().items(Joi.string().pattern(/^[a-z][a-z0-9-]{1,60}$/)).max(limits.pageSizeMax).unique(),
    complete_onboarding: Joi.boolean().valid(true),
  })
    .min(1)
    .label('ClientProfileChanges');
}

const nullableText = Joi.string().allow(null);

/** The fields a client profile and a client record both show. */
const clientFields = {
  id: Joi.string().required(),
  first_name: nullableText.required(),
  last_name: nullableText.required(),
  phone: nullableText.required(),
  address: nullableText.required(),
  city: nullableText.required(),
  state: nullableText.required(),
  zip_code: nullableText.required(),
  preferred_contact: Joi.string().valid(...contactMethods).required(),
  interested_services: Joi.array().items(Joi.string()).required(),
};

export const clientProfileSchema = Joi.object({ ...clientFields, birth_date: nullableText.required() }).label('ClientProfile');

/** What an admin, or a provider with a job for them, sees of a client: no birth date. */
export const clientRecordSchema = Joi.object({
  ...clientFields,
  email: Joi.string().required(),
  display_name: nullableText.required(),
  avatar_url: nullableText.required(),
  is_onboarded: Joi.boolean().required(),
}).label('Client');

export const clientListSchema = Joi.object({
  items: Joi.array().items(clientRecordSchema).required(),
  total: Joi.number().integer().required(),
}).label('ClientList');

export interface ClientsQuery {
  q: string;
  limit: number;
  offset: number;
}

export const clientsQuery = Joi.object<ClientsQuery>({
  q: Joi.string().trim().max(100).allow('').default(''),
  limit: schemas.limit.default(20),
  offset: Joi.number().integer().min(0).max(10_000).default(0),
});
