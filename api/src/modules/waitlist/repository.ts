/** The waitlist's rows: SQL and the row → contract mapper; the rules are in service.ts. */
import type { Knex } from 'knex';
import type { Locale, WaitlistRole, WaitlistSignup, WaitlistSignupInput, WaitlistStats } from '@resuelve/contract';
import { likePattern } from '../../lib/keyset.ts';
import type { SignupFilters } from './schemas.ts';

export interface SignupRow {
  id: string;
  email: string;
  name: string | null;
  role: WaitlistRole;
  municipality_slug: string | null;
  categories: string[];
  locale: Locale;
  verified_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const columns = ['id', 'email', 'name', 'role', 'municipality_slug', 'categories', 'locale', 'verified_at', 'created_at', 'updated_at'];

export function toSignup(row: SignupRow): WaitlistSignup {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    municipality: row.municipality_slug,
    categories: row.categories,
    locale: row.locale,
    verified: row.verified_at !== null,
    verified_at: row.verified_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The first of a municipality and categories the product does not know, if any. */
export async function unknownPlace(db: Knex, input: { municipality?: string | null; categories?: string[] }): Promise<'municipality' | 'categories' | null> {
  if (input.municipality && !(await db('municipalities').where({ slug: input.municipality }).first('slug'))) return 'municipality';
  if (input.categories?.length) {
    const found = (await db('categories').whereIn('slug', input.categories).count<{ count: string }[]>('* as count'))[0]!;
    if (Number(found.count) !== input.categories.length) return 'categories';
  }
  return null;
}

type LinkTarget = Pick<SignupRow, 'id' | 'email' | 'locale'>;

/** A new signup, or undefined when the address is listed already (nothing is duplicated). */
export async function insertSignup(db: Knex, input: WaitlistSignupInput, now: Date): Promise<LinkTarget | undefined> {
  const [inserted] = (await db('waitlist_signups')
    .insert({
      email: input.email,
      name: input.name || null,
      role: input.role,
      municipality_slug: input.municipality ?? null,
      categories: input.categories ?? [],
      locale: input.locale,
      created_at: now,
      updated_at: now,
    })
    .onConflict('email')
    .ignore()
    .returning(['id', 'email', 'locale'])) as LinkTarget[];
  return inserted;
}

export async function signupByEmail(db: Knex, email: string): Promise<(LinkTarget & Pick<SignupRow, 'verified_at'>) | undefined> {
  return (await db('waitlist_signups').where({ email }).first('id', 'email', 'locale', 'verified_at')) as (LinkTarget & Pick<SignupRow, 'verified_at'>) | undefined;
}

export async function setConfirmToken(db: Knex, id: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db('waitlist_signups').where({ id }).update({ token_hash: tokenHash, token_expires_at: expiresAt });
}

/** Confirms the signup whose token this is (unexpired, or confirmed already); its id, or undefined. */
export async function confirmByToken(db: Knex, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = (await db('waitlist_signups')
    .where({ token_hash: tokenHash })
    .where((q) => q.whereNotNull('verified_at').orWhere('token_expires_at', '>', now))
    .update({ verified_at: db.raw('coalesce(verified_at, ?)', [now]), updated_at: now })
    .returning('id')) as { id: string }[];
  return row?.id;
}

function filtered(db: Knex, filters: SignupFilters): Knex.QueryBuilder {
  const query = db('waitlist_signups');
  if (filters.role) query.where({ role: filters.role });
  if (filters.verified !== undefined) query.where((q) => (filters.verified ? q.whereNotNull('verified_at') : q.whereNull('verified_at')));
  if (filters.q) {
    const pattern = likePattern(filters.q);
    query.where((q) => q.whereILike('email', pattern).orWhereILike('name', pattern));
  }
  return query;
}

/** The filtered signups, newest first, at most `limit` from `offset`. */
export async function signupRows(db: Knex, filters: SignupFilters, limit: number, offset = 0): Promise<SignupRow[]> {
  return (await filtered(db, filters).orderBy('created_at', 'desc').orderBy('id').limit(limit).offset(offset).select(columns)) as SignupRow[];
}

export async function signupCount(db: Knex, filters: SignupFilters): Promise<number> {
  const [count] = await filtered(db, filters).count<{ count: string }[]>('* as count');
  return Number(count!.count);
}

/** Applies column changes; the changed row, or undefined for an unknown id. */
export async function updateSignup(db: Knex, id: string, update: Record<string, unknown>): Promise<SignupRow | undefined> {
  const [row] = (await db('waitlist_signups').where({ id }).update(update).returning(columns)) as SignupRow[];
  return row;
}

/** Whether a signup was there to delete. */
export async function deleteSignupRow(db: Knex, id: string): Promise<boolean> {
  return (await db('waitlist_signups').where({ id }).delete()) > 0;
}

/** Totals, by role, the most asked-for places and trades, signups per day for the 30 days up to `now`. */
export async function signupStats(db: Knex, now: Date): Promise<WaitlistStats> {
  const [totals, municipalities, categories, days] = await Promise.all([
    db('waitlist_signups').first(
      db.raw('count(*)::int AS total'),
      db.raw('(count(*) FILTER (WHERE verified_at IS NOT NULL))::int AS verified'),
      db.raw(`(count(*) FILTER (WHERE role = 'client'))::int AS client`),
      db.raw(`(count(*) FILTER (WHERE role = 'provider'))::int AS provider`),
    ),
    db('waitlist_signups').whereNotNull('municipality_slug').groupBy('municipality_slug').orderBy([{ column: 'count', order: 'desc' }, 'slug']).limit(10)
      .select('municipality_slug as slug', db.raw('count(*)::int AS count')),
    db.raw(`SELECT c AS slug, count(*)::int AS count FROM waitlist_signups, unnest(categories) c GROUP BY c ORDER BY count DESC, c LIMIT 10`),
    db.raw(
      `SELECT to_char(d, 'YYYY-MM-DD') AS day, count(w.id)::int AS count
       FROM generate_series((?::timestamptz AT TIME ZONE 'UTC')::date - 29, (?::timestamptz AT TIME ZONE 'UTC')::date, interval '1 day') d
       LEFT JOIN waitlist_signups w ON (w.created_at AT TIME ZONE 'UTC')::date = d::date
       GROUP BY d ORDER BY d`,
      [now, now],
    ),
  ]);
  const t = totals as { total: number; verified: number; client: number; provider: number };
  return {
    total: t.total,
    verified: t.verified,
    by_role: { client: t.client, provider: t.provider },
    top_municipalities: municipalities as { slug: string; count: number }[],
    top_categories: (categories as { rows: { slug: string; count: number }[] }).rows,
    per_day: (days as { rows: { day: string; count: number }[] }).rows,
  };
}
