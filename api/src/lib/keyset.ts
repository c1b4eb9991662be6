/**
 * Keyset pages ordered by an instant and a uuid (jobs by their start, conversations by their last
 * activity): the cursor is the last row's pair, opaque to clients; a cursor that is not one is
 * 400 validation_failed, never a 500. And LIKE patterns for the lists' text filters.
 */
import { AppError } from './errors.ts';

export interface TimeCursor {
  at: string;
  id: string;
}

export function encodeTimeCursor(cursor: TimeCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

export function decodeTimeCursor(text: string): TimeCursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof at === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(at)) && /^[0-9a-f-]{36}$/i.test(id)) return { at, id };
  } catch {
    // falls through to the validation error
  }
  throw new AppError('validation_failed', 'Invalid cursor', { details: { cursor: 'invalid_format' } });
}

/** `%text%` with LIKE's wildcards escaped, so a typed % or _ matches itself. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
