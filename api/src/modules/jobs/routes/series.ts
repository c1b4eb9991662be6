/** Recurring jobs (contract series.ts): the client's preview and booking of a series, reading it, the provider's accept of all of it, cancelling from a visit on. */
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { idempotencyHeaders, idempotencyKeyOf, respondOnce } from '../../../lib/idempotency.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { newSeriesBody, newSeriesBookingBody, seriesAcceptBody, seriesBookedSchema, seriesCancelBody, seriesJobsSchema, seriesPreviewSchema } from '../schemas/series.ts';
import { acceptSeries, bookSeries, cancelSeries, getSeries, previewSeries } from '../service/series.ts';

const seriesErrors = '400 series_too_long past the most visits a series has; 404 provider_not_found; 403 forbidden for a provider account.';

export const previewSeriesRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/jobs/series/preview',
    options: {
      description: 'A client sees every visit a series would have, each with the booking error it would meet (its conflict), nothing written',
      notes: seriesErrors,
      validate: { payload: newSeriesBody },
      response: { status: { 200: seriesPreviewSchema } },
    },
    handler: ({ payload }, request) => previewSeries(context, callerOf(request), payload),
  });

export const bookSeriesRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/jobs/series',
    options: {
      description: 'A client books a series: every visit but the skipped ones becomes a pending job, all in one transaction',
      notes: `${seriesErrors} 409 series_conflicts (details: visit number → conflict) when a visit not skipped cannot be booked now: nothing is written. Idempotency-Key as POST /jobs.`,
      validate: { payload: newSeriesBookingBody, headers: idempotencyHeaders },
      response: { status: { 201: seriesBookedSchema } },
    },
    handler: async ({ payload }, request, h) => respondOnce(h, await bookSeries(context, callerOf(request), payload, idempotencyKeyOf(request))),
  });

export const getSeriesRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/jobs/series/{id}',
    options: {
      description: "A series' booked visits in order, as the caller sees each job",
      notes: '404 series_not_found for anyone but its client, its provider or an admin.',
      validate: { params: idParams },
      response: { status: { 200: seriesJobsSchema } },
    },
    handler: ({ params }, request) => getSeries(context, params.id, callerOf(request)),
  });

export const acceptSeriesRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/jobs/series/{id}/accept',
    options: {
      description: 'The provider accepts every visit of the series still pending, each for the estimated hours (default: the hours asked)',
      notes: '403 forbidden for the client; 404 series_not_found for strangers; 409 invalid_transition when no visit is pending; 409 slot_already_booked when a longer estimate overlaps: nothing is accepted.',
      validate: { params: idParams, payload: seriesAcceptBody },
      response: { status: { 200: seriesJobsSchema } },
    },
    handler: ({ params, payload }, request) => acceptSeries(context, params.id, callerOf(request), payload),
  });

export const cancelSeriesRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/jobs/series/{id}/cancel',
    options: {
      description: 'A party cancels a visit and every later visit of the series they may still cancel (the provider declines those still pending)',
      notes: '404 series_not_found for strangers, job_not_found when from_job_id is not a visit of it; 409 invalid_transition when none can be cancelled; 409 cancellation_fee_changed when the fees differ from expected_fee_cents (details.fee_cents says the sum now).',
      validate: { params: idParams, payload: seriesCancelBody },
      response: { status: { 200: seriesJobsSchema } },
    },
    handler: ({ params, payload }, request) => cancelSeries(context, params.id, callerOf(request), payload),
  });
