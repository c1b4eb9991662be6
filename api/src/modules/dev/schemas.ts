import Joi from 'joi';
import { backgroundJobNames, type BackgroundJobName } from '../../background/index.ts';
import { schemas } from '../../lib/validation.ts';

export const clockState = Joi.object({ now: Joi.string(), offset_seconds: Joi.number() }).label('DevClock');

/** Forward by seconds, to a moment (a browser journey's fixed morning), or back to real time. */
export const moveClockPayload = Joi.object<{ advance_seconds?: number; to?: Date; reset?: boolean }>({
  advance_seconds: Joi.number().integer().min(1).max(400 * 86_400),
  to: Joi.date().iso().min('2000-01-01').max('2100-01-01'),
  reset: Joi.boolean(),
})
  .or('advance_seconds', 'to', 'reset')
  .oxor('to', 'reset');

export const backgroundParams = Joi.object<{ name: BackgroundJobName }>({ name: Joi.string().valid(...backgroundJobNames).required() });

export const backgroundRun = Joi.object({ name: Joi.string(), count: Joi.number().integer() }).label('DevBackgroundRun');

const outboxItem = Joi.object({
  id: Joi.string(),
  channel: Joi.string().valid('email', 'sms'),
  to: Joi.string(),
  subject: Joi.string().allow(null),
  body: Joi.string().allow(''),
  links: Joi.array().items(Joi.string()),
  codes: Joi.array().items(Joi.string()),
  created_at: Joi.string(),
}).label('OutboxMessage');

export const outboxQuery = Joi.object<{ to?: string; limit: number }>({
  to: Joi.string().trim().max(254).allow(''),
  limit: schemas.limit.default(50),
});

export const outboxPage = Joi.object({ items: Joi.array().items(outboxItem) });
