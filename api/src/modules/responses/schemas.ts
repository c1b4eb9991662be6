/** joi for response times, from contract's response-times.ts. */
import Joi from 'joi';
import { responseBuckets, type ResponseTimeSummary } from '@resuelve/contract';

/** GET /providers/me/response-time. */
export const responseTimeSummarySchema = Joi.object<ResponseTimeSummary>({
  median_minutes: Joi.number().integer().min(0).allow(null).required().description('Business minutes; null below minimum_cases'),
  bucket: Joi.string().valid(...responseBuckets).allow(null).required(),
  cases: Joi.number().integer().min(0).required(),
  minimum_cases: Joi.number().integer().required(),
  window_days: Joi.number().integer().required(),
  waiting: Joi.number().integer().min(0).required().description('Booking requests still waiting for a first answer'),
  oldest_waiting: Joi.object({
    job_id: Joi.string().guid().required(),
    since: Joi.string().isoDate().required(),
    business_minutes: Joi.number().integer().min(0).required(),
  })
    .allow(null)
    .required(),
}).label('ResponseTimeSummary');
