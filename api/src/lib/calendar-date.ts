/**
 * A calendar day in a request (a blocked day, the day availability or search is asked for): one
 * joi for every module that takes one, so they refuse the same days the same way.
 */
import Joi from 'joi';
import { withinBounds } from './validation.ts';

/** A calendar day as YYYY-MM-DD that exists (no 30 February), within contract's `dateBounds`. */
export const calendarDate = withinBounds(
  Joi.string()
    .max(10)
    .custom((value: string, helpers) => {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      const [y, m, d] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
      const date = new Date(Date.UTC(y, m - 1, d));
      const exists = y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
      return exists ? value : helpers.error('any.rule', { rule: 'invalid_date' });
    })
    .messages({ 'any.rule': '{{#label}} fails the rule {{#rule}}' }),
);
