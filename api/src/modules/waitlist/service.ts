/**
 * The waitlist (SPEC.md §3, §6, §7; decision record 0025). A signup answers the same whether the
 * address is new or already listed, so the answer reveals nothing; only the address's owner learns
 * more, by the email (a new link while unconfirmed). Administrators read, change and delete.
 */
import type { Knex } from 'knex';
import {
  waitlistLimits,
  type Locale,
  type WaitlistPage,
  type WaitlistRole,
  type WaitlistSignup,
  type WaitlistSignupChanges,
  type WaitlistSignupInput,
  type WaitlistStats,
} from '@resuelve/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { likePattern } from '../../lib/keyset.ts';
import { hit } from '../../lib/rate-limits.ts';
import { hashToken, newToken } from '../auth/secrets.ts';
import { sendConfirmation } from './email.ts';

export type WaitlistContext = Pick<AppContext, 'knex' | 'clock' | 'senders' | 'config'>;

interface SignupRow {
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

function toSignup(row: SignupRow): WaitlistSignup {
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

const invalid = (field: string) => new AppError('validation_failed', `Unknown ${field}`, { details: { [field]: 'not_allowed' } });

/** A municipality and categories must be ones the product knows (400 with the field). */
async function checkPlaces(db: Knex, input: { municipality?: string | null; categories?: string[] }): Promise<void> {
  if (input.municipality && !(await db('municipalities').where({ slug: input.municipality }).first('slug'))) throw invalid('municipality');
  if (input.categories?.length) {
    const found = (await db('categories').whereIn('slug', input.categories).count<{ count: string }[]>('* as count'))[0]!;
    if (Number(found.count) !== input.categories.length) throw invalid('categories');
  }
}

/** A new confirmation token on the signup, and the email with its link (a failure to send is logged, never answered). */
async function mailLink(context: WaitlistContext, signup: { id: string; email: string; locale: Locale }, now: Date, onError: (error: unknown) => void) {
  const allowed = await hit(context.knex, `mail:waitlist:${signup.email.toLowerCase()}`, waitlistLimits.confirmMailsPerHour, 3600);
  if (!allowed.allowed) return;
  const token = newToken();
  await context.knex('waitlist_signups')
    .where({ id: signup.id })
    .update({ token_hash: hashToken(token), token_expires_at: new Date(now.getTime() + waitlistLimits.confirmLinkHours * 3_600_000) });
  try {
    await sendConfirmation({ mailer: context.senders.mail, localesDir: context.config.localesDir }, signup.email, signup.locale, {
      link: `${context.config.publicUrl}/waitlist/confirm?token=${token}`,
      hours: waitlistLimits.confirmLinkHours,
    });
  } catch (error) {
    onError(error);
  }
}

/** POST /waitlist/signup: 201 for a new address and for one already listed (nothing duplicated). */
export async function signUpForWaitlist(context: WaitlistContext, input: WaitlistSignupInput, onError: (error: unknown) => void): Promise<void> {
  const now = context.clock.now();
  await checkPlaces(context.knex, input);
  const [inserted] = (await context.knex('waitlist_signups')
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
    .returning(['id', 'email', 'locale'])) as Pick<SignupRow, 'id' | 'email' | 'locale'>[];
  if (inserted) return mailLink(context, inserted, now, onError);
  // Already listed: a new link while unconfirmed (in the language they signed up in); nothing else changes.
  const existing = (await context.knex('waitlist_signups').where({ email: input.email }).first('id', 'email', 'locale', 'verified_at')) as
    | Pick<SignupRow, 'id' | 'email' | 'locale' | 'verified_at'>
    | undefined;
  if (existing && !existing.verified_at) await mailLink(context, existing, now, onError);
}

/** POST /waitlist/verify: the link's token confirms the address; opening it again answers the same. */
export async function verifyWaitlistSignup(context: Pick<AppContext, 'knex' | 'clock'>, token: string): Promise<void> {
  const now = context.clock.now();
  const [row] = (await context.knex('waitlist_signups')
    .where({ token_hash: hashToken(token) })
    .where((q) => q.whereNotNull('verified_at').orWhere('token_expires_at', '>', now))
    .update({ verified_at: context.knex.raw('coalesce(verified_at, ?)', [now]), updated_at: now })
    .returning('id')) as { id: string }[];
  if (!row) throw new AppError('waitlist_link_invalid', 'This confirmation link is not valid or has expired');
}

export interface SignupFilters {
  role?: WaitlistRole;
  verified?: boolean;
  q?: string;
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

/** GET /waitlist/signups: newest first. */
export async function listSignups(db: Knex, filters: SignupFilters & { limit: number; offset: number }): Promise<WaitlistPage> {
  const [rows, [count]] = await Promise.all([
    filtered(db, filters).orderBy('created_at', 'desc').orderBy('id').limit(filters.limit).offset(filters.offset).select(columns),
    filtered(db, filters).count<{ count: string }[]>('* as count'),
  ]);
  return { items: (rows as SignupRow[]).map(toSignup), total: Number(count!.count) };
}

/** Spreadsheet cells that start like a formula are written as text, so a signup cannot run one. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvHeader = ['email', 'name', 'role', 'municipality', 'categories', 'locale', 'verified_at', 'created_at'];

/** GET /waitlist/signups/export: the filtered signups as CSV, newest first. */
export async function exportSignups(db: Knex, filters: SignupFilters): Promise<string> {
  const rows = (await filtered(db, filters).orderBy('created_at', 'desc').orderBy('id').limit(waitlistLimits.exportMaxRows).select(columns)) as SignupRow[];
  const lines = rows.map((row) =>
    [row.email, row.name ?? '', row.role, row.municipality_slug ?? '', row.categories.join(' '), row.locale, row.verified_at?.toISOString() ?? '', row.created_at.toISOString()]
      .map(csvCell)
      .join(','),
  );
  return `${[csvHeader.join(','), ...lines].join('\r\n')}\r\n`;
}

const notFound = () => new AppError('waitlist_signup_not_found', 'Waitlist signup not found');

/** PATCH /waitlist/signups/{id}. */
export async function changeSignup(context: Pick<AppContext, 'knex' | 'clock'>, id: string, changes: WaitlistSignupChanges): Promise<WaitlistSignup> {
  const now = context.clock.now();
  await checkPlaces(context.knex, changes);
  const { verified, municipality, name, ...rest } = changes;
  const update: Record<string, unknown> = { ...rest, updated_at: now };
  if (municipality !== undefined) update.municipality_slug = municipality;
  if (name !== undefined) update.name = name || null;
  if (verified !== undefined) update.verified_at = verified ? context.knex.raw('coalesce(verified_at, ?)', [now]) : null;
  const [row] = (await context.knex('waitlist_signups').where({ id }).update(update).returning(columns)) as SignupRow[];
  if (!row) throw notFound();
  return toSignup(row);
}

/** DELETE /waitlist/signups/{id}. */
export async function deleteSignup(db: Knex, id: string): Promise<void> {
  if (!(await db('waitlist_signups').where({ id }).delete())) throw notFound();
}

/** GET /waitlist/stats: totals, by role, the most asked-for places and trades, signups per day for 30 days. */
export async function waitlistStats(db: Knex, now: Date): Promise<WaitlistStats> {
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
