/** joi for what a job answer says of its recurring series (contract series.ts JobSeriesRef). */
import Joi from 'joi';
import { seriesEveryWeeks } from '@resuelve/contract';

/** What a job answer says of its series. */
export const jobSeriesRefSchema = Joi.object({
  id: Joi.string().required(),
  visit: Joi.number().integer().required(),
  visits: Joi.number().integer().required(),
  every_weeks: Joi.number().valid(...seriesEveryWeeks).required(),
}).label('JobSeriesRef');
