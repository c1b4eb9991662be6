/**
 * The waitlist (SPEC.md §3, §6, §7; decision record 0025). A signup answers the same whether the
 * address is new or already listed, so the answer reveals nothing; only the address's owner learns
 * more, by the email (a new link while unconfirmed). Administrators read, change and delete.
 */
import type { Knex } from 'knex';
import { waitlistLimits, type Locale, type WaitlistPage, type WaitlistSignup, type WaitlistSignupChanges, type WaitlistSignupInput, type WaitlistStats } from '@resuelve/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { csvText } from '../../lib/csv.ts';
import { hit } from '../../lib/rate-limits.ts';
import { hashToken, newToken } from '../auth/index.ts';
import { sendConfirmation } from './notices.ts';
import {
  confirmByToken,
  deleteSignupRow,
  insertSignup,
  setConfirmToken,
  signupByEmail,
  signupCount,
  signupRows,
  signupStats,
  toSignup,
  unknownPlace,
  updateSignup,
} from './repository.ts';
import type { SignupFilters, SignupPageQuery } from './schemas.ts';

export type WaitlistContext = Pick<AppContext, 'knex' | 'clock' | 'senders' | 'config'>;

/** A municipality and categories must be ones the product knows (400 with the field). */
async function checkPlaces(db: Knex, input: { municipality?: string | null; categories?: string[] }): Promise<void> {
  const unknown = await unknownPlace(db, input);
  if (unknown) throw new AppError('validation_failed', `Unknown ${unknown}`, { details: { [unknown]: 'not_allowed' } });
}

/** A new confirmation token on the signup, and the email with its link (a failure to send is logged, never answered). */
async function mailLink(context: WaitlistContext, signup: { id: string; email: string; locale: Locale }, now: Date, onError: (error: unknown) => void) {
  const allowed = await hit(context.knex, `mail:waitlist:${signup.email.toLowerCase()}`, waitlistLimits.confirmMailsPerHour, 3600);
  if (!allowed.allowed) return;
  const token = newToken();
  await setConfirmToken(context.knex, signup.id, hashToken(token), new Date(now.getTime() + waitlistLimits.confirmLinkHours * 3_600_000));
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
  const inserted = await insertSignup(context.knex, input, now);
  if (inserted) return mailLink(context, inserted, now, onError);
  // Already listed: a new link while unconfirmed (in the language they signed up in); nothing else changes.
  const existing = await signupByEmail(context.knex, input.email);
  if (existing && !existing.verified_at) await mailLink(context, existing, now, onError);
}

/** POST /waitlist/verify: the link's token confirms the address; opening it again answers the same. */
export async function verifyWaitlistSignup(context: Pick<AppContext, 'knex' | 'clock'>, token: string): Promise<void> {
  if (!(await confirmByToken(context.knex, hashToken(token), context.clock.now()))) {
    throw new AppError('waitlist_link_invalid', 'This confirmation link is not valid or has expired');
  }
}

/** GET /waitlist/signups: newest first. */
export async function listSignups(db: Knex, filters: SignupPageQuery): Promise<WaitlistPage> {
  const [rows, total] = await Promise.all([signupRows(db, filters, filters.limit, filters.offset), signupCount(db, filters)]);
  return { items: rows.map(toSignup), total };
}

export const csvHeader = ['email', 'name', 'role', 'municipality', 'categories', 'locale', 'verified_at', 'created_at'];

/** GET /waitlist/signups/export: the filtered signups as CSV, newest first. */
export async function exportSignups(db: Knex, filters: SignupFilters): Promise<string> {
  const rows = await signupRows(db, filters, waitlistLimits.exportMaxRows);
  const lines = rows.map((row) => [row.email, row.name ?? '', row.role, row.municipality_slug ?? '', row.categories.join(' '), row.locale, row.verified_at?.toISOString() ?? '', row.created_at.toISOString()]);
  return csvText([csvHeader, ...lines]);
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
  const row = await updateSignup(context.knex, id, update);
  if (!row) throw notFound();
  return toSignup(row);
}

/** DELETE /waitlist/signups/{id}. */
export async function deleteSignup(db: Knex, id: string): Promise<void> {
  if (!(await deleteSignupRow(db, id))) throw notFound();
}

/** GET /waitlist/stats: totals, by role, the most asked-for places and trades, signups per day for 30 days. */
export function waitlistStats(db: Knex, now: Date): Promise<WaitlistStats> {
  return signupStats(db, now);
}
