/**
 * joi pieces built from contract's checks, so the api and the ui enforce one definition of each
 * rule; joi failures become `details` of field -> field error code.
 */
import Joi from 'joi';
import type { Check, FieldErrorCode } from '@resuelve/contract';
import { dateBounds, limits, withinDateBounds } from '@resuelve/contract';

/** A string checked by one of contract's rules; the failure carries the rule's code. */
export function fromCheck(check: Check, maxLength = 500): Joi.StringSchema {
  return Joi.string()
    .max(maxLength)
    .custom((value: string, helpers) => {
      const code = check(value);
      return code ? helpers.error('any.rule', { rule: code }) : value;
    })
    .messages({ 'any.rule': '{{#label}} fails the rule {{#rule}}' });
}

const joiTypeToCode: Record<string, FieldErrorCode> = {
  'any.required': 'required',
  'any.only': 'not_allowed',
  'any.invalid': 'not_allowed',
  'object.unknown': 'unknown_field',
  'string.empty': 'required',
  'string.min': 'too_short',
  'string.max': 'too_long',
  'string.length': 'invalid_format',
  'string.email': 'invalid_email',
  'string.uri': 'invalid_url',
  'string.guid': 'invalid_format',
  'string.pattern.base': 'invalid_format',
  'string.isoDate': 'invalid_date',
  'date.base': 'invalid_date',
  'date.format': 'invalid_date',
  'date.min': 'out_of_range',
  'date.max': 'out_of_range',
  'number.min': 'out_of_range',
  'number.max': 'out_of_range',
  'number.greater': 'out_of_range',
  'number.less': 'out_of_range',
  'number.integer': 'invalid_type',
  'number.unsafe': 'out_of_range',
  'number.infinity': 'out_of_range',
  'array.max': 'too_long',
  'array.min': 'too_short',
  'array.includesRequiredUnknowns': 'required',
};

export function fieldCode(detail: Joi.ValidationErrorItem): FieldErrorCode {
  if (detail.type === 'any.rule') return (detail.context?.rule as FieldErrorCode) ?? 'invalid_format';
  return joiTypeToCode[detail.type] ?? (detail.type.endsWith('.base') ? 'invalid_type' : 'invalid_format');
}

export function detailsOf(error: Joi.ValidationError): Record<string, string> {
  const details: Record<string, string> = {};
  for (const item of error.details) {
    const field = item.path.length ? item.path.join('.') : (item.context?.key ?? '_');
    details[String(field)] ??= fieldCode(item);
  }
  return details;
}

export const schemas = {
  uuid: Joi.string().guid({ version: ['uuidv4', 'uuidv7'] }),
  email: Joi.string().trim().lowercase().max(limits.emailMaxLength),
  limit: Joi.number().integer().min(1).max(limits.pageSizeMax),
};

/** A date in a query within `dateBounds` (joi's own date type), else out_of_range. */
export const boundedIsoDate = () => Joi.date().iso().min(dateBounds.earliest).max(`${dateBounds.latest}T23:59:59.999Z`);

/**
 * A day (YYYY-MM-DD) or instant already checked by `schema`, refused with out_of_range outside
 * contract's `dateBounds`: no date a request names reaches PostgreSQL's edges (decision 0046).
 */
export function withinBounds<T extends Joi.AnySchema>(schema: T): T {
  return schema
    .custom((value: string, helpers) => (withinDateBounds(value) ? value : helpers.error('any.rule', { rule: 'out_of_range' })))
    .messages({ 'any.rule': '{{#label}} fails the rule {{#rule}}' }) as T;
}

/** The params of a route addressed by one uuid, `/…/{id}`. */
export const idParams = Joi.object<{ id: string }>({ id: schemas.uuid.required() });
