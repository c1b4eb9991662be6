/**
 * Keyset pagination (DESIGN.md §3): a cursor carries the sort key values of the last row shown
 * and its id, so the next page starts strictly after it. Rows inserted or re-ranked meanwhile
 * cannot make a page repeat or skip a row the way an offset would.
 */
import { AppError } from '../../lib/errors.ts';

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
  return Buffer.from(JSON.stringify([cursor.sort, cursor.values, cursor.id])).toString('base64url');
}

const invalidCursor = () => new AppError('validation_failed', 'The cursor is not one this search gave', { details: { cursor: 'invalid_format' } });

/** The cursor of a previous page of the same sort, or a 400 for anything else. */
export function decodeCursor(text: string, sort: string, keyCount: number): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalidCursor();
  const [cursorSort, values, id] = parsed as unknown[];
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
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

export const unreadableCursor = invalidCursor;
