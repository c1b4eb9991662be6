/**
 * Keyset pages (DESIGN.md §3), one cursor for every list: a cursor carries the sort key values of
 * the last row shown and its id, so the next page starts strictly after it. Rows inserted or
 * re-ranked meanwhile cannot make a page repeat or skip a row the way an offset would. The cursor
 * is opaque to clients (base64url of JSON); one that is not one this api gave is 400
 * validation_failed, never a 500.
 *
 * Two forms: a time cursor (jobs by their start, conversations by their last activity, a ledger by
 * its entries: one instant and a uuid), and a sorted cursor for lists with a choice of order
 * (search, reviews): the sort's name, its keys' values as PostgreSQL writes them, and the id, with
 * the SQL that continues the order (`afterCursor`, `orderBy`). And LIKE patterns for the lists'
 * text filters.
 */
import { AppError } from './errors.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalidCursor = () => new AppError('validation_failed', 'Invalid cursor', { details: { cursor: 'invalid_format' } });

/** A cursor's JSON as text a client carries. */
function encode(parts: unknown[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** The JSON array a cursor carries, or a 400 for anything else. */
function decode(text: string, length: number): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== length) throw invalidCursor();
  return parsed as unknown[];
}

export interface TimeCursor {
  at: string;
  id: string;
}

export function encodeTimeCursor(cursor: TimeCursor): string {
  return encode([cursor.at, cursor.id]);
}

export function decodeTimeCursor(text: string): TimeCursor {
  const [at, id] = decode(text, 2);
  if (typeof at !== 'string' || typeof id !== 'string' || Number.isNaN(Date.parse(at)) || !uuid.test(id)) throw invalidCursor();
  return { at, id };
}

/** One column of an order: its SQL, its type for the cursor's text, direction, whether it can be null. */
export interface SortKey {
  sql: string;
  type: 'numeric' | 'integer' | 'timestamptz';
  descending: boolean;
  /** Nulls always sort last. */
  nullable: boolean;
}

export interface Cursor {
  sort: string;
  values: (string | null)[];
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return encode([cursor.sort, cursor.values, cursor.id]);
}

/** The cursor of a previous page of the same sort, or a 400 for anything else. */
export function decodeCursor(text: string, sort: string, keyCount: number): Cursor {
  const [cursorSort, values, id] = decode(text, 3);
  const valuesOk = Array.isArray(values) && values.length === keyCount && values.every((v) => v === null || (typeof v === 'string' && v.length <= 64));
  if (cursorSort !== sort || !valuesOk || typeof id !== 'string' || !uuid.test(id)) throw invalidCursor();
  return { sort, values: values as (string | null)[], id };
}

/**
 * "Strictly after the cursor" in the order of `keys` then id ascending, as SQL with positional
 * bindings. Cursor values are parsed by PostgreSQL itself (cast to the key's type), so a value
 * that is not one fails there and is reported as a bad cursor by the caller.
 */
export function afterCursor(keys: SortKey[], cursor: Cursor, idSql: string): { sql: string; bindings: unknown[] } {
  const alternatives: string[] = [];
  const bindings: unknown[] = [];
  const equalSoFar: { sql: string; bindings: unknown[] }[] = [];
  keys.forEach((key, index) => {
    const value = cursor.values[index] ?? null;
    const after = strictlyAfter(key, value);
    if (after) {
      alternatives.push([...equalSoFar.map((e) => e.sql), after.sql].join(' AND '));
      bindings.push(...equalSoFar.flatMap((e) => e.bindings), ...after.bindings);
    }
    equalSoFar.push(value === null ? { sql: `(${key.sql}) IS NULL`, bindings: [] } : { sql: `(${key.sql}) = ?::${key.type}`, bindings: [value] });
  });
  alternatives.push([...equalSoFar.map((e) => e.sql), `${idSql} > ?::uuid`].join(' AND '));
  bindings.push(...equalSoFar.flatMap((e) => e.bindings), cursor.id);
  return { sql: `(${alternatives.map((a) => `(${a})`).join(' OR ')})`, bindings };
}

function strictlyAfter(key: SortKey, value: string | null): { sql: string; bindings: unknown[] } | null {
  // Nulls come last: nothing but other nulls follows a null, and every null follows a value.
  if (value === null) return null;
  const comparison = `(${key.sql}) ${key.descending ? '<' : '>'} ?::${key.type}`;
  return { sql: key.nullable ? `(${comparison} OR (${key.sql}) IS NULL)` : comparison, bindings: [value] };
}

/** ORDER BY of the same keys (and id), for the query that the cursor continues. */
export function orderBy(keys: SortKey[], idSql: string): string {
  return [...keys.map((key) => `${key.sql} ${key.descending ? 'DESC' : 'ASC'} NULLS LAST`), `${idSql} ASC`].join(', ');
}

/** Whether a database error is PostgreSQL failing to read a cursor value as its key's type. */
export function isUnreadableCursorValue(error: unknown): boolean {
  return ['22P02', '22007', '22008', '22003'].includes((error as { code?: string }).code ?? '');
}

/** The 400 for a cursor whose values PostgreSQL could not read (see isUnreadableCursorValue). */
export const unreadableCursor = invalidCursor;

/** `%text%` with LIKE's wildcards escaped, so a typed % or _ matches itself. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
