/** joi for "on my way" (contract on-my-way.ts): the arrival in minutes from now, or as a time of today. */
import Joi from 'joi';
import { onMyWayLimits, type OnMyWayRequest } from '@resuelve/contract';

/** POST /jobs/{id}/on-my-way: exactly one of the two ways to give the arrival. */
export const onMyWayBody = Joi.object<OnMyWayRequest>({
  arrival_minutes: Joi.number().integer().min(onMyWayLimits.minArrivalMinutes).max(onMyWayLimits.maxArrivalMinutes),
  arrival_time: Joi.string().pattern(/^([01]\d|2[0-3]):[0-5]\d$/).description('HH:MM, today on the provider\'s clock'),
})
  .xor('arrival_minutes', 'arrival_time')
  .label('OnMyWayRequest');

/** What a job answer says of its latest "on my way". */
export const jobOnMyWaySchema = Joi.object({ at: Joi.string().required(), arrival_at: Joi.string().required() }).label('JobOnMyWay');
