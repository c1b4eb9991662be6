/** The calendar_feeds table and the jobs a calendar shows, as read for one account. */
import type { Knex } from 'knex';
import { addressLineSql, contactSharedSql } from '../jobs/index.ts';
import { personNameSql } from '../profiles/index.ts';
import type { CalendarJob } from './service/ics.ts';

/** The account's feed token, made with `token` when it has none yet. */
export async function feedTokenOf(db: Knex, userId: string, token: string): Promise<string> {
  await db('calendar_feeds').insert({ user_id: userId, token }).onConflict('user_id').ignore();
  const row = await db('calendar_feeds').where({ user_id: userId }).first<{ token: string }>('token');
  return row.token;
}

export async function replaceFeedToken(db: Knex, userId: string, token: string, now: Date): Promise<void> {
  await db('calendar_feeds').insert({ user_id: userId, token, created_at: now }).onConflict('user_id').merge({ token, created_at: now });
}

/**
 * The feed's secret address ends with the account's sessions (password reset, suspension: decision
 * 0046): someone who read it before cannot go on reading the calendar. The next visit to Settings →
 * Calendar makes a new address. The caller gives the transaction.
 */
export async function endCalendarFeed(db: Knex, userId: string): Promise<void> {
  await db('calendar_feeds').where({ user_id: userId }).delete();
}

/** The account a feed token belongs to; none for an unknown token or a suspended account (its sessions answer nothing either). */
export async function feedOwner(db: Knex, token: string): Promise<string | null> {
  const feed = await db('calendar_feeds as f')
    .join('profiles as p', 'p.id', 'f.user_id')
    .where('f.token', token)
    .whereNull('p.suspended_at')
    .first<{ user_id: string } | undefined>('f.user_id');
  return feed?.user_id ?? null;
}

/** The other party's name: the client's for the provider, the company's for the client. */
const clientName = `coalesce(${personNameSql('cp')}, '')`;

export function jobsOf(knex: Knex, userId: string) {
  return knex('jobs as j')
    .join('providers as pr', 'pr.id', 'j.provider_id')
    .join('profiles as cp', 'cp.id', 'j.client_id')
    .leftJoin('client_profiles as cl', 'cl.id', 'j.client_id')
    .where((q) => q.where('j.client_id', userId).orWhere('j.provider_id', userId))
    .select(
      'j.id',
      'j.title',
      'j.description',
      'j.status',
      'j.scheduled_start',
      'j.scheduled_end',
      'j.location_type',
      'j.location_address',
      'j.client_id',
      'j.provider_id',
      'j.updated_at',
      'pr.business_address',
      // The provider's calendar holds the client's address only once the job is accepted (decision record 0030).
      knex.raw(`${contactSharedSql} AS contact_shared`),
      knex.raw(`${addressLineSql('cl', 'address')} AS client_address`),
      knex.raw(`CASE WHEN j.provider_id = ? THEN ${clientName} ELSE pr.company_name END AS with_name`, [userId]),
    );
}

export interface JobRowForCalendar extends Omit<CalendarJob, 'location' | 'link'> {
  location_type: string;
  location_address: string | null;
  business_address: string | null;
  contact_shared: boolean;
  client_address: string | null;
  client_id: string;
  provider_id: string;
}
