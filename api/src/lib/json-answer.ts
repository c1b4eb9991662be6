/**
 * An answer already written as JSON (a kept answer, a search written from kept card fragments) as
 * the route's answer: sent as it is in production; parsed back where the server checks answers
 * against their schema (development and tests, RESPONSE_VALIDATION_PERCENT), so the check still
 * runs on exactly what would be sent.
 */
import type { ResponseObject, ResponseToolkit } from '@hapi/hapi';
import type { Config } from '../config.ts';

export function jsonAnswer(config: Pick<Config, 'responseValidationPercent'>, h: ResponseToolkit, json: string): ResponseObject | unknown {
  if (config.responseValidationPercent > 0) return JSON.parse(json) as unknown;
  return h.response(json).type('application/json; charset=utf-8');
}
