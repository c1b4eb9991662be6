/** joi for recurring jobs (contract series.ts): the series asked for, its preview, its answers. */
import Joi from 'joi';
import { jobLimits, seriesConflicts, seriesEveryWeeks, seriesLimits, type NewSeries, type NewSeriesBooking, type SeriesAccept, type SeriesCancel } from '@resuelve/contract';
import { schemas } from '../../../lib/validation.ts';
import { hours, jobSchema, newBookingBody } from '../schemas.ts';

/**
 * Any whole number of visits passes the shape: one past `seriesLimits.maxVisits` is refused by
 * the service with its own code (series_too_long), as a far `until` is.
 */
const seriesFields = {
  every_weeks: Joi.number().valid(...seriesEveryWeeks).required(),
  visits: Joi.number().integer().min(seriesLimits.minVisits).max(100_000),
  until: Joi.string()
    .pattern(/^\d{4}-\d{2}-\d{2}$/)
    .custom((value: string, helpers) => (Number.isNaN(Date.parse(value)) ? helpers.error('any.invalid') : value)),
};

export const newSeriesBody = (newBookingBody as Joi.ObjectSchema).keys(seriesFields).xor('visits', 'until').label('NewSeries') as Joi.ObjectSchema<NewSeries>;

export const newSeriesBookingBody = (newBookingBody as Joi.ObjectSchema)
  .keys({ ...seriesFields, skip: Joi.array().items(Joi.number().integer().min(1).max(seriesLimits.maxVisits)).unique().max(seriesLimits.maxVisits).default([]) })
  .xor('visits', 'until')
  .label('NewSeriesBooking') as Joi.ObjectSchema<NewSeriesBooking>;

const seriesVisitSchema = Joi.object({
  visit: Joi.number().integer().required(),
  scheduled_start: Joi.string().required(),
  scheduled_end: Joi.string().required(),
  conflict: Joi.string()
    .valid(...seriesConflicts)
    .allow(null)
    .required(),
}).label('SeriesVisit');

export const seriesPreviewSchema = Joi.object({
  every_weeks: Joi.number().valid(...seriesEveryWeeks).required(),
  visits: Joi.array().items(seriesVisitSchema).required(),
}).label('SeriesPreview');

export const seriesBookedSchema = Joi.object({ series_id: Joi.string().required(), jobs: Joi.array().items(jobSchema).required() }).label('SeriesBooked');

export const seriesJobsSchema = Joi.object({ jobs: Joi.array().items(jobSchema).required() }).label('SeriesJobs');

export const seriesAcceptBody = Joi.object<SeriesAccept>({ estimated_hours: hours }).allow(null).label('SeriesAccept');

export const seriesCancelBody = Joi.object<SeriesCancel>({
  from_job_id: schemas.uuid.required(),
  reason: Joi.string().trim().max(jobLimits.reasonMaxLength).allow(''),
  expected_fee_cents: Joi.number().integer().min(0).max(100_000_000),
}).label('SeriesCancel');
