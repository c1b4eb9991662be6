/** The client tables as read and written: the own profile, the records others may see, interests. */
import type { Knex } from 'knex';
import type { ClientProfile } from '@resuelve/contract';
import { AppError } from '../../lib/errors.ts';

/** The verified number only; a number still being verified is not the person's phone yet. */
const verifiedPhone = 'CASE WHEN p.phone_verified_at IS NOT NULL THEN p.phone_number END AS phone';
const interestSlugs = `COALESCE((
  SELECT array_agg(cat.slug ORDER BY cat.sort_order) FROM client_interests ci
  JOIN categories cat ON cat.id = ci.category_id WHERE ci.client_id = p.id), '{}') AS interested_services`;

export async function readClientProfile(db: Knex, userId: string): Promise<ClientProfile> {
  const row = await db('profiles as p')
    .leftJoin('client_profiles as c', 'c.id', 'p.id')
    .where('p.id', userId)
    .first(
      'p.id',
      'p.first_name',
      'p.last_name',
      db.raw(`to_char(c.birth_date, 'YYYY-MM-DD') AS birth_date`),
      db.raw(verifiedPhone),
      'c.address',
      'c.city',
      'c.state',
      'c.zip_code',
      db.raw(`COALESCE(c.preferred_contact, 'email') AS preferred_contact`),
      db.raw(interestSlugs),
    );
  if (!row) throw new AppError('unauthorized', 'Account not found');
  return row as ClientProfile;
}


export async function missingForClient(db: Knex, userId: string): Promise<string[]> {
  const row = await db('profiles as p')
    .leftJoin('client_profiles as c', 'c.id', 'p.id')
    .where('p.id', userId)
    .first('p.first_name', 'p.last_name', 'c.birth_date', 'c.address', 'c.city', 'c.state', 'c.zip_code');
  return ['first_name', 'last_name', 'birth_date', 'address', 'city', 'state', 'zip_code'].filter((field) => !row?.[field]);
}

/** The clients `viewer` may see: admins all, a provider those linked to them by a job. */
export function visibleClients(db: Knex, viewer: { id: string; isAdmin: boolean }) {
  const query = db('client_profiles as c')
    .join('profiles as p', 'p.id', 'c.id')
    .join('users as u', 'u.id', 'p.id')
    .where('p.is_contractor', false);
  if (!viewer.isAdmin) {
    query.whereExists((links) =>
      links.select(db.raw('1')).from('provider_client_links as l').where('l.provider_id', viewer.id).whereRaw('l.client_id = c.id'),
    );
  }
  return query;
}

export function selectRecords(db: Knex, query: Knex.QueryBuilder) {
  return query.select(
    'c.id',
    'u.email',
    'p.first_name',
    'p.last_name',
    'p.display_name',
    'p.avatar_url',
    db.raw(verifiedPhone),
    'c.address',
    'c.city',
    'c.state',
    'c.zip_code',
    'c.preferred_contact',
    db.raw(interestSlugs),
    'p.is_onboarded',
  );
}


/** Ids of these slugs among the categories of the client interest list. */
export async function interestCategoryIds(db: Knex, slugs: string[]): Promise<number[]> {
  return slugs.length ? db('categories').whereIn('slug', slugs).where('is_interest', true).pluck<number[]>('id') : [];
}

export async function replaceInterests(trx: Knex.Transaction, clientId: string, categoryIds: number[]): Promise<void> {
  await trx('client_interests').where({ client_id: clientId }).delete();
  if (categoryIds.length) await trx('client_interests').insert(categoryIds.map((id) => ({ client_id: clientId, category_id: id })));
}

/** The client profile row made or changed with these columns. */
export async function saveClientColumns(trx: Knex.Transaction, clientId: string, columns: Record<string, unknown>, now: Date): Promise<void> {
  await trx('client_profiles')
    .insert({ id: clientId, ...columns, created_at: now, updated_at: now })
    .onConflict('id')
    .merge({ ...columns, updated_at: now });
}
