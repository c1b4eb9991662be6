/** joi for earlier-slot alerts, built from contract slot-alerts.ts. */
import Joi from 'joi';
import { slotAlertLimits, slotAlertStatuses, type NewSlotAlert } from '@resuelve/contract';
import { calendarDate } from '../../lib/calendar-date.ts';
import { schemas } from '../../lib/validation.ts';

export const newSlotAlertBody = Joi.object<NewSlotAlert>({
  provider_id: schemas.uuid.required(),
  date: calendarDate.required(),
  duration_minutes: Joi.number().integer().min(slotAlertLimits.minMinutes).max(slotAlertLimits.maxMinutes).multiple(15),
}).label('NewSlotAlert');

export const slotAlertsQuery = Joi.object<{ provider_id?: string }>({ provider_id: schemas.uuid });

export const slotAlertSchema = Joi.object({
  id: Joi.string().required(),
  provider_id: Joi.string().required(),
  provider_name: Joi.string().required(),
  date: Joi.string().required(),
  duration_minutes: Joi.number().integer().required(),
  status: Joi.string().valid(...slotAlertStatuses).required(),
  created_at: Joi.string().isoDate().required(),
  notified_at: Joi.string().isoDate().allow(null).required(),
}).label('SlotAlert');

export const slotAlertList = Joi.object({ items: Joi.array().items(slotAlertSchema).required() }).label('SlotAlertList');
