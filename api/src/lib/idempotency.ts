/**
 * Idempotency-Key (DESIGN.md §3) for a route that creates something: the same key with the same
 * body answers the first answer; the same key with another body is 422 idempotency_key_reused. The
 * key row is written first in the creating transaction, so a concurrent repeat waits on it and then
 * replays the committed answer. Failures roll the row back with everything else: a failed request
 * may be retried with its key.
 */
import { createHash } from 'node:crypto';
import type { Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import Joi from 'joi';
import type { Knex } from 'knex';
import { limits } from '@resuelve/contract';
import { AppError } from './errors.ts';

/** The optional header, checked by the route's `validate.headers`. */
export const idempotencyHeaders = Joi.object({
  'idempotency-key': Joi.string().min(1).max(limits.idempotencyKeyMaxLength).pattern(/^[\x21-\x7e]+$/),
}).unknown(true);

export function idempotencyKeyOf(request: Request): string | undefined {
  return request.headers['idempotency-key'] as string | undefined;
}

export interface Answer<T> {
  status: number;
  body: T;
}

export interface KeyedAnswer<T> extends Answer<T> {
  /** This is the first answer again (the header `Idempotent-Replayed: true` says so). */
  replayed: boolean;
}

/** The answer with its status, marked when it repeats the first one. */
export function respondOnce<T>(h: ResponseToolkit, answer: KeyedAnswer<T>): ResponseObject {
  const response = h.response(answer.body as object).code(answer.status);
  if (answer.replayed) response.header('Idempotent-Replayed', 'true');
  return response;
}

/** JSON with object keys sorted, so the same body hashes the same whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function requestHash(scope: string, body: unknown): string {
  return createHash('sha256').update(`${scope}\n${canonical(body)}`).digest('base64url');
}

interface KeyRow {
  request_hash: string;
  response_status: number | null;
  response_body: unknown;
}

export interface KeyedRequest {
  userId: string;
  key: string | undefined;
  /** Names the route, so one key sent to two routes counts as two bodies. */
  scope: string;
  body: unknown;
  now: Date;
  /** The status a success answers (201 for a creation, 200 for a change). */
  status: number;
}

/** Runs `create` in a transaction, once per (user, key). Without a key it simply runs. */
export async function onceForKey<T>(knex: Knex, request: KeyedRequest, create: (trx: Knex.Transaction) => Promise<T>): Promise<KeyedAnswer<T>> {
  const { status } = request;
  if (!request.key) return { status, body: await knex.transaction(create), replayed: false };
  const hash = requestHash(request.scope, request.body);
  const created = await knex.transaction(async (trx) => {
    const claimed = await trx('idempotency_keys')
      .insert({ user_id: request.userId, key: request.key, request_hash: hash, created_at: request.now })
      .onConflict(['user_id', 'key'])
      .ignore()
      .returning('key');
    if (claimed.length === 0) return null;
    const body = await create(trx);
    await trx('idempotency_keys')
      .where({ user_id: request.userId, key: request.key })
      .update({ response_status: status, response_body: JSON.stringify(body) });
    return body;
  });
  if (created !== null) return { status, body: created, replayed: false };
  const first = (await knex('idempotency_keys').where({ user_id: request.userId, key: request.key }).first()) as KeyRow | undefined;
  if (!first || first.request_hash !== hash || first.response_status === null) {
    throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used with another request');
  }
  return { status: first.response_status, body: first.response_body as T, replayed: true };
}
