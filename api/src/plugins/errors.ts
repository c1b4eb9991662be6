/**
 * One translator for every failure (joi, not found, constraint, domain, unexpected) into
 * `{ error, status, code, details? }`. SQL text and stack traces never leave the server.
 */
import Boom from '@hapi/boom';
import type { Plugin, Request, ResponseObject } from '@hapi/hapi';
import Joi from 'joi';
import { errorStatus, type ApiErrorBody, type ErrorCode } from '@resuelve/contract';
import { AppError, defaultMessage } from '../lib/errors.ts';
import { isDatabaseUnavailable, pgErrorCodes, pgErrorOf } from '../lib/pg-errors.ts';
import { detailsOf } from '../lib/validation.ts';

interface Translated {
  code: ErrorCode;
  message: string;
  details?: Record<string, string>;
  headers?: Record<string, string>;
}

/**
 * The one place a database constraint becomes the product's error: a write that met one of these
 * (two people at once, where the service's own check could not see the other) answers its code.
 * Any other constraint is a plain 409 conflict.
 */
const constraintCodes: Record<string, ErrorCode> = {
  jobs_no_overlapping_held_time: 'slot_already_booked',
  job_time_extensions_one_pending: 'extension_pending',
  blocked_dates_provider_date_unique: 'date_already_blocked',
  profiles_phone_number_unique: 'phone_taken',
  reviews_one_per_job: 'review_already_given',
  verification_requests_one_pending: 'verification_pending',
};

const pgCodes: Record<string, ErrorCode> = {
  [pgErrorCodes.uniqueViolation]: 'conflict',
  [pgErrorCodes.exclusionViolation]: 'conflict',
  [pgErrorCodes.foreignKeyViolation]: 'conflict',
  '22P02': 'validation_failed', // invalid_text_representation
  '22001': 'validation_failed', // string_data_right_truncation
  '22003': 'validation_failed', // numeric_value_out_of_range
  '22007': 'validation_failed', // invalid_datetime_format
  '22008': 'validation_failed', // datetime_field_overflow
  '22021': 'validation_failed', // character_not_in_repertoire (a NUL byte in text)
  '22P05': 'validation_failed', // untranslatable_character
};

/** How long a client is asked to wait before it tries again when the database is away (a restart). */
const unavailableRetryAfterSeconds = '5';

function fromBoom(error: Boom.Boom, request: Request): Translated {
  const status = error.output.statusCode;
  const message = error.message;
  if (status === 404) {
    return (request.route.method as string) === 'notfound' || request.route.path === '/api/v1/{any*}'
      ? { code: 'route_not_found', message: 'No such route' }
      : { code: 'not_found', message };
  }
  if (status === 400 && /JSON/i.test(message)) return { code: 'invalid_json', message: 'Invalid JSON body' };
  if (status === 401) {
    return /expired/i.test(message)
      ? { code: 'token_expired', message: 'Access token expired' }
      : { code: 'unauthorized', message: 'Authentication required' };
  }
  if (status === 403) return { code: 'forbidden', message: 'Access denied' };
  if (status === 413) return { code: 'payload_too_large', message: 'Payload too large' };
  if (status === 415) return { code: 'unsupported_media_type', message: 'Unsupported media type' };
  if (status === 429) return { code: 'rate_limited', message: 'Too many requests' };
  if (status === 400) return { code: 'validation_failed', message: 'Invalid request' };
  if (status === 409) return { code: 'conflict', message };
  if (status === 503) return { code: 'service_unavailable', message: 'Service unavailable' };
  if (status >= 400 && status < 500) {
    const generic = Object.entries(errorStatus).find(([, s]) => s === status)?.[0] as ErrorCode | undefined;
    return { code: generic ?? 'validation_failed', message };
  }
  return { code: 'internal_error', message: 'Internal server error' };
}

export function translate(error: unknown, request: Request): Translated {
  if (error instanceof AppError) {
    return { code: error.code, message: error.message, details: error.details, headers: error.headers };
  }
  const cause = Boom.isBoom(error) && error.data instanceof Error ? error.data : error;
  if (cause instanceof AppError) return translate(cause, request);
  if (cause instanceof Joi.ValidationError) {
    return { code: 'validation_failed', message: 'Invalid request', details: detailsOf(cause) };
  }
  if (isDatabaseUnavailable(error)) return { code: 'service_unavailable', message: 'Service unavailable' };
  const refused = pgErrorOf(cause);
  const code = refused && ((refused.constraint && constraintCodes[refused.constraint]) || pgCodes[refused.code]);
  if (code) return { code, message: defaultMessage(code) };
  if (Boom.isBoom(error)) return fromBoom(error, request);
  return { code: 'internal_error', message: 'Internal server error' };
}

export const errorsPlugin: Plugin<void> = {
  name: 'errors',
  register(server) {
    server.ext('onPreResponse', (request, h) => {
      const response = request.response;
      if (!(response instanceof Error)) return h.continue;
      // Only api paths answer JSON errors; the web fallback handles the rest before this point.
      const translated = translate(response, request);
      const status = errorStatus[translated.code];
      if (status >= 500) {
        request.log(['error'], { code: translated.code, message: response.message, stack: response.stack });
      }
      const body: ApiErrorBody = { error: translated.message, status, code: translated.code };
      if (translated.details && Object.keys(translated.details).length) body.details = translated.details;
      const out: ResponseObject = h.response(body).code(status).type('application/json');
      const boomHeaders = Boom.isBoom(response) ? response.output.headers : {};
      const retryAfter = translated.code === 'service_unavailable' ? { 'Retry-After': unavailableRetryAfterSeconds } : {};
      for (const [name, value] of Object.entries({ ...boomHeaders, ...retryAfter, ...translated.headers })) {
        if (name.toLowerCase() === 'content-type' || value === undefined) continue;
        out.header(name, String(value));
      }
      return out;
    });
  },
};
