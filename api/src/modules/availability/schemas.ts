/** joi for availability: a calendar day, a duration in minutes on quarter hours, the answer. */
import Joi from 'joi';
import { unavailableReasons } from '@resuelve/contract';
import { calendarDate } from '../../lib/calendar-date.ts';
import { defaultSlotMinutes, maxAvailabilityDays } from './service.ts';

/** Minutes, at least a quarter hour, in quarter-hour steps (DESIGN.md §5), at most a day. */
const duration = Joi.number().integer().min(15).max(24 * 60).multiple(15).default(defaultSlotMinutes);

export interface AvailabilityQuery {
  date?: string;
  duration: number;
}

export interface AvailabilityDaysQuery {
  from?: string;
  days: number;
  duration: number;
}

export const availabilityQuery = Joi.object<AvailabilityQuery>({ date: calendarDate, duration });

export const availabilityDaysQuery = Joi.object<AvailabilityDaysQuery>({
  from: calendarDate,
  days: Joi.number().integer().min(1).max(maxAvailabilityDays).default(30),
  duration,
});

const slot = Joi.object({ start: Joi.string().isoDate().required(), end: Joi.string().isoDate().required() }).label('Slot');

export const dayAvailability = Joi.object({
  date: Joi.string().required(),
  duration: Joi.number().integer().required(),
  timezone: Joi.string().required(),
  slots: Joi.array().items(slot).required(),
  reason: Joi.string().valid(...unavailableReasons).allow(null).required(),
}).label('DayAvailability');

export const daysAvailability = Joi.object({ items: Joi.array().items(dayAvailability).required() }).label('DaysAvailability');
